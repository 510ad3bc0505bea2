import type { ParcelLifecycles } from '@pos/shared';
import type { RemoteEntry } from '../config/runtimeConfig';
import { parseRemotes } from '../config/runtimeConfig';
import { makeContract } from '../testing/contracts';
import type { FederationRuntime } from './federationRuntime';
import { RemoteRegistry } from './RemoteRegistry';
import {
  beaconReporter,
  canaryBucket,
  chooseReleases,
  reportingContract,
  type ReleaseOutcome,
} from './releases';

const LIVE = 'http://127.0.0.1:3006/releases/aaaa/mf-manifest.json';
const CANARY = 'http://127.0.0.1:3006/releases/bbbb/mf-manifest.json';

const adminRemote = (share: number): RemoteEntry => ({
  name: 'mf_admin',
  access: 'admin',
  entry: LIVE,
  routes: ['/admin-panel'],
  release: 'rel-live',
  canary: { release: 'rel-canary', entry: CANARY, share },
});

const users = Array.from({ length: 400 }, (_, i) => `usr_${i}`);

describe("each remote's release for a signed-in user", () => {
  it('gives a user the same build at every start, the canary to about its share', () => {
    const chosen = users.map((user) => chooseReleases([adminRemote(50)], user)[0]);
    const again = users.map((user) => chooseReleases([adminRemote(50)], user)[0]);
    expect(again).toEqual(chosen);
    const onCanary = chosen.filter((remote) => remote?.entry === CANARY);
    expect(onCanary.length).toBeGreaterThan(160);
    expect(onCanary.length).toBeLessThan(240);
    expect(onCanary[0]).toMatchObject({ release: 'rel-canary', isCanary: true });
    expect(chosen.find((remote) => remote?.entry === LIVE)).toMatchObject({ release: 'rel-live' });
    expect(chosen.every((remote) => remote && !('canary' in remote))).toBe(true);
  });

  it("gives the canary's users the canary's slots and everyone else the live release's", () => {
    const tile = (id: string, rows: number) => ({
      id,
      title: id,
      access: 'all' as const,
      order: 10,
      rows,
    });
    const liveSlots = { navItems: [], tiles: [tile('users', 1)], navWidgets: [] };
    const canarySlots = {
      navItems: [],
      tiles: [tile('users', 1), tile('added', 2)],
      navWidgets: [],
    };
    const remote: RemoteEntry = {
      ...adminRemote(50),
      slots: liveSlots,
      canary: { release: 'rel-canary', entry: CANARY, share: 50, slots: canarySlots },
    };
    const chosen = users.map((user) => chooseReleases([remote], user)[0]);
    expect(chosen.filter((entry) => entry?.isCanary).every((e) => e?.slots === canarySlots)).toBe(
      true,
    );
    expect(chosen.filter((entry) => !entry?.isCanary).every((e) => e?.slots === liveSlots)).toBe(
      true,
    );
    expect(chosen.some((entry) => entry?.isCanary)).toBe(true);
    // A canary recorded without slots keeps the entry's.
    const { slots: _none, ...bare } = remote.canary!;
    const unslotted = users.map((user) => chooseReleases([{ ...remote, canary: bare }], user)[0]);
    expect(unslotted.every((entry) => entry?.slots === liveSlots)).toBe(true);
  });

  it('keeps the canary users on it when the share grows', () => {
    const at = (share: number) =>
      new Set(
        users.filter((user) => chooseReleases([adminRemote(share)], user)[0]?.entry === CANARY),
      );
    const ten = at(10);
    const fifty = at(50);
    expect([...ten].every((user) => fifty.has(user))).toBe(true);
    expect(fifty.size).toBeGreaterThan(ten.size);
  });

  it('draws a bucket per user and remote', () => {
    expect(canaryBucket('usr_1', 'mf_admin')).toBe(canaryBucket('usr_1', 'mf_admin'));
    const buckets = new Set(users.map((user) => canaryBucket(user, 'mf_admin')));
    expect(buckets.size).toBeGreaterThan(90);
    expect(Math.max(...buckets)).toBeLessThan(100);
  });

  it('gives everyone the live release without a user', () => {
    expect(chooseReleases([adminRemote(99)], null)[0]?.entry).toBe(LIVE);
  });
});

