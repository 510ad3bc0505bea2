import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Release, ReleasesOverview } from '@pos/shared';
import { createFakeApi } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { Releases } from './Releases';

const release = (id: string, version: string, publishedAt: string): Release => ({
  id,
  remote: 'mf_admin',
  version,
  commit: `${id}0000000`,
  contentHash: id.padEnd(64, '0'),
  entry: `http://127.0.0.1:3006/releases/${id}/mf-manifest.json`,
  shared: [],
  builtAgainst: { react: '19.3.1' },
  sizes: { jsBytes: 204_800, jsGzipBytes: 61_440, entryBytes: 4096 },
  slots: null,
  publishedBy: 'ops@demo.test',
  publishedAt,
});

const first = release('aaa', '0.1.0', '2026-11-01T10:00:00.000Z');
const second = release('bbb', '0.1.1', '2026-11-02T10:00:00.000Z');
const third = release('ccc', '0.1.2', '2026-11-03T10:00:00.000Z');

const overview: ReleasesOverview = {
  remotes: [
    {
      remote: 'mf_admin',
      liveReleaseId: second.id,
      previousReleaseId: first.id,
      canaryReleaseId: null,
      canaryShare: 0,
      releases: [third, second, first],
    },
  ],
  events: [
    {
      id: 'e1',
      remote: 'mf_admin',
      action: 'promote',
      fromReleaseId: first.id,
      toReleaseId: second.id,
      share: 100,
      actor: 'ops@demo.test',
      reason: null,
      at: '2026-11-02T11:00:00.000Z',
    },
  ],
};

function fakeReleasesApi(refusal?: string) {
  return createFakeApi((request) => {
    if (request.method === 'GET' && request.url === 'admin-panel/releases') {
      return { status: 200, data: overview };
    }
    if (request.method === 'POST' && refusal) {
      return { status: 409, data: { message: refusal, code: 'ERR_INCOMPATIBLE' } };
    }
    if (request.method === 'POST') return { status: 200, data: { event: null } };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const rowOf = (version: string) =>
  within(
    screen
      .getByRole('rowheader', { name: new RegExp(`^${version.replace(/\./g, '\\.')} `) })
      .closest('tr')!,
  );

describe('Releases', () => {
  it("shows each remote's live and previous releases with size, commit and publisher, and the history", async () => {
    renderWithParcel(<Releases />, { api: fakeReleasesApi().api, path: '/admin-panel/releases' });
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    expect(sections.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin-panel');
    expect(sections.getByRole('link', { name: 'Releases' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findByRole('heading', { level: 2, name: 'mf_admin' });
    expect(
      screen.getByText('0.1.1 (bbb0000, bbb00000) · 60.0 KB gzipped · by ops@demo.test'),
    ).toBeInTheDocument();
    expect(rowOf('0.1.1').getByText('Live')).toBeInTheDocument();
    expect(rowOf('0.1.0').getByText('Previous')).toBeInTheDocument();
    expect(rowOf('0.1.2').getByText('200.0 KB (60.0 KB gzipped)')).toBeInTheDocument();
    const history = within(screen.getByRole('table', { name: 'Release history' }));
    expect(history.getByText('Promoted to everyone')).toBeInTheDocument();
    expect(history.getByText('0.1.0 (aaa0000, aaa00000)')).toBeInTheDocument();
  });

  it('asks before promoting, sends nothing on Cancel, and promotes to everyone on confirm', async () => {
    const user = userEvent.setup();
    const { api, requests } = fakeReleasesApi();
    const { bubbles } = renderWithParcel(<Releases />, { api });
    await screen.findByRole('heading', { level: 2, name: 'mf_admin' });
    await user.click(rowOf('0.1.2').getByRole('button', { name: 'Promote to everyone' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Promote 0.1.2 (ccc0000, ccc00000) to everyone?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(rowOf('0.1.2').getByRole('button', { name: 'Promote to everyone' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toMatchObject([
        { url: 'admin-panel/releases/ccc/promote', body: { share: 100 } },
      ]),
    );
    expect(bubbles).toContainEqual({
      message: '0.1.2 (ccc0000, ccc00000) is live for everyone on mf_admin.',
      status: 'success',
    });
  });

  it('starts a canary for the share chosen in the confirmation, and rolls back after asking', async () => {
    const user = userEvent.setup();
    const { api, requests } = fakeReleasesApi();
    renderWithParcel(<Releases />, { api });
    await screen.findByRole('heading', { level: 2, name: 'mf_admin' });
    await user.click(rowOf('0.1.2').getByRole('button', { name: 'Canary' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Share of signed-in users'), '50');
    await user.click(dialog.getByRole('button', { name: 'Start canary' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toMatchObject([
        { url: 'admin-panel/releases/ccc/promote', body: { share: 50 } },
      ]),
    );

    await user.click(
      screen.getByRole('button', { name: 'Roll back to 0.1.0 (aaa0000, aaa00000)' }),
    );
    expect(within(screen.getByRole('dialog')).getByText('Roll mf_admin back?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')[1]).toMatchObject({
        url: 'admin-panel/releases/remotes/mf_admin/rollback',
      }),
    );
  });

  it("tells the api's refusal, naming the mismatch", async () => {
    const user = userEvent.setup();
    const refusal =
      'Release 0.1.2 of mf_admin does not fit the live shell: react: the release needs ^20.0.0, the live shell provides 19.3.1';
    const { bubbles } = renderWithParcel(<Releases />, { api: fakeReleasesApi(refusal).api });
    await screen.findByRole('heading', { level: 2, name: 'mf_admin' });
    await user.click(rowOf('0.1.2').getByRole('button', { name: 'Promote to everyone' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(bubbles).toContainEqual({ message: refusal, status: 'danger' }));
  });
});
