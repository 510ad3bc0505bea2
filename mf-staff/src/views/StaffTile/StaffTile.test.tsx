import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeResponse } from '@pos/shared/testing';
import { createStaffApi } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { StaffTile } from './StaffTile';

type Api = ReturnType<typeof createStaffApi>['api'];
const render = (api: Api, isBanned = false) =>
  renderWithParcel(<StaffTile />, { api, basePath: '/', viewer: { isBanned } });

describe('the Staff tile', () => {
  it('shows how many staff the verified applications have, with a link to /staff', async () => {
    const { api, requests } = createStaffApi({
      summary: () => ({ status: 200, data: { total: 1234, applications: 2 } }),
    });
    render(api);
    expect(screen.getByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText('Loading staff')).toBeInTheDocument();
    expect(await screen.findByTestId('staff-tile-count')).toHaveTextContent('1,234');
    expect(screen.getByText('staff members')).toBeInTheDocument();
    expect(screen.getByText('in 2 applications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Staff' })).toHaveAttribute('href', '/staff');
    // Under StrictMode the first load is asked twice (the first one cancelled).
    expect(new Set(requests.map((r) => r.url))).toEqual(new Set(['staff/summary']));
  });

  it('shows Loading staff and no figure until the api has answered', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const held = new Promise<FakeResponse>((resolve) => (answer = resolve));
    const { api } = createStaffApi({ summary: () => held });
    render(api);
    const tile = screen.getByTestId('staff-tile');
    expect(within(tile).getByText('Loading staff')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-tile-count')).not.toBeInTheDocument();
    expect(tile).not.toHaveTextContent(/\d/);
    answer({ status: 200, data: { total: 14, applications: 1 } });
    expect(await screen.findByTestId('staff-tile-count')).toHaveTextContent('14');
    expect(within(tile).queryByText('Loading staff')).not.toBeInTheDocument();
    expect(screen.getByText('in 1 application')).toBeInTheDocument();
  });

  it('goes back to Loading staff while a retry is on its way, showing no figure', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    let fail = true;
    const { api } = createStaffApi({
      summary: () =>
        fail
          ? { status: 502, data: { message: 'The store could not be reached' } }
          : new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    render(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('The store could not be reached');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const tile = screen.getByTestId('staff-tile');
    expect(await within(tile).findByText('Loading staff')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-tile-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer({ status: 200, data: { total: 0, applications: 1 } });
    expect(await screen.findByTestId('staff-tile-count')).toHaveTextContent('0');
  });

  it('says one staff member in one application', async () => {
    const { api } = createStaffApi({
      summary: () => ({ status: 200, data: { total: 1, applications: 1 } }),
    });
    render(api);
    expect(await screen.findByText('staff member')).toBeInTheDocument();
    expect(screen.getByText('in 1 application')).toBeInTheDocument();
  });

  it('shows the error with a retry (spec 8)', async () => {
    let fail = true;
    const { api } = createStaffApi({
      summary: () =>
        fail
          ? { status: 500, data: { message: 'The staff could not be counted.' } }
          : { status: 200, data: { total: 3, applications: 1 } },
    });
    render(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff could not be counted.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('staff-tile-count')).toHaveTextContent('3');
  });

  it('is greyed out for a banned account and asks the api nothing', () => {
    const { api, requests } = createStaffApi();
    render(api, true);
    const tile = screen.getByTestId('staff-tile');
    expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(tile).toHaveTextContent('Unavailable while the account is paused');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
