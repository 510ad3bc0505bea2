import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  APPLICATIONS,
  DEMO_STAFF,
  createStaffApi,
  makeApplication,
  makeStaff,
  staffPageAnswer,
} from '../../fixtures';
import { formatLastAccess } from '../../lastAccess';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { StaffList } from './StaffList';

type Api = ReturnType<typeof createStaffApi>['api'];

const USER = 'usr_maya';
const render = (api: Api, path = '/staff') =>
  renderWithParcel(<StaffList />, { api, path, userId: USER });

const rowOf = (name: string) =>
  within(screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement);

beforeEach(() => {
  localStorage.clear();
  // jsdom has no scrolling; a new page scrolls to the top.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('/staff', () => {
  it("lists the first verified application's staff with access, status and last access", async () => {
    const { api, requests } = createStaffApi();
    render(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText('Loading staff list')).toBeInTheDocument();
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(3);
    expect(requests.find((r) => r.url === 'staff/users')?.params).toEqual({
      applicationId: 'app-coffee',
      page: 1,
      limit: 25,
    });
    expect(screen.getByTestId('staff-count')).toHaveTextContent('3 staff members');

    const cashier = rowOf('Cash Ier');
    expect(cashier.getByText('cashier@demo.test')).toBeInTheDocument();
    expect(cashier.getByTestId('staff-role-2')).toHaveTextContent(/^Cashier$/);
    expect(cashier.getByText('Stations, Cloud')).toBeInTheDocument();
    expect(cashier.getByText('Active')).toBeInTheDocument();
    expect(cashier.getByText(formatLastAccess('2026-11-25T14:30:00.000Z'))).toBeInTheDocument();
    expect(cashier.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)).toHaveAttribute(
      'datetime',
      '2026-11-25T14:30:00.000Z',
    );

    const kiosk = rowOf('Kim Kiosk');
    expect(kiosk.getByTestId('staff-role-3')).toHaveTextContent(/^Kiosk$/);
    expect(kiosk.getByText(/^Stations$/)).toBeInTheDocument();
    expect(kiosk.getByTestId('staff-invite-status-3')).toHaveTextContent('Pending');
    expect(kiosk.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    expect(kiosk.getByTestId('staff-last-access-3')).toHaveTextContent('—');
  });

  it('offers only verified applications, and opens on the remembered one', async () => {
    localStorage.setItem(`pos.staff.application.${USER}`, 'app-books');
    const { api, requests } = createStaffApi();
    render(api);
    const select = await screen.findByRole('combobox', { name: 'Application' });
    expect(select).toHaveDisplayValue('Demo Book Nook');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Demo Coffee Roasters', 'Demo Book Nook']);
    await screen.findAllByTestId(/^staff-row-/);
    expect(requests.find((r) => r.url === 'staff/users')?.params.applicationId).toBe('app-books');
  });

  it('remembers the chosen application for the signed-in user, and starts on its first page', async () => {
    localStorage.setItem('pos.staff.application.usr_other', 'app-books');
    const { api, requests } = createStaffApi({}, makeStaff(30));
    render(api, '/staff?page=2');
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(5);
    expect(screen.getByRole('combobox', { name: 'Application' })).toHaveDisplayValue(
      'Demo Coffee Roasters',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Application' }), [
      'Demo Book Nook',
    ]);
    expect(localStorage.getItem(`pos.staff.application.${USER}`)).toBe('app-books');
    expect(localStorage.getItem('pos.staff.application.usr_other')).toBe('app-books');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff$/);
    await waitFor(() => expect(screen.getAllByTestId(/^staff-row-/)).toHaveLength(25));
    expect(requests.filter((r) => r.url === 'staff/users').at(-1)?.params).toEqual({
      applicationId: 'app-books',
      page: 1,
      limit: 25,
    });
  });

  it('falls back to the first verified application when the remembered one is not verified', async () => {
    localStorage.setItem(`pos.staff.application.${USER}`, 'app-garden');
    const { api } = createStaffApi();
    render(api);
    expect(await screen.findByRole('combobox', { name: 'Application' })).toHaveDisplayValue(
      'Demo Coffee Roasters',
    );
  });

  it('pages 25 at a time with numbered pages, the page in the address', async () => {
    const { api, requests } = createStaffApi({}, makeStaff(60));
    render(api);
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(25);
    const pages = screen.getByTestId('staff-pagination');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId(/^staff-row-/)).toHaveLength(10));
    expect(screen.getByTestId('location')).toHaveTextContent('/staff?page=3');
    expect(requests.filter((r) => r.url === 'staff/users').at(-1)?.params.page).toBe(3);
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("shows 'Loading staff list', not the last page's rows, while another page loads", async () => {
    const staff = makeStaff(60);
    let release = () => {};
    const { api } = createStaffApi({
      staff: (request) => {
        const answer = staffPageAnswer(staff, request);
        if (request.params.page === 1) return answer;
        return new Promise((resolve) => {
          release = () => resolve(answer);
        });
      },
    });
    render(api);
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(25);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.queryAllByTestId(/^staff-row-/)).toHaveLength(0);
    expect(screen.getByText('Loading staff list')).toBeInTheDocument();
    // The pager stays while the page loads.
    expect(screen.getByTestId('staff-pagination')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(25);
    expect(screen.getByTestId('staff-row-35')).toBeInTheDocument();
  });

  it('has no pages when everyone fits on one, and opens the last page for a page past the end', async () => {
    const { api } = createStaffApi({}, makeStaff(30));
    render(api, '/staff?page=9');
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(5);
    expect(screen.getByTestId('location')).toHaveTextContent('/staff?page=2');

    const few = createStaffApi({}, makeStaff(3));
    render(few.api);
    await waitFor(() => expect(screen.getAllByTestId('staff-page')).toHaveLength(2));
    expect(screen.getAllByTestId('staff-pagination')).toHaveLength(1);
  });
});

