import { screen, waitFor, within } from '@testing-library/react';
import {
  createFakeStationsApi,
  gardenApplication,
  sampleApplication,
  sampleApplications,
} from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { cashierViewer } from '@pos/shared/testing';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { StationList } from './StationList';

const ids = stationsTestIds.stations;
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('StationList and the Cloud POS plugin', () => {
  it('leaves a store without the plugin out of My Stations and says how many, with the download', async () => {
    const { api } = createFakeStationsApi({
      applications: [...sampleApplications, gardenApplication],
    });
    const { bubbles } = renderWithParcel(<StationList />, { api });
    const leftOut = await screen.findByTestId(ids.myStationsLeftOut);
    expect(leftOut).toHaveTextContent('1 store left out: it needs the Cloud POS plugin');
    expect(
      within(leftOut).getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', '/downloads/cloud-pos.zip');
    const mine = section('My Stations');
    await waitFor(() =>
      expect(mine.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
        'Demo Coffee Roasters',
      ]),
    );
    expect(screen.queryByTestId(ids.myStationsRow('app_garden'))).not.toBeInTheDocument();
    expect(bubbles).toEqual([]);
  });

  it('says only that every connected store was left out, not that there are none', async () => {
    const { api } = createFakeStationsApi({ applications: [gardenApplication], shared: [] });
    renderWithParcel(<StationList />, { api });
    expect(await screen.findByTestId(ids.myStationsLeftOut)).toBeVisible();
    expect(screen.queryByText('There are no authorized applications')).not.toBeInTheDocument();
  });

  it("counts the stores 'Shared with me' left out", async () => {
    const { api } = createFakeStationsApi({ sharedPluginMissing: 2 });
    renderWithParcel(<StationList />, { api, viewer: cashierViewer });
    const leftOut = await screen.findByTestId(ids.sharedLeftOut);
    expect(leftOut).toHaveTextContent('2 stores left out: they need the Cloud POS plugin');
    expect(section('Shared with me').getByTestId(ids.sharedRow('app_tea'))).toBeVisible();
  });

  it('shows no note when no store was left out', async () => {
    const { api } = createFakeStationsApi();
    renderWithParcel(<StationList />, { api });
    await screen.findByTestId(ids.sharedRow('app_tea'));
    await screen.findByTestId(ids.myStationsRow('app_coffee'));
    expect(screen.queryByTestId(ids.myStationsLeftOut)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.sharedLeftOut)).not.toBeInTheDocument();
  });

  it("shows an unverified application's one status and reason, without asking its store again", async () => {
    const reason = 'The store at 127.0.0.1:4202 could not be reached';
    const { api, requests } = createFakeStationsApi({
      applications: [
        sampleApplication(),
        sampleApplication({
          id: 'app_books',
          name: 'Demo Book Nook',
          isVerifiedAuth: false,
          status: { code: 'unverified', label: 'Unverified', reason },
        }),
      ],
    });
    renderWithParcel(<StationList />, { api });
    const status = await screen.findByTestId(ids.myStationsStatus('app_books'));
    expect(status).toHaveTextContent(/^Unverified$/);
    expect(status).toHaveAttribute('title', reason);
    expect(requests.map((request) => request.url)).not.toContain('applications/app_books/stations');
  });
});