describe('remotes.json with releases', () => {
  it('reads the live release and a well-formed canary, and drops a malformed one', () => {
    const [good, bad] = parseRemotes({
      remotes: [
        {
          name: 'mf_a',
          entry: LIVE,
          release: 'r1',
          canary: { release: 'r2', entry: CANARY, share: 50 },
        },
        {
          name: 'mf_b',
          entry: LIVE,
          release: 'r1',
          canary: { release: 'r2', entry: CANARY, share: 100 },
        },
      ],
    });
    expect(good).toMatchObject({
      release: 'r1',
      canary: { release: 'r2', entry: CANARY, share: 50 },
    });
    expect(bad).not.toHaveProperty('canary');
  });
});

describe("remotes.json's canary slots", () => {
  it("reads a canary's own slots, each entry checked as the remote's are", () => {
    const [remote] = parseRemotes({
      remotes: [
        {
          name: 'mf_a',
          entry: LIVE,
          release: 'r1',
          canary: {
            release: 'r2',
            entry: CANARY,
            share: 50,
            slots: {
              tiles: [
                { id: 'added', title: 'Added', access: 'all', order: 5, rows: 2 },
                { id: 'broken', access: 'all', order: 6, rows: 1 },
              ],
            },
          },
        },
      ],
    });
    expect(remote?.canary?.slots).toEqual({
      navItems: [],
      tiles: [{ id: 'added', title: 'Added', access: 'all', order: 5, rows: 2 }],
      navWidgets: [],
    });
  });
});

describe('the release beacon', () => {
  const lifecycles = (mount: ParcelLifecycles['mount']): ParcelLifecycles => ({
    bootstrap: async () => undefined,
    mount,
    unmount: async () => undefined,
    update: async () => undefined,
  });

  it('sends remote, release and outcome only, and nothing for a remote that is no release', () => {
    const send = jest.fn(() => true);
    const report = beaconReporter(send);
    report(chooseReleases([adminRemote(50)], null)[0] as RemoteEntry, 'load-failed');
    report({ name: 'mf_x', entry: LIVE, routes: [], access: 'all' }, 'load-failed');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      '/api/connect-ui/releases/reports',
      JSON.stringify({ remote: 'mf_admin', release: 'rel-live', outcome: 'load-failed' }),
    );
  });

  it("reports a parcel's load and mount failures, and passes them on", async () => {
    const outcomes: ReleaseOutcome[] = [];
    const remote = chooseReleases([adminRemote(50)], null)[0] as RemoteEntry;
    const contract = reportingContract(
      makeContract('mf_admin', {
        routes: [
          {
            path: '/admin-panel',
            title: 'Admin Panel',
            access: 'admin',
            bannedPolicy: 'redirect',
            load: async () => lifecycles(() => Promise.reject(new Error('mount failed'))),
          },
        ],
        tiles: [
          {
            id: 'tile',
            title: 'Users',
            access: 'admin',
            order: 1,
            load: () => Promise.reject(new Error('ChunkLoadError')),
          },
        ],
      }),
      remote,
      (_remote, outcome) => outcomes.push(outcome),
    );
    const page = await contract.routes[0]!.load();
    await expect(page.mount({} as never)).rejects.toThrow('mount failed');
    await expect(contract.tiles[0]!.load()).rejects.toThrow('ChunkLoadError');
    expect(outcomes).toEqual(['mount-failed', 'load-failed']);
  });

  it("reports a canary's loads and any release's failed load from the registry", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const outcomes: Array<[string | undefined, ReleaseOutcome]> = [];
    const canaryUser = users.find((user) => canaryBucket(user, 'mf_admin') < 50) as string;
    const runtime: FederationRuntime = {
      registerRemotes: () => undefined,
      loadRemote: async () => makeContract('mf_admin'),
    };
    const registry = new RemoteRegistry(
      chooseReleases([adminRemote(50)], canaryUser),
      runtime,
      {},
      (remote, outcome) => outcomes.push([remote.release, outcome]),
    );
    await registry.loadAll();
    expect(outcomes).toEqual([['rel-canary', 'loaded']]);

    const failing = new RemoteRegistry(
      chooseReleases([adminRemote(50)], canaryUser),
      { registerRemotes: () => undefined, loadRemote: () => Promise.reject(new Error('404')) },
      { retries: 0 },
      (remote, outcome) => outcomes.push([remote.release, outcome]),
    );
    await failing.loadAll();
    expect(outcomes[1]).toEqual(['rel-canary', 'load-failed']);
  });
});