describe('/staff empty states (spec 2.6)', () => {
  it("says 'Connect an application to manage staff' with a link to /applications", async () => {
    const { api, requests } = createStaffApi({
      applications: () => ({
        status: 200,
        data: { list: [makeApplication('app-new', 'New Shop', false)], error: [] },
      }),
    });
    render(api);
    const empty = await screen.findByTestId('staff-connect-application');
    expect(empty).toHaveTextContent('Connect an application to manage staff');
    expect(within(empty).getByRole('link', { name: 'Go to Applications' })).toHaveAttribute(
      'href',
      '/applications',
    );
    expect(screen.queryByRole('combobox', { name: 'Application' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === 'staff/users')).toBe(false);
  });

  it("says 'Download add-on to manage Staff' with the download when the add-on is not active", async () => {
    const { api } = createStaffApi({ staff: (request) => staffPageAnswer([], request, false) });
    render(api);
    const empty = await screen.findByTestId('staff-download-addon');
    expect(empty).toHaveTextContent('Download add-on to manage Staff');
    expect(empty).toHaveTextContent(
      'Demo Coffee Roasters does not have the Cloud POS Staff add-on',
    );
    const link = within(empty).getByRole('link', { name: 'Download Cloud POS Staff' });
    expect(link).toHaveAttribute('href', '/downloads/cloud-pos-staff.zip');
    expect(link).toHaveAttribute('download');
    expect(screen.queryByTestId('staff-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('staff-pagination')).not.toBeInTheDocument();
  });

  it("says 'No Staff assigned' when the store has no POS users", async () => {
    const { api } = createStaffApi({}, []);
    render(api);
    expect(await screen.findByTestId('staff-empty')).toHaveTextContent('No Staff assigned');
    expect(screen.getByTestId('staff-count')).toHaveTextContent('0 staff members');
  });

  it('says the store needs the Cloud POS plugin when it lacks the plugin itself', async () => {
    const { api } = createStaffApi({
      staff: () => ({
        status: 409,
        data: {
          message: 'The Cloud POS plugin is not active on coffee.example.',
          code: 'ERR_PLUGIN_MISSING',
        },
      }),
    });
    render(api);
    const prompt = await screen.findByTestId('staff-plugin-prompt');
    expect(prompt).toHaveTextContent('Staff need the Cloud POS plugin');
    expect(prompt).toHaveTextContent(
      'Demo Coffee Roasters does not have the Cloud POS plugin active.',
    );
    expect(
      within(prompt).getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', '/downloads/cloud-pos.zip');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/staff for a banned account', () => {
  it('is unavailable while the account is paused, asking the api nothing', async () => {
    const { api, requests } = createStaffApi();
    renderWithParcel(<StaffList />, {
      api,
      path: '/staff',
      userId: USER,
      viewer: { isBanned: true },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByTestId('staff-paused')).toHaveTextContent(
      'Unavailable while the account is paused',
    );
    expect(screen.queryByText('Loading staff list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Staff User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(requests).toEqual([]);
  });
});

describe('/staff failures', () => {
  it("shows the server's error with a retry when the staff cannot be loaded", async () => {
    let fail = true;
    const { api } = createStaffApi({
      staff: (request) =>
        fail
          ? { status: 502, data: { message: 'The store did not answer in time.' } }
          : staffPageAnswer(DEMO_STAFF, request),
    });
    render(api);
    const error = await screen.findByTestId('staff-error');
    expect(error).toHaveTextContent('The staff list could not be loaded');
    expect(error).toHaveTextContent('The store did not answer in time.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(3);
  });

  it('shows the error with a retry when the applications cannot be loaded', async () => {
    let fail = true;
    const { api } = createStaffApi({
      applications: () =>
        fail
          ? { status: 500, data: { message: 'The database is unavailable.' } }
          : { status: 200, data: { list: APPLICATIONS, error: [] } },
    });
    render(api);
    expect(await screen.findByTestId('staff-error')).toHaveTextContent(
      'The database is unavailable.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId(/^staff-row-/)).toHaveLength(3);
  });
});

describe('/staff Manage', () => {
  it('offers nothing for the store administrator who connected the application', async () => {
    const { api } = createStaffApi();
    render(api);
    await screen.findAllByTestId(/^staff-row-/);
    const owner = rowOf('Store Admin');
    expect(owner.getByText('Store administrator')).toBeInTheDocument();
    expect(owner.queryByRole('button')).not.toBeInTheDocument();
  });

  it('changes a role in its dialog, tells it and reloads the list', async () => {
    const { api, requests } = createStaffApi();
    const { bubbles } = render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Change the role of Cash Ier' }));
    const dialog = screen.getByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveAccessibleDescription(
      'Choose the POS role of Cash Ier in Demo Coffee Roasters.',
    );
    const select = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(select).toHaveDisplayValue('Cashier');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Administrator', 'Shop Manager', 'Cashier', 'Kiosk']);
    const confirm = within(dialog).getByRole('button', { name: 'Change role' });
    expect(confirm).toBeDisabled();

    await userEvent.selectOptions(select, 'Shop Manager');
    const loads = requests.filter((r) => r.url === 'staff/users').length;
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')).toEqual(
      expect.objectContaining({
        url: 'staff/users/2',
        body: { applicationId: 'app-coffee', role: 'shop_manager' },
      }),
    );
    expect(bubbles).toContainEqual({
      message: 'Cash Ier is now Shop Manager in Demo Coffee Roasters',
      status: 'success',
    });
    expect(rowOf('Cash Ier').getByTestId('staff-role-2')).toHaveTextContent('Shop Manager');
    await waitFor(() =>
      expect(requests.filter((r) => r.url === 'staff/users').length).toBe(loads + 1),
    );
    expect(screen.getByRole('button', { name: 'Change the role of Cash Ier' })).toHaveFocus();
  });

  it('changes nothing when the role change is cancelled', async () => {
    const { api, requests } = createStaffApi();
    render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Change the role of Kim Kiosk' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Administrator');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf('Kim Kiosk').getByTestId('staff-role-3')).toHaveTextContent('Kiosk');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("tells the server's text when a role change is refused, and keeps the role", async () => {
    const { api } = createStaffApi({
      changeRole: () => ({
        status: 403,
        data: {
          message: "The store's own administrator cannot be changed from the dashboard.",
          code: 'ERR_STORE_OWNER',
        },
      }),
    });
    const { bubbles } = render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Change the role of Cash Ier' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Kiosk');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(bubbles).toContainEqual({
        message: "The store's own administrator cannot be changed from the dashboard.",
        status: 'danger',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Cash Ier').getByTestId('staff-role-2')).toHaveTextContent('Cashier');
  });

  it('removes POS access after a confirmation, tells it and takes the row away', async () => {
    const { api, requests } = createStaffApi();
    const { bubbles } = render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove POS access of Kim Kiosk' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove POS access' });
    expect(dialog).toHaveTextContent(
      'Kim Kiosk loses every POS role in Demo Coffee Roasters and can no longer open its stations.',
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove access' }));

    await waitFor(() => expect(screen.queryByText('Kim Kiosk')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'DELETE')).toEqual(
      expect.objectContaining({ url: 'staff/users/3', params: { applicationId: 'app-coffee' } }),
    );
    expect(bubbles).toContainEqual({
      message: 'Kim Kiosk no longer has POS access to Demo Coffee Roasters',
      status: 'success',
    });
    expect(screen.getByTestId('staff-count')).toHaveTextContent('2 staff members');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toHaveFocus(),
    );
  });

  it('keeps the user when the removal is cancelled, or refused', async () => {
    const { api, requests } = createStaffApi({
      remove: () => ({ status: 502, data: { message: 'The store did not answer in time.' } }),
    });
    const { bubbles } = render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove POS access of Kim Kiosk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove POS access of Kim Kiosk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove access' }));
    await waitFor(() =>
      expect(bubbles).toContainEqual({
        message: 'The store did not answer in time.',
        status: 'danger',
      }),
    );
    expect(rowOf('Kim Kiosk').getByText('kiosk@demo.test')).toBeInTheDocument();
  });

  it('resends an invitation to a wp user and shows it sent', async () => {
    const { api, requests } = createStaffApi({
      invite: () => ({
        status: 200,
        data: { message: 'The invitation is sent', invitationCount: 2 },
      }),
    });
    const { bubbles } = render(api);
    await screen.findAllByTestId(/^staff-row-/);
    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByRole('button', { name: 'The invitation is sent' }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.url === 'staff/invitations')?.body).toEqual({
      applicationId: 'app-coffee',
      wpUserId: 3,
    });
    expect(bubbles).toContainEqual({ message: 'The invitation is sent', status: 'success' });
  });

  it('sends the first invitation to a user who needs one, and stops at the limit', async () => {
    const staff = [makeStaffUserWith({ invitationCount: 0 })];
    const { api } = createStaffApi(
      {
        invite: () => ({ status: 429, data: { message: 'Attempt limit reached' } }),
      },
      staff,
    );
    const { bubbles } = render(api);
    expect(await screen.findByTestId('staff-invite-status-40')).toHaveTextContent('Need Invite');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByRole('button', { name: 'Attempt limit reached' }),
    ).toBeInTheDocument();
    expect(bubbles).toContainEqual({ message: 'Attempt limit reached', status: 'danger' });
  });

  it('is used by keyboard: Manage opens its dialogs, which give focus back', async () => {
    const { api } = createStaffApi();
    render(api);
    await screen.findAllByTestId(/^staff-row-/);
    const remove = screen.getByRole('button', { name: 'Remove POS access of Cash Ier' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Remove POS access' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
  });
});

function makeStaffUserWith(extra: Partial<(typeof DEMO_STAFF)[number]>) {
  return { ...DEMO_STAFF[2]!, wpUserId: 40, name: 'Nia New', ...extra };
}

describe('/staff live answers', () => {
  it('keeps the rows on screen while the list reloads after a change', async () => {
    let release = () => {};
    let hold = false;
    const { api } = createStaffApi({
      staff: (request) => {
        const answer = staffPageAnswer(DEMO_STAFF, request);
        if (!hold) return answer;
        return new Promise((resolve) => {
          release = () => resolve(answer);
        });
      },
    });
    render(api);
    await screen.findAllByTestId(/^staff-row-/);
    hold = true;
    await userEvent.click(screen.getByRole('button', { name: 'Change the role of Cash Ier' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Kiosk');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Loading staff list')).not.toBeInTheDocument();
    expect(screen.getAllByTestId(/^staff-row-/)).toHaveLength(3);
    await act(async () => release());
  });
});
