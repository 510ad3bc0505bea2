import { STAFF_TEXTS } from '@pos/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATIONS, createStaffApi, makeApplication } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { StaffCreate } from './StaffCreate';

type Api = ReturnType<typeof createStaffApi>['api'];

const USER = 'usr_maya';
const render = (api: Api) =>
  renderWithParcel(<StaffCreate />, { api, path: '/staff/create', userId: USER });

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

/** Fills the form with a valid staff user (the application is preselected). */
async function fillIn({ name = 'Nia Newton', email = 'nia@demo.test', role = 'Cashier' } = {}) {
  await userEvent.type(field('Name'), name);
  await userEvent.type(field('Email'), email);
  await userEvent.selectOptions(select('Role'), role);
}

beforeEach(() => localStorage.clear());

describe('/staff/create', () => {
  it("shows 'Loading staff creation page' until the applications are loaded", async () => {
    let release = () => {};
    const { api } = createStaffApi({
      applications: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, data: { list: APPLICATIONS, error: [] } });
        }),
    });
    render(api);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create Staff User' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading staff creation page')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByText('Loading staff creation page')).not.toBeInTheDocument();
  });

  it('has a way back to the staff list', async () => {
    const { api } = createStaffApi();
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to Staff' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff$/);
  });

  it('offers the four roles and only verified applications, the remembered one chosen', async () => {
    localStorage.setItem(`pos.staff.application.${USER}`, 'app-books');
    const { api } = createStaffApi();
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    const options = (name: string) =>
      within(select(name))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Role')).toEqual([
      'Select a role',
      'Administrator',
      'Shop Manager',
      'Cashier',
      'Kiosk',
    ]);
    expect(options('Application')).toEqual([
      'Select an application',
      'Demo Coffee Roasters',
      'Demo Book Nook',
    ]);
    expect(select('Application')).toHaveDisplayValue('Demo Book Nook');
    expect(select('Role')).toHaveDisplayValue('Select a role');
  });

  it('chooses the first verified application when none is remembered', async () => {
    const { api } = createStaffApi();
    render(api);
    expect(await screen.findByRole('combobox', { name: 'Application' })).toHaveDisplayValue(
      'Demo Coffee Roasters',
    );
  });
});

