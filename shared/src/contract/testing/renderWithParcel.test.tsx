import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link } from '@pos/shared/router';
import { useParcel } from '../lifecycles';
import { createFakeApi } from './fakeApi';
import { createRenderWithParcel, renderWithParcel } from './renderWithParcel';
import { adminViewer, cashierViewer } from './viewers';

function Probe() {
  const { basePath, viewer, bus } = useParcel();
  return (
    <div>
      <p>{`${viewer.fullName} at ${basePath}${viewer.isBanned ? ' (banned)' : ''}`}</p>
      <button onClick={() => bus.emit('notify', { message: 'Saved', status: 'success' })}>
        Save
      </button>
      <Link to="/elsewhere?tab=2">Go</Link>
    </div>
  );
}

function EffectCounter({ onEffect }: { onEffect: () => void }) {
  useEffect(onEffect, [onEffect]);
  return null;
}

describe('renderWithParcel', () => {
  const { api } = createFakeApi(() => ({ status: 200, data: {} }));

  it('runs effects twice on mount under strict, as parcels are mounted, and once otherwise', () => {
    const strictEffect = jest.fn();
    renderWithParcel(<EffectCounter onEffect={strictEffect} />, { api, strict: true });
    expect(strictEffect).toHaveBeenCalledTimes(2);
    const plainEffect = jest.fn();
    createRenderWithParcel({ basePath: '/', viewer: adminViewer, strict: true })(
      <EffectCounter onEffect={plainEffect} />,
      { api, strict: false },
    );
    expect(plainEffect).toHaveBeenCalledTimes(1);
  });

  it('gives the parcel the demo manager at the root unless told otherwise', () => {
    renderWithParcel(<Probe />, { api });
    expect(screen.getByText('Maya Manager at /')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('collects the bubbles and shows where navigation went', async () => {
    const { bubbles } = renderWithParcel(<Probe />, { api, path: '/start' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(bubbles).toEqual([{ message: 'Saved', status: 'success' }]);
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere?tab=2');
  });

  it("fills in a remote's defaults and applies a test's changes over them", () => {
    const render = createRenderWithParcel({ basePath: '/admin-panel', viewer: adminViewer });
    render(<Probe />, { api, viewer: { isBanned: true } });
    expect(screen.getByText('Ada Admin at /admin-panel (banned)')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel');
  });

  it('has the demo cashier for the remotes that show a non-manager their pages', () => {
    renderWithParcel(<Probe />, { api, viewer: cashierViewer });
    expect(screen.getByText('Cash Ier at /')).toBeInTheDocument();
    expect(cashierViewer).toMatchObject({ userRole: 'other', isAdmin: false, isBanned: false });
  });
});

describe('renderWithParcel userId', () => {
  const { api } = createFakeApi(() => ({ status: 200, data: {} }));

  it('signs the user in with a token whose sub is the id, and no one unless asked', () => {
    const signedIn = renderWithParcel(<p>page</p>, { api, userId: 'usr_maya' });
    expect(signedIn.session.claims?.sub).toBe('usr_maya');
    signedIn.unmount();
    const signedOut = renderWithParcel(<p>page</p>, { api });
    expect(signedOut.session.token).toBeNull();
  });
});

describe('createFakeApi', () => {
  it('records each request and rejects answers of 400 and above like the server', async () => {
    const { api, requests } = createFakeApi((request) =>
      request.method === 'GET'
        ? { status: 200, data: { ok: true }, headers: { 'x-total': '3' } }
        : { status: 422, data: { message: 'Name is required' } },
    );
    const answer = await api.get('things', { params: { page: 2 } });
    expect(answer.data).toEqual({ ok: true });
    expect(answer.headers['x-total']).toBe('3');
    await expect(api.post('things', { name: '' })).rejects.toMatchObject({
      response: { status: 422, data: { message: 'Name is required' } },
    });
    expect(requests).toEqual([
      { method: 'GET', url: 'things', params: { page: 2 }, body: undefined },
      { method: 'POST', url: 'things', params: {}, body: { name: '' } },
    ]);
  });
});
