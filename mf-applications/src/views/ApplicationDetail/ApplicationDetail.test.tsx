import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../browser';
import {
  authorizedApplication,
  createFakeApplicationsApi,
  sampleApplication,
  sampleSharedUsers,
  statuses,
  type RecordedRequest,
} from '../../fixtures';
import { applicationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import type { Application, SharedUser } from '../../types';
import { ApplicationDetail } from './ApplicationDetail';

const ids = applicationsTestIds;
const unauthorized = sampleApplication();

function renderDetail(
  applications: Application[],
  options: Parameters<typeof createFakeApplicationsApi>[1] = {},
) {
  const fake = createFakeApplicationsApi(applications, options);
  const rendered = renderWithParcel(<ApplicationDetail />, {
    api: fake.api,
    path: `/applications/${applications[0]!.id}`,
  });
  return { ...fake, ...rendered };
}

const puts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT');

describe('ApplicationDetail', () => {
  afterEach(() => jest.restoreAllMocks());

  it('edits Name and URL of an unauthorized application', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([unauthorized]);
    expect(screen.getByRole('heading', { level: 1, name: 'Application' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toBeEnabled();

    await user.clear(name);
    await user.type(name, 'Coffee HQ');
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:4299');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(puts(requests).map((request) => request.body)).toEqual([
        { homeUrl: 'http://127.0.0.1:4299' },
        { name: 'Coffee HQ' },
      ]),
    );
    await waitFor(() =>
      expect(bubbles).toEqual([
        { message: 'Application Coffee HQ was updated.', status: 'success' },
      ]),
    );
  });

  it('keeps what was typed when the server refuses the URL', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([unauthorized], {
      overrides: (request) =>
        request.method === 'PUT' && 'homeUrl' in (request.body as object)
          ? { status: 409, data: { message: 'You already have an application for that site' } }
          : undefined,
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.clear(name);
    await user.type(name, 'Coffee HQ');
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:4299');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have an application for that site',
    );
    expect(bubbles).toEqual([
      { message: 'You already have an application for that site', status: 'danger' },
    ]);
    expect(puts(requests)).toHaveLength(1);
    expect(name).toHaveValue('Coffee HQ');
    expect(url).toHaveValue('http://127.0.0.1:4299');
  });

  it('locks the URL of an authorized application and shows the connection', async () => {
    const keys = { ...authorizedApplication, authType: 'keys' as const };
    renderDetail([keys]);
    const url = await screen.findByRole('textbox', { name: 'URL' });
    expect(url).toBeDisabled();
    expect(url).toHaveValue('http://127.0.0.1:4201');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent('Authorized');
    expect(screen.getByTestId(ids.auth.wpUserEmail)).toHaveTextContent('owner@coffee.demo.test');
    expect(screen.getByTestId(ids.auth.keyField)).toHaveTextContent(keys.consumerKey!);
    expect(screen.getByRole('link', { name: /View Stations/ })).toHaveAttribute(
      'href',
      '/applications/app_coffee/stations',
    );
    expect(screen.getByTestId(ids.auth.stationsCount)).toHaveTextContent('3');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the Shared with table only for authorized applications', async () => {
    renderDetail([authorizedApplication]);
    const section = await screen.findByRole('region', { name: 'Shared with' });
    const cashier = (await within(section).findByRole('rowheader', { name: 'Cash Ier' })).closest(
      'tr',
    )!;
    expect(within(cashier).getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId(ids.sharedWith.access(2))).toHaveTextContent('Stations, Cloud');
    expect(screen.getByTestId(ids.sharedWith.access(3))).toHaveTextContent(/^Stations$/);
    expect(screen.getByTestId(ids.sharedWith.inviteStatus(3))).toHaveTextContent('Need Invite');
    expect(screen.getByTestId(ids.sharedWith.inviteButton(4))).toHaveAccessibleName(
      'Attempt limit reached',
    );
    const nora = within(section).getByRole('rowheader', { name: 'Nora Night' }).closest('tr')!;
    expect(within(nora).getByText('nora@coffee.demo.test')).toBeInTheDocument();
    expect(within(nora).getByText('Shop Manager')).toBeInTheDocument();
  });

  it('hides the Shared with table while unauthorized', async () => {
    renderDetail([unauthorized]);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('region', { name: 'Shared with' })).not.toBeInTheDocument();
  });

  it('pages the Shared with table 10 at a time with the x-biz-total-all total', async () => {
    const user = userEvent.setup();
    const many: SharedUser[] = Array.from({ length: 12 }, (_, index) => ({
      ...sampleSharedUsers.wp[0]!,
      id: index + 10,
      name: `Store User ${index + 1}`,
    }));
    const { requests } = renderDetail([authorizedApplication], {
      sharedUsers: { pos: [], wp: many },
    });
    await screen.findByRole('rowheader', { name: 'Store User 10' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('rowheader', { name: 'Store User 12' })).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      url: 'applications/app_coffee/user-accounts',
      params: { page: 2, limit: 10 },
    });
  });

  it('sends an invitation and shows the server message', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([authorizedApplication]);
    await user.click(await screen.findByTestId(ids.sharedWith.inviteButton(3)));
    expect(
      await screen.findByRole('button', { name: 'The invitation is sent' }),
    ).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: 'send-invite-email',
      body: {
        applicationId: 'app_coffee',
        wpUserId: 3,
        wordPressUsername: 'Nora Night',
        ssoUserFullName: 'Maya Manager',
        appName: 'Demo Coffee Roasters',
        email: 'nora@coffee.demo.test',
        userName: 'Nora Night',
      },
    });
    expect(bubbles).toEqual([{ message: 'The invitation is sent', status: 'success' }]);
  });

  it('shows Attempt limit reached and a danger bubble when the server refuses with 429', async () => {
    const user = userEvent.setup();
    const { bubbles } = renderDetail([authorizedApplication], {
      overrides: (request) =>
        request.url === 'send-invite-email'
          ? {
              status: 429,
              data: { message: 'Attempt limit reached', code: 'ERR_INVITATION_LIMIT' },
            }
          : undefined,
    });
    await user.click(await screen.findByTestId(ids.sharedWith.inviteButton(3)));
    await waitFor(() =>
      expect(screen.getByTestId(ids.sharedWith.inviteButton(3))).toHaveAccessibleName(
        'Attempt limit reached',
      ),
    );
    expect(bubbles).toEqual([{ message: 'Attempt limit reached', status: 'danger' }]);
  });

  it('shows keysFail.displayError inline and in a danger bubble when the keys are refused', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([unauthorized], {
      overrides: (request) =>
        request.method === 'PUT' && 'consumerKey' in (request.body as object)
          ? {
              status: 200,
              data: {
                data: {
                  ...unauthorized,
                  authType: 'keys',
                  keysFail: {
                    hasError: true,
                    displayError:
                      'These keys are read-only. Keys with Read/Write permissions are required.',
                  },
                },
              },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('radio', { name: 'Connect with Keys' }));
    expect(puts(requests).at(-1)).toMatchObject({ body: { authType: 'keys' } });

    await user.click(screen.getByRole('textbox', { name: 'Key' }));
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'ck_readonly');
    await user.click(screen.getByRole('textbox', { name: 'Secret' }));
    await user.type(screen.getByRole('textbox', { name: 'Secret' }), 'cs_readonly');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByTestId(ids.auth.keysFail)).toHaveTextContent(
      'These keys are read-only. Keys with Read/Write permissions are required.',
    );
    expect(puts(requests).at(-1)).toMatchObject({
      body: { consumerKey: 'ck_readonly', consumerSecret: 'cs_readonly' },
    });
    expect(bubbles).toEqual([
      {
        message: 'These keys are read-only. Keys with Read/Write permissions are required.',
        status: 'danger',
      },
    ]);
  });

  it('connects with keys, then shows the live connection and the Shared with table', async () => {
    const user = userEvent.setup();
    const keysMode = sampleApplication({ authType: 'keys' });
    const { requests, bubbles, applications } = renderDetail([keysMode], {
      overrides: (request) => {
        if (request.method !== 'PUT') return undefined;
        Object.assign(applications[0]!, {
          ...authorizedApplication,
          authType: 'keys',
          stationsCount: 3,
        });
        return { status: 200, data: { data: { ...applications[0], stationsCount: null } } };
      },
    });
    await user.click(await screen.findByRole('textbox', { name: 'Key' }));
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'ck_good');
    await user.click(screen.getByRole('textbox', { name: 'Secret' }));
    await user.type(screen.getByRole('textbox', { name: 'Secret' }), 'cs_good');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByTestId(ids.auth.stationsCount)).toHaveTextContent('3');
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeDisabled();
    expect(await screen.findByRole('region', { name: 'Shared with' })).toBeInTheDocument();
    expect(bubbles).toEqual([
      { message: 'Demo Coffee Roasters was authorized.', status: 'success' },
    ]);
    expect(requests.filter((request) => request.url === 'applications/app_coffee')).toHaveLength(3);
  });

  it("says 'Something went wrong.' when keysFail has no text", async () => {
    const user = userEvent.setup();
    const keysMode = sampleApplication({ authType: 'keys' });
    renderDetail([keysMode], {
      overrides: (request) =>
        request.method === 'PUT'
          ? {
              status: 200,
              data: { data: { ...keysMode, keysFail: { hasError: true, displayError: null } } },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('textbox', { name: 'Key' }));
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'ck_x');
    await user.click(screen.getByRole('textbox', { name: 'Secret' }));
    await user.type(screen.getByRole('textbox', { name: 'Secret' }), 'cs_x');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByTestId(ids.auth.keysFail)).toHaveTextContent('Something went wrong.');
  });

  it('disconnects with the spec info bubble and offers authorization again', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([authorizedApplication]);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    // Issue 10: asked first; nothing is sent before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect application' });
    expect(puts(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('radio', { name: 'Authorize with Account' })).toBeChecked();
    expect(puts(requests).at(-1)).toMatchObject({ body: { deauth: true } });
    expect(bubbles).toEqual([
      {
        message:
          'Demo Coffee Roasters application has been disconnected and is no longer authorized.',
        status: 'info',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeEnabled();
    // Disconnect went away with the authorized state: focus stays in the Authorization panel.
    expect(screen.getByRole('region', { name: 'Authorization' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });

  it("starts an authorization and sends the browser to the store's page", async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { requests } = renderDetail([unauthorized]);
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0]![0]).toMatch(
      /^http:\/\/127\.0\.0\.1:4201\/wc-auth\/v1\/authorize\?/,
    );
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: 'applications/app_coffee/auth-status',
      body: { authInProgress: true },
    });
  });

  it('makes Authorize usable again when the browser comes back from the store to a kept page', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { requests } = renderDetail([unauthorized]);
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Authorize' })).toHaveAttribute('aria-busy', 'true');
    const loads = () => requests.filter((request) => request.method === 'GET').length;
    const loadsBefore = loads();

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Authorize' })).not.toHaveAttribute('aria-busy');
    await waitFor(() => expect(loads()).toBeGreaterThan(loadsBefore));
  });

  it('refuses an authorize URL on another site', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { bubbles } = renderDetail([unauthorized], {
      overrides: (request) =>
        request.url.endsWith('/auth-status')
          ? {
              status: 200,
              data: {
                data: { authInProgress: true, authorizeUrl: 'https://evil.example/wc-auth' },
              },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(bubbles).toHaveLength(1));
    expect(bubbles[0]!.status).toBe('danger');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server error when starting the authorization fails', async () => {
    const user = userEvent.setup();
    const { bubbles } = renderDetail([unauthorized], {
      overrides: (request) =>
        request.url.endsWith('/auth-status')
          ? { status: 409, data: { message: 'The application is already authorized' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    await waitFor(() =>
      expect(bubbles).toEqual([
        { message: 'The application is already authorized', status: 'danger' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled();
  });

  it('deletes after the detail page confirmation, revoking the key, and returns to the list', async () => {
    const user = userEvent.setup();
    const { requests, bubbles } = renderDetail([authorizedApplication]);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete application' });
    // Issue 27: what becomes of the store's key is said before, and its outcome after.
    expect(dialog).toHaveTextContent(
      'Are you sure you want to permanently delete this Application? Its Read/Write key will be revoked on 127.0.0.1:4201 through the Cloud POS plugin.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/applications$/),
    );
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: 'applications/app_coffee' });
    expect(bubbles).toEqual([
      {
        message:
          'Application Demo Coffee Roasters was deleted. The Read/Write key was revoked on 127.0.0.1:4201.',
        status: 'success',
      },
    ]);
  });

  it('marks an application whose store check failed as unverified and keeps its URL locked', async () => {
    const failing = {
      ...authorizedApplication,
      isVerifiedAuth: false,
      stationsCount: null,
      status: statuses.unverified('The store rejected the stored keys: Consumer key is invalid.'),
      error: { message: 'The store rejected the stored keys: Consumer key is invalid.' },
    };
    renderDetail([failing]);
    expect(await screen.findByTestId(ids.detail.storeError)).toHaveTextContent(
      'Demo Coffee Roasters: The store rejected the stored keys: Consumer key is invalid.',
    );
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent('Unverified');
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('shows Application not found with a retry', async () => {
    const { api } = createFakeApplicationsApi([]);
    renderWithParcel(<ApplicationDetail />, { api, path: '/applications/app_missing' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Application not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