describe('/staff/create for a banned account', () => {
  it('is unavailable while the account is paused, asking the api nothing', async () => {
    const { api, requests } = createStaffApi();
    renderWithParcel(<StaffCreate />, {
      api,
      path: '/staff/create',
      userId: USER,
      viewer: { isBanned: true },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create Staff User' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('staff-create-paused')).toHaveTextContent(
      'Unavailable while the account is paused',
    );
    expect(screen.queryByText('Loading staff creation page')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Staff' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(requests).toEqual([]);
  });
});

describe('/staff/create validation (spec 5)', () => {
  it('shows every required text when Create is pressed on an empty form, and posts nothing', async () => {
    const { api, requests } = createStaffApi({
      applications: () => ({
        status: 200,
        data: { list: [makeApplication('app-new', 'New Shop', false)], error: [] },
      }),
    });
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(select('Application')).toHaveDisplayValue('Select an application');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(field('Name')).toHaveAccessibleDescription(/Name is required$/);
    expect(field('Email')).toHaveAccessibleDescription(/Email is required$/);
    expect(select('Role')).toHaveAccessibleDescription('Role is required');
    expect(select('Application')).toHaveAccessibleDescription(/Application is required$/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it.each([
    ['   ', STAFF_TEXTS.nameRequired],
    ['Nia', 'Please enter your full name'],
    ['Nia  ', 'Please enter your full name'],
    ['Nia Newton3', 'Name can only contain Latin letters'],
    ['Zoë Newton', 'Name can only contain Latin letters'],
    ['Nia-Rose Newton', 'Name can only contain Latin letters'],
  ])('answers the name %j with %j', async (name, text) => {
    const { api } = createStaffApi();
    render(api);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), name);
    await userEvent.tab();
    expect(field('Name')).toHaveAccessibleDescription(new RegExp(`${text}$`));
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['nia', 'Invalid email'],
    ['nia@demo', 'Invalid email'],
    ['nia@@demo.test', 'Invalid email'],
    ['nia newton@demo.test', 'Invalid email'],
  ])('answers the email %j with %j', async (email, text) => {
    const { api } = createStaffApi();
    render(api);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), email);
    await userEvent.tab();
    expect(field('Email')).toHaveAccessibleDescription(new RegExp(`${text}$`));
  });

  it('writes the texts exactly as spec 5 does', () => {
    expect(STAFF_TEXTS).toEqual({
      nameRequired: 'Name is required',
      nameLatin: 'Name can only contain Latin letters',
      nameFull: 'Please enter your full name',
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email',
      roleRequired: 'Role is required',
      applicationRequired: 'Application is required',
    });
  });

  it('takes a full Latin name and a valid email without a word', async () => {
    const { api } = createStaffApi();
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn({ name: 'Nia Rose Newton', email: 'nia.newton+pos@demo-shop.test' });
    await userEvent.tab();
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(select('Role')).not.toHaveAttribute('aria-invalid');
  });
});

describe('/staff/create submit (spec 8)', () => {
  it("creates the user, says 'Staff member was created successfully.' and opens /staff on its application", async () => {
    const { api, requests } = createStaffApi();
    const { bubbles } = render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn({ name: '  Nia Newton ', email: ' nia@demo.test ' });
    await userEvent.selectOptions(select('Application'), 'Demo Book Nook');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff$/));
    expect(requests.find((r) => r.method === 'POST')).toEqual(
      expect.objectContaining({
        url: 'staff/users',
        body: {
          name: 'Nia Newton',
          email: 'nia@demo.test',
          role: 'cashier',
          applicationId: 'app-books',
        },
      }),
    );
    expect(bubbles).toEqual([
      { message: 'Staff member was created successfully.', status: 'success' },
    ]);
    expect(localStorage.getItem(`pos.staff.application.${USER}`)).toBe('app-books');
  });

  it('also tells, in an info bubble, why the invitation could not be sent', async () => {
    const { api } = createStaffApi({
      create: () => ({
        status: 201,
        data: {
          data: {},
          message: 'Staff member was created successfully.',
          invitation: {
            sent: false,
            message: 'The mail server did not answer.',
            invitationCount: 0,
          },
        },
      }),
    });
    const { bubbles } = render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff$/));
    expect(bubbles).toEqual([
      { message: 'Staff member was created successfully.', status: 'success' },
      { message: 'The mail server did not answer.', status: 'info' },
    ]);
  });

  it("shows 'Creating staff user' while the store creates the user", async () => {
    let release = () => {};
    const { api } = createStaffApi({
      create: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 201,
              data: {
                data: {},
                message: 'Staff member was created successfully.',
                invitation: { sent: true, message: 'The invitation is sent', invitationCount: 1 },
              },
            });
        }),
    });
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByTestId('staff-create-creating')).toHaveTextContent('Creating staff user');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAttribute('aria-busy', 'true');
    expect(field('Name')).toHaveAttribute('readonly');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff$/));
  });

  it("shows the server's text on a 400 and stays on the form", async () => {
    const { api } = createStaffApi({
      create: () => ({
        status: 400,
        data: {
          message: 'Sorry, that email address is already used!',
          code: 'existing_user_email',
        },
      }),
    });
    const { bubbles } = render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('staff-create-error')).toHaveTextContent(
      'Sorry, that email address is already used!',
    );
    expect(bubbles).toEqual([
      { message: 'Sorry, that email address is already used!', status: 'danger' },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/staff/create');
    expect(field('Name')).toHaveValue('Nia Newton');
  });

  it('says why a store without the Staff add-on refused, and offers the add-on on the form', async () => {
    const { api } = createStaffApi({
      create: () => ({
        status: 409,
        data: { message: 'Download add-on to manage Staff', code: 'ERR_STAFF_ADDON_INACTIVE' },
      }),
    });
    const { bubbles } = render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('staff-create-error')).toHaveTextContent(
      /^Download add-on to manage Staff$/,
    );
    expect(bubbles).toEqual([{ message: 'Download add-on to manage Staff', status: 'danger' }]);
    const addon = screen.getByTestId('staff-create-addon-missing');
    expect(addon).toHaveTextContent(
      'does not have the Cloud POS Staff add-on active. Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
    );
    const download = within(addon).getByRole('link', { name: 'Download Cloud POS Staff' });
    expect(download).toHaveAttribute('href', '/downloads/cloud-pos-staff.zip');
    expect(download).toHaveAttribute('download');
    expect(screen.getByTestId('location')).toHaveTextContent('/staff/create');
  });

  it.each([
    [409, { message: 'Something else conflicted', code: 'ERR_OTHER' }],
    [502, { message: 'The store did not answer in time.' }],
    [500, null],
  ])("says 'Failed to create Staff member.' on any other failure (%i)", async (status, data) => {
    const { api } = createStaffApi({ create: () => ({ status, data }) });
    const { bubbles } = render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('staff-create-error')).toHaveTextContent(
      /^Failed to create Staff member\.$/,
    );
    expect(bubbles).toEqual([{ message: 'Failed to create Staff member.', status: 'danger' }]);
  });

  it("says 'Failed to create Staff member.' when the api cannot be reached", async () => {
    const { api } = createStaffApi({
      create: () => {
        throw new Error('Network Error');
      },
    });
    render(api);
    await screen.findByRole('textbox', { name: 'Name' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('staff-create-error')).toHaveTextContent(
      'Failed to create Staff member.',
    );
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
    expect(await screen.findByTestId('staff-create-load-error')).toHaveTextContent(
      'The database is unavailable.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });
});
