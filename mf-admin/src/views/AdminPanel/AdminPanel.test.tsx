import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeAdminApi, createFakeApi, sampleUsers } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import type { AdminUserRow } from '../../types';
import { AdminPanel } from './AdminPanel';

const manyUsers: AdminUserRow[] = Array.from({ length: 25 }, (_, index) => ({
  ...sampleUsers[0]!,
  id: `usr_${index + 1}`,
  fullName: `User ${index + 1}`,
  email: `user${index + 1}@demo.test`,
}));

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const listRequests = (requests: Array<{ method: string; url: string }>) =>
  requests.filter((request) => request.method === 'GET');

describe('AdminPanel', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date(2025, 3, 15, 12) }));
  afterEach(() => jest.useRealTimers());

  const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  it('lists the users with their plan, orders, role, creation date and status', async () => {
    const { api, requests } = createFakeAdminApi();
    renderWithParcel(<AdminPanel />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const ada = await screen.findByRole('rowheader', { name: 'Ada Admin' });
    const row = within(ada.closest('tr')!);
    expect(row.getByText('admin@demo.test')).toBeInTheDocument();
    expect(row.getByText('Pro')).toBeInTheDocument();
    expect(row.getByText('1520 / 112 / 7')).toBeInTheDocument();
    expect(row.getByText('Manager')).toBeInTheDocument();
    expect(row.getByText('2024/03/05')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Active' })).toBeInTheDocument();
    expect(
      within(rowOf('Name not specified')).getByRole('button', { name: 'Blocked' }),
    ).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      url: 'admin-panel/users',
      params: { page: 1, limit: 10, includeDateRange: false },
    });
  });

  it('debounces the filter for 500 ms and resets to page 1', async () => {
    const user = setup();
    const { api, requests } = createFakeAdminApi(manyUsers);
    renderWithParcel(<AdminPanel />, { api });
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('rowheader', { name: 'User 11' })).toBeInTheDocument();
    const before = listRequests(requests).length;

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'User 1');
    await act(async () => {
      jest.advanceTimersByTime(499);
    });
    expect(listRequests(requests)).toHaveLength(before);

    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(listRequests(requests)).toHaveLength(before + 1);
    expect(requests.at(-1)?.params).toMatchObject({ page: 1, filter: 'User 1' });
    expect(await screen.findByRole('rowheader', { name: 'User 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('swaps the range when From is after To', async () => {
    const user = setup();
    const { api, requests } = createFakeAdminApi();
    renderWithParcel(<AdminPanel />, { api });
    await screen.findByRole('rowheader', { name: 'Ada Admin' });

    await user.click(screen.getByRole('switch', { name: 'Date range' }));
    const from = () => screen.getByRole('group', { name: 'From' });
    const to = () => screen.getByRole('group', { name: 'To' });
    expect(requests.at(-1)?.params).toMatchObject({
      includeDateRange: true,
      startDate: '2025-01-01',
      endDate: '2025-04-30',
    });

    await user.selectOptions(within(to()).getByRole('combobox', { name: 'Year' }), '2024');

    expect(within(from()).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('April');
    expect(within(from()).getByRole('combobox', { name: 'Year' })).toHaveDisplayValue('2024');
    expect(within(to()).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('January');
    expect(within(to()).getByRole('combobox', { name: 'Year' })).toHaveDisplayValue('2025');
    expect(requests.at(-1)?.params).toMatchObject({
      page: 1,
      includeDateRange: true,
      startDate: '2024-04-01',
      endDate: '2025-01-31',
    });
  });

  it('shows No users were found by your request', async () => {
    const { api } = createFakeAdminApi([]);
    renderWithParcel(<AdminPanel />, { api });
    expect(await screen.findByText('No users were found by your request')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('toggles a user between Active and Blocked', async () => {
    const user = setup();
    const { api, requests } = createFakeAdminApi();
    const { bubbles } = renderWithParcel(<AdminPanel />, { api });
    await screen.findByRole('rowheader', { name: 'Ada Admin' });

    await user.click(within(rowOf('Ada Admin')).getByRole('button', { name: 'Active' }));
    const dialog = screen.getByRole('dialog', { name: 'Block this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    const blocked = await within(rowOf('Ada Admin')).findByRole('button', { name: 'Blocked' });
    expect(blocked).toHaveAttribute('title', 'Unblock Ada Admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: 'admin-panel/users/usr_ada/status',
      body: { status: 'block' },
    });

    await user.click(blocked);
    const active = await within(rowOf('Ada Admin')).findByRole('button', { name: 'Active' });
    expect(active).toHaveAttribute('title', 'Block Ada Admin');
    expect(requests.at(-1)?.body).toEqual({ status: 'unblock' });
    expect(bubbles).toEqual([
      { message: 'Ada Admin was blocked.', status: 'success' },
      { message: 'Ada Admin was unblocked.', status: 'success' },
    ]);
  });

  it('does not block when the confirmation is cancelled', async () => {
    const user = setup();
    const { api, requests } = createFakeAdminApi();
    renderWithParcel(<AdminPanel />, { api });
    await screen.findByRole('rowheader', { name: 'Ada Admin' });
    await user.click(within(rowOf('Ada Admin')).getByRole('button', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(rowOf('Ada Admin')).getByRole('button', { name: 'Active' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('changes the subscription type', async () => {
    const user = setup();
    const { api, requests } = createFakeAdminApi();
    const { bubbles } = renderWithParcel(<AdminPanel />, { api });
    await screen.findByRole('rowheader', { name: 'Ada Admin' });

    const select = screen.getByRole('combobox', { name: 'Subscription type of Ada Admin' });
    expect(select).toHaveDisplayValue('Cloud');
    await user.selectOptions(select, 'One');

    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: 'admin-panel/users/usr_ada/subscription-type',
      body: { type: 'one' },
    });
    expect(
      await screen.findByRole('combobox', { name: 'Subscription type of Ada Admin' }),
    ).toHaveDisplayValue('One');
    expect(bubbles).toEqual([
      { message: 'Subscription type of Ada Admin changed to One.', status: 'success' },
    ]);
  });

  it('puts the type back and shows the server error in a danger bubble when a change fails', async () => {
    const user = setup();
    const { api } = createFakeApi((request) =>
      request.method === 'GET'
        ? { status: 200, data: { list: sampleUsers, totalAll: 2, totalRecords: 2 } }
        : { status: 400, data: { message: 'Subscription type cannot be changed' } },
    );
    const { bubbles } = renderWithParcel(<AdminPanel />, { api });
    await screen.findByRole('rowheader', { name: 'Ada Admin' });
    const select = screen.getByRole('combobox', { name: 'Subscription type of Ada Admin' });
    await user.selectOptions(select, 'Self');
    await waitFor(() =>
      expect(bubbles).toEqual([
        { message: 'Subscription type cannot be changed', status: 'danger' },
      ]),
    );
    await waitFor(() => expect(select).toHaveDisplayValue('Cloud'));
  });

  it('shows the load error with a retry that loads again', async () => {
    const user = setup();
    let calls = 0;
    const { api } = createFakeApi(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, data: { message: 'Database unavailable' } }
        : { status: 200, data: { list: sampleUsers, totalAll: 2, totalRecords: 2 } };
    });
    renderWithParcel(<AdminPanel />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Ada Admin' })).toBeInTheDocument();
  });
});
