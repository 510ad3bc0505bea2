import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  authorizedApplication,
  createFakeApplicationsApi,
  sampleApplication,
  sampleAuthFailure,
  statuses,
  type RecordedRequest,
} from '../../fixtures';
import { applicationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import type { Application, AuthFailure } from '../../types';
import { ApplicationDetail } from './ApplicationDetail';

// Issue 10: what an application's page shows for a store without the Cloud POS plugin, for a
// failed authorization, for each key failure, and around Disconnect and the URL check.

const ids = applicationsTestIds;

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

const withoutPlugin: Application = {
  ...authorizedApplication,
  name: 'Demo Garden Supply',
  wpUser: null,
  stationsCount: null,
  posPlugin: { active: false, checkedAt: '2025-04-10T09:00:00.000Z' },
};

/** What the api answers to keys it refuses: keysFail and the recorded failure. */
const refusedWith =
  (failure: AuthFailure) => (request: RecordedRequest, application: Application) =>
    request.method === 'PUT' && 'consumerKey' in (request.body as object)
      ? {
          status: 200,
          data: {
            data: {
              ...application,
              keysFail: { hasError: true, displayError: failure.message },
              lastAuthFailure: failure,
            },
          },
        }
      : undefined;

async function connectWithKeys(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Connect with Keys' }));
  await user.type(screen.getByLabelText('Key'), `ck_${'1'.repeat(40)}`);
  await user.type(screen.getByLabelText('Secret'), `cs_${'2'.repeat(40)}`);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
}

describe('ApplicationDetail without the Cloud POS plugin', () => {
  it("says so at 'View Stations' and in 'Shared with', with the download, and asks the store for no users", async () => {
    const { requests } = renderDetail([withoutPlugin]);
    expect(await screen.findByTestId(ids.detail.status)).toHaveTextContent(/^Authorized$/);

    const stations = screen.getByTestId(ids.auth.stationsPlugin);
    expect(stations).toHaveTextContent('Stations need the Cloud POS plugin');
    expect(
      within(stations).getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', '/downloads/cloud-pos.zip');
    expect(stations).toHaveTextContent(
      'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
    );
    expect(screen.getByRole('link', { name: 'View Stations' })).toHaveAttribute(
      'href',
      '/applications/app_coffee/stations',
    );

    const shared = screen.getByRole('region', { name: 'Shared with' });
    expect(within(shared).getByTestId(ids.sharedWith.pluginPrompt)).toHaveTextContent(
      'Sharing with store users needs the Cloud POS plugin',
    );
    expect(
      within(shared).getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toBeVisible();
    expect(within(shared).queryByRole('table')).not.toBeInTheDocument();
    // No error bubble, no alert, no spinner.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).not.toContain(
      'applications/app_coffee/user-accounts',
    );
  });

  it("shows the connected account's email when WooCommerce core told it, else that the plugin is needed", async () => {
    renderDetail([withoutPlugin]);
    expect(await screen.findByTestId(ids.auth.wpUserEmail)).toHaveTextContent(
      'Not available without the Cloud POS plugin',
    );
  });

  it('shows the email WooCommerce core gave for an account authorization', async () => {
    renderDetail([{ ...withoutPlugin, wpUser: authorizedApplication.wpUser }]);
    expect(await screen.findByTestId(ids.auth.wpUserEmail)).toHaveTextContent(
      'owner@coffee.demo.test',
    );
  });

  it('lists the store users as before when the plugin is there', async () => {
    renderDetail([authorizedApplication]);
    const shared = await screen.findByRole('region', { name: 'Shared with' });
    expect(await within(shared).findByRole('rowheader', { name: 'Cash Ier' })).toBeVisible();
    expect(screen.queryByTestId(ids.auth.stationsPlugin)).not.toBeInTheDocument();
  });
});

describe('ApplicationDetail after a failed authorization', () => {
  it('shows why the last attempt failed, when, and what to do next', async () => {
    renderDetail([
      sampleApplication({
        lastAuthFailure: sampleAuthFailure({
          reason: 'callback-refused',
          message:
            'Demo Garden Supply sent keys that were refused: the store could not be reached.',
          nextStep: 'Check that the store is online, then authorize again.',
        }),
      }),
    ]);
    const notice = await screen.findByTestId(ids.auth.lastFailure);
    expect(notice).toHaveTextContent('The last authorization failed on 2025/04/');
    expect(notice).toHaveTextContent(
      'Demo Garden Supply sent keys that were refused: the store could not be reached.',
    );
    expect(notice).toHaveTextContent(
      'What to do next: Check that the store is online, then authorize again.',
    );
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent('Not authorized');
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled();
  });

  it('shows no notice when the last attempt did not fail', async () => {
    renderDetail([sampleApplication()]);
    await screen.findByRole('button', { name: 'Authorize' });
    expect(screen.queryByTestId(ids.auth.lastFailure)).not.toBeInTheDocument();
  });

  it.each<[AuthFailure['reason'], string, string]>([
    [
      'invalid-key',
      'The store does not know this Consumer key.',
      'Copy the Key again from WooCommerce → Settings → Advanced → REST API.',
    ],
    [
      'invalid-secret',
      'The Consumer secret does not match this key.',
      'Copy the Secret again; WooCommerce shows it only once, so make a new key if it is lost.',
    ],
    [
      'read-only',
      'These keys are read-only. Keys with Read/Write permissions are required.',
      'Make a key with Read/Write permissions.',
    ],
    [
      'other-site',
      'These keys belong to another site (https://other.example).',
      'Use keys made on this store.',
    ],
  ])(
    'tells a %s key failure in its own words, with what to do next',
    async (reason, message, nextStep) => {
      const user = userEvent.setup();
      const application = sampleApplication({ authType: 'keys' });
      const failure = sampleAuthFailure({ reason, message, nextStep });
      const { bubbles } = renderDetail([application], {
        overrides: (request) => refusedWith(failure)(request, application),
      });
      await connectWithKeys(user);

      expect(await screen.findByTestId(ids.auth.keysFail)).toHaveTextContent(
        `${message} ${nextStep}`,
      );
      expect(bubbles).toEqual([{ message, status: 'danger' }]);
      expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
      // The form shows this failure; the notice is for a failure found on coming back.
      expect(screen.queryByTestId(ids.auth.lastFailure)).not.toBeInTheDocument();
    },
  );

  it('tells the real reason when connected keys fail the later live check, never "Something went wrong."', async () => {
    const user = userEvent.setup();
    const application = sampleApplication({ authType: 'keys' });
    const reason = 'The store at 127.0.0.1:4201 could not be reached';
    const connected: Application = {
      ...application,
      isVerifiedAuth: false,
      status: statuses.unverified(reason),
      consumerKey: 'ck_11*********************************11111',
      consumerSecret: 'cs_22*********************************22222',
    };
    let stored = application;
    const { bubbles } = renderDetail([application], {
      overrides: (request) => {
        if (request.method === 'PUT' && 'consumerKey' in (request.body as object)) {
          stored = connected;
          return { status: 200, data: { data: connected } };
        }
        return request.method === 'GET' && request.url === 'applications/app_coffee'
          ? { status: 200, data: { data: stored } }
          : undefined;
      },
    });
    await connectWithKeys(user);

    expect(await screen.findByTestId(ids.detail.storeError)).toHaveTextContent(
      `Demo Coffee Roasters: ${reason}`,
    );
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent(/^Unverified$/);
    expect(bubbles).toEqual([{ message: `Demo Coffee Roasters: ${reason}`, status: 'danger' }]);
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });
});

describe('ApplicationDetail Disconnect', () => {
  it('asks first, and Cancel keeps the application connected', async () => {
    const user = userEvent.setup();
    const { requests } = renderDetail([authorizedApplication]);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect application' });
    expect(dialog).toHaveTextContent(
      'will be revoked on 127.0.0.1:4201 through the Cloud POS plugin',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts(requests)).toEqual([]);
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent('Authorized');
  });

  it('says the key was revoked on the store through the plugin', async () => {
    const user = userEvent.setup();
    renderDetail([authorizedApplication]);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The Read/Write key was revoked on 127.0.0.1:4201.',
    );
    expect(screen.getByTestId(ids.detail.status)).toHaveTextContent('Not authorized');
  });

  it('tells where to revoke the key when the store lacks the plugin', async () => {
    const user = userEvent.setup();
    renderDetail([withoutPlugin]);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect application' });
    expect(dialog).toHaveTextContent(
      'does not have the Cloud POS plugin, so its Read/Write key stays active there: revoke it afterwards in WooCommerce → Settings → Advanced → REST API.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId(ids.auth.keyOutcome)).toHaveTextContent(
      'The Read/Write key is still active on 127.0.0.1:4201. Revoke it in WooCommerce → Settings → Advanced → REST API.',
    );
  });
});

describe('ApplicationDetail URL check', () => {
  it("offers the site's own address for a typed URL and saves it", async () => {
    const user = userEvent.setup();
    const { requests } = renderDetail([sampleApplication()], {
      sites: {
        'localhost:4201': {
          url: 'https://localhost:4201',
          siteUrl: 'http://127.0.0.1:4202',
          differs: true,
        },
      },
    });
    const url = await screen.findByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'localhost:4201');
    await user.click(
      await screen.findByRole('button', { name: 'Use http://127.0.0.1:4202' }, { timeout: 2000 }),
    );
    expect(url).toHaveValue('http://127.0.0.1:4202');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts(requests).map((request) => request.body)).toEqual([
        { homeUrl: 'http://127.0.0.1:4202' },
      ]),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        url: 'applications/site-check',
        params: { url: 'localhost:4201' },
      }),
    );
  });

  it('assumes https:// when no scheme is typed', async () => {
    const user = userEvent.setup();
    const { requests } = renderDetail([sampleApplication()]);
    const url = await screen.findByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'shop.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts(requests).map((request) => request.body)).toEqual([
        { homeUrl: 'https://shop.example' },
      ]),
    );
  });

  it('checks nothing once the URL is locked', async () => {
    const { requests } = renderDetail([authorizedApplication]);
    await screen.findByRole('button', { name: 'Disconnect' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(requests.map((request) => request.url)).not.toContain('applications/site-check');
  });
});
