import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createFakeApi,
  createFakeApplicationsApi,
  sampleApplication,
  sampleApplications,
  statuses,
} from '../../fixtures';
import { applicationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ApplicationsTile } from './ApplicationsTile';

const ids = applicationsTestIds.tile;

describe('ApplicationsTile', () => {
  it('counts the authorized applications and links to the list', async () => {
    const { api } = createFakeApplicationsApi([
      ...sampleApplications,
      sampleApplication({ id: 'app_3', isVerifiedAuth: true, status: statuses.authorized }),
    ]);
    renderWithParcel(<ApplicationsTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.count)).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Applications' })).toHaveTextContent('2authorized');
    expect(screen.getByRole('link', { name: 'View Applications' })).toHaveAttribute(
      'href',
      '/applications',
    );
  });

  it("counts by the api's status: an unverified application is not counted as authorized", async () => {
    const { api } = createFakeApplicationsApi([
      sampleApplication({ id: 'app_1', isVerifiedAuth: true, status: statuses.authorized }),
      sampleApplication({
        id: 'app_2',
        status: statuses.unverified('The store at 127.0.0.1:4202 could not be reached'),
      }),
      sampleApplication({ id: 'app_3', status: statuses.authorizing }),
    ]);
    renderWithParcel(<ApplicationsTile />, { api, path: '/' });
    expect(await screen.findByTestId(ids.count)).toHaveTextContent(/^1$/);
  });

  it('shows the error component when the applications cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { api } = createFakeApi(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, data: { message: 'Database unavailable' } }
        : { status: 200, data: { list: sampleApplications, error: [] } };
    });
    renderWithParcel(<ApplicationsTile />, { api, path: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(ids.count)).toHaveTextContent('1');
  });

  it('is disabled for a banned account, without asking the api (it answers 402)', async () => {
    let calls = 0;
    const { api } = createFakeApi(() => {
      calls += 1;
      return { status: 402, data: { message: 'Account is blocked' } };
    });
    renderWithParcel(<ApplicationsTile />, { api, path: '/', viewer: { isBanned: true } });
    expect(await screen.findByText('Unavailable while the account is paused')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Applications' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
