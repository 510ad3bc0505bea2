import { screen, within } from '@testing-library/react';
import { createFakeStationsApi, gardenApplication, sampleApplications } from '../../fixtures';
import { stationsTestIds } from '../../testIds';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ApplicationStations } from './ApplicationStations';

const ids = stationsTestIds.applicationStations;

describe('ApplicationStations of a store without the Cloud POS plugin', () => {
  it('says the stations need the plugin, with its download and where to install it', async () => {
    const { api } = createFakeStationsApi({
      applications: [...sampleApplications, gardenApplication],
    });
    const { bubbles } = renderWithParcel(<ApplicationStations />, {
      api,
      path: '/applications/app_garden/stations',
    });
    const prompt = await screen.findByTestId(ids.pluginPrompt);
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Garden Supply' })).toBeVisible();
    expect(prompt).toHaveTextContent('Stations need the Cloud POS plugin');
    expect(prompt).toHaveTextContent(
      'Demo Garden Supply does not have the Cloud POS plugin active.',
    );
    const download = within(prompt).getByRole('link', { name: 'Download the Cloud POS plugin' });
    expect(download).toHaveAttribute('href', '/downloads/cloud-pos.zip');
    expect(prompt).toHaveTextContent(
      'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
    );
    // Plain words: no error bubble, no alert, no spinner, no empty table.
    expect(bubbles).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading stations')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.queryByText('There are no stations for this application'),
    ).not.toBeInTheDocument();
  });
});
