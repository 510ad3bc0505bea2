import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  authorizedApplication,
  createFakeApi,
  createFakeApplicationsApi,
  sampleApplication,
  sampleApplications,
  statuses,
} from '../../fixtures';
import { applicationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ApplicationList } from './ApplicationList';

const authorizedCell = (id: string) => screen.getByTestId(applicationsTestIds.list.authorized(id));
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('ApplicationList', () => {
  it('lists the applications with their URL and whether they are authorized', async () => {
    const { api } = createFakeApplicationsApi();
    renderWithParcel(<ApplicationList />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'My Applications' })).toBeInTheDocument();
    expect(screen.getByText('Loading applications')).toBeInTheDocument();

    const coffee = within(
      await screen
        .findByRole('rowheader', { name: 'Demo Coffee Roasters' })
        .then((cell) => cell.closest('tr')!),
    );
    expect(coffee.getByRole('link', { name: 'Demo Coffee Roasters' })).toHaveAttribute(
      'href',
      '/applications/app_coffee',
    );
    expect(coffee.getByRole('link', { name: 'http://127.0.0.1:4201' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:4201',
    );
    expect(authorizedCell('app_coffee')).toHaveTextContent('Authorized');
    expect(authorizedCell('app_books')).toHaveTextContent('Not authorized');
    expect(screen.getByRole('link', { name: 'Create Application' })).toHaveAttribute(
      'href',
      '/applications/create',
    );
  });

  it("shows each application's status as the api gives it, whatever else it stores", async () => {
    const { api } = createFakeApplicationsApi([
      // A stored flag that disagrees with the status: the status is what every screen shows.
      sampleApplication({ isVerifiedAuth: true, status: statuses.authorizing }),
    ]);
    renderWithParcel(<ApplicationList />, { api });
    await screen.findByRole('rowheader', { name: 'Demo Coffee Roasters' });
    expect(authorizedCell('app_coffee')).toHaveTextContent(/^Authorizing$/);
  });

  it('says There are no applications created yet when the list is empty', async () => {
    const { api } = createFakeApplicationsApi([]);
    renderWithParcel(<ApplicationList />, { api });
    expect(await screen.findByText('There are no applications created yet')).toBeInTheDocument();
  });

  it('shows a name: message danger bubble once per load and marks the application unverified', async () => {
    const unreachable = sampleApplication({
      ...authorizedApplication,
      isVerifiedAuth: false,
      status: statuses.unverified('The store at 127.0.0.1:4201 could not be reached'),
      error: { message: 'The store at 127.0.0.1:4201 could not be reached' },
    });
    const { api } = createFakeApi(() => ({
      status: 200,
      data: { list: [unreachable, sampleApplications[1]], error: ['Some stores were not checked'] },
    }));
    const { bubbles } = renderWithParcel(<ApplicationList />, { api });
    const row = within(
      (await screen.findByRole('rowheader', { name: 'Demo Coffee Roasters' })).closest('tr')!,
    );
    expect(row.getByTestId(applicationsTestIds.list.authorized('app_coffee'))).toHaveTextContent(
      /^Unverified$/,
    );
    expect(bubbles).toEqual([
      { message: 'Some stores were not checked', status: 'danger' },
      {
        message: 'Demo Coffee Roasters: The store at 127.0.0.1:4201 could not be reached',
        status: 'danger',
      },
    ]);
  });

  it('deletes an application after the spec confirmation', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeApplicationsApi();
    const { bubbles } = renderWithParcel(<ApplicationList />, { api });
    await screen.findByRole('rowheader', { name: 'Demo Book Nook' });

    await user.click(screen.getByRole('button', { name: 'Delete Demo Book Nook' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete application' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to permanently delete this application?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Demo Book Nook' })).not.toBeInTheDocument(),
    );
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: 'applications/app_books' });
    expect(screen.getByRole('rowheader', { name: 'Demo Coffee Roasters' })).toBeInTheDocument();
    expect(bubbles).toEqual([
      { message: 'Application Demo Book Nook was deleted.', status: 'success' },
    ]);
    // The row's delete button went with the row: focus lands on the page, not the document.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'My Applications' })).toHaveFocus(),
    );
  });

  it('says before Delete that a store without the plugin keeps the key, and after it where to revoke it', async () => {
    const user = userEvent.setup();
    const withoutPlugin = {
      ...authorizedApplication,
      posPlugin: { active: false, checkedAt: '2025-04-10T09:00:00.000Z' },
    };
    const { api } = createFakeApplicationsApi([withoutPlugin]);
    const { bubbles } = renderWithParcel(<ApplicationList />, { api });
    await screen.findByRole('rowheader', { name: 'Demo Coffee Roasters' });

    await user.click(screen.getByRole('button', { name: 'Delete Demo Coffee Roasters' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete application' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to permanently delete this application? The store at 127.0.0.1:4201 does not have the Cloud POS plugin, so its Read/Write key stays active there: revoke it afterwards in WooCommerce → Settings → Advanced → REST API.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(bubbles).toEqual([
        { message: 'Application Demo Coffee Roasters was deleted.', status: 'success' },
        {
          message:
            'The Read/Write key is still active on 127.0.0.1:4201. Revoke it in WooCommerce → Settings → Advanced → REST API.',
          status: 'danger',
        },
      ]),
    );
  });

  it('keeps the application when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeApplicationsApi();
    renderWithParcel(<ApplicationList />, { api });
    await screen.findByRole('rowheader', { name: 'Demo Book Nook' });
    await user.click(screen.getByRole('button', { name: 'Delete Demo Book Nook' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf('Demo Book Nook')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('shows the load error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { api } = createFakeApi(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, data: { message: 'Database unavailable' } }
        : { status: 200, data: { list: sampleApplications, error: [] } };
    });
    renderWithParcel(<ApplicationList />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('rowheader', { name: 'Demo Coffee Roasters' }),
    ).toBeInTheDocument();
  });
});
