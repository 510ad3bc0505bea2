import { act, renderHook } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EventBus, ParcelProvider, SessionStore, type ParcelProps } from '@pos/shared';
import { sampleUsers } from '../fixtures';
import type { AdminUserList, AdminUsersQuery } from '../types';
import { useAdminUsers } from './useAdminUsers';

const listOf = (name: string): AdminUserList => ({
  list: [{ ...sampleUsers[0]!, fullName: name }],
  totalAll: 1,
  totalRecords: 1,
});

describe('useAdminUsers', () => {
  it('keeps the newer query when the older answer arrives last, even if it was not cancelled', async () => {
    const answers: Array<(value: { data: AdminUserList }) => void> = [];
    // A transport that does not honour the abort signal: only the hook can drop the old answer.
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
    const first: AdminUsersQuery = { page: 1, filter: '', range: null };
    const { result, rerender } = renderHook((query: AdminUsersQuery) => useAdminUsers(query), {
      wrapper,
      initialProps: first,
    });
    rerender({ ...first, filter: 'Ada' });
    expect(answers).toHaveLength(2);

    await act(async () => answers[1]!({ data: listOf('Ada Admin') }));
    await act(async () => answers[0]!({ data: listOf('Everyone') }));

    expect(result.current.status).toBe('success');
    expect(result.current.data?.list[0]?.fullName).toBe('Ada Admin');
  });
});
