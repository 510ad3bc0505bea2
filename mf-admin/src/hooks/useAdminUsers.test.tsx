import { act, renderHook } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@pos/shared/router';
import { EventBus, ParcelProvider, SessionStore, type ParcelProps } from '@pos/shared';
import { sampleUsers } from '../fixtures';
import type { AdminUserList, AdminUsersQuery } from '../types';
import { useAdminUsers } from './useAdminUsers';

const listOf = (name: string): AdminUserList => ({
  list: [{ ...sampleUsers[0]!, fullName: name }],
  totalAll: 1,
  totalRecords: 1,
});

/**
 * Renders the hook over a transport whose answers the test gives by hand, in any order. It does
 * not honour the abort signal: only the hook can drop an old answer.
 */
function renderUsers(first: AdminUsersQuery) {
  const answers: Array<(value: { data: AdminUserList }) => void> = [];
  const api = {
    get: jest.fn(() => new Promise((resolve) => answers.push(resolve))),
  } as unknown as AxiosInstance;
  const bus = new EventBus();
  const props = {
    bus,
    session: new SessionStore(bus, null),
    api,
    basePath: '/admin-panel',
    viewer: { userRole: 'manager', isAdmin: true, isBanned: false, fullName: null, email: null },
  } as unknown as ParcelProps;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <ParcelProvider value={props}>{children}</ParcelProvider>
    </MemoryRouter>
  );
  const rendered = renderHook((query: AdminUsersQuery) => useAdminUsers(query), {
    wrapper,
    initialProps: first,
  });
  return { ...rendered, answers };
}

describe('useAdminUsers', () => {
  it('keeps the newer query when the older answer arrives last, even if it was not cancelled', async () => {
    const first: AdminUsersQuery = { page: 1, filter: '', range: null };
    const { result, rerender, answers } = renderUsers(first);
    rerender({ ...first, filter: 'Ada' });
    expect(answers).toHaveLength(2);

    await act(async () => answers[1]!({ data: listOf('Ada Admin') }));
    await act(async () => answers[0]!({ data: listOf('Everyone') }));

    expect(result.current.status).toBe('success');
    expect(result.current.data?.list[0]?.fullName).toBe('Ada Admin');
  });

  it('keeps the last page on screen while the next one loads', async () => {
    const first: AdminUsersQuery = { page: 1, filter: '', range: null };
    const { result, rerender, answers } = renderUsers(first);
    await act(async () => answers[0]!({ data: listOf('Page One') }));

    rerender({ ...first, page: 2 });
    expect(result.current.status).toBe('loading');
    expect(result.current.data?.list[0]?.fullName).toBe('Page One');

    await act(async () => answers[1]!({ data: listOf('Page Two') }));
    expect(result.current.status).toBe('success');
    expect(result.current.data?.list[0]?.fullName).toBe('Page Two');
  });

  it('puts a change the server confirmed on its row without loading again', async () => {
    const { result, answers } = renderUsers({ page: 1, filter: '', range: null });
    await act(async () => answers[0]!({ data: listOf('Ada Admin') }));
    const userId = result.current.data!.list[0]!.id;

    act(() => result.current.updateUser(userId, { block: 'block' }));

    expect(result.current.data?.list[0]).toMatchObject({ fullName: 'Ada Admin', block: 'block' });
    expect(answers).toHaveLength(1);
  });
});
