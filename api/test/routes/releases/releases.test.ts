import crypto from 'node:crypto';
import type { ShellProvides } from '../../../src/services/live-shell';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

// The set-up migrates a database of its own: slower than Jest's 5 s on a busy machine.
jest.setTimeout(30_000);

const ADMIN = asUser('usr_release_admin', { isAdmin: true, email: 'ops@releases.test' });
const MANAGER = asUser('usr_release_manager');

/** What the live shell provides; a test may make it unreadable. */
let shellProvides: ShellProvides | null;
const LIVE_SHELL: ShellProvides = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@pos/shared': '0.1.0',
  '@pos/shared/router': '0.1.0',
};

let ctx: TestContext;
let admin: { authorization: string };
let manager: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext({
    liveShell: {
      provides: async () => {
        if (!shellProvides) throw new Error('unreachable');
        return shellProvides;
      },
    },
    env: { CANARY_MIN_REPORTS: '3', CANARY_FAILURE_THRESHOLD: '0.5', CANARY_WINDOW_MS: '60000' },
  });
  admin = await ctx.bearer(ADMIN);
  manager = await ctx.bearer(MANAGER);
});

beforeEach(() => {
  shellProvides = { ...LIVE_SHELL };
});

afterAll(async () => {
  await ctx?.close();
});

interface ReleaseAnswer {
  id: string;
  remote: string;
  version: string;
  entry: string;
  publishedBy: string;
}

let published = 0;

/** A release of `remote` as its release script sends it, with unique content. */
function releaseBody(remote: string, overrides: Record<string, unknown> = {}) {
  published += 1;
  const contentHash = crypto.createHash('sha256').update(`${remote}-${published}`).digest('hex');
  return {
    remote,
    version: `0.1.${published}`,
    commit: 'abcdef1234567',
    contentHash,
    entry: `http://127.0.0.1:3006/releases/${contentHash.slice(0, 16)}/mf-manifest.json`,
    shared: [
      { name: 'react', requiredVersion: '^19.3.1', version: '19.3.1' },
      { name: '@pos/shared', requiredVersion: '^0.1.0', version: '0.1.0' },
    ],
    builtAgainst: { react: '19.3.1', '@pos/shared': '0.1.0' },
    sizes: { jsBytes: 1000, jsGzipBytes: 400, entryBytes: 200 },
    ...overrides,
  };
}

async function publish(remote: string, overrides: Record<string, unknown> = {}) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/connect-ui/admin-panel/releases',
    headers: admin,
    payload: releaseBody(remote, overrides),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<ReleaseAnswer>();
}

const promote = (id: string, share: number, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/connect-ui/admin-panel/releases/${id}/promote`,
    headers,
    payload: { share },
  });

const rollback = (remote: string, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/connect-ui/admin-panel/releases/remotes/${remote}/rollback`,
    headers,
  });

interface LiveAnswer {
  remotes: Array<{
    name: string;
    release: string;
    entry: string;
    canary: { release: string; entry: string; share: number } | null;
  }>;
}

async function liveOf(remote: string) {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/releases/live' });
  expect(answer.statusCode).toBe(200);
  return answer.json<LiveAnswer>().remotes.find((entry) => entry.name === remote);
}

let reporters = 0;

/**
 * The beacon of one signed-in browser (its session cookie, as the shell's origin sends it): a
 * new user each time unless `sub` is given.
 */
const report = async (remote: string, release: string, outcome: string, sub?: string) => {
  reporters += 1;
  const token = await ctx.provider.sign(asUser(sub ?? `usr_reporter_${reporters}`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/connect-ui/releases/reports',
    headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `pos_token=${token}` },
    payload: JSON.stringify({ remote, release, outcome }),
  });
};

describe('the release registry (admins only)', () => {
  it('refuses every admin route without a token (401) and to a non-admin (403)', async () => {
    const release = await publish('mf_guarded');
    const calls = [
      { method: 'GET' as const, url: '/api/connect-ui/admin-panel/releases' },
      {
        method: 'POST' as const,
        url: '/api/connect-ui/admin-panel/releases',
        payload: releaseBody('mf_guarded'),
      },
      {
        method: 'POST' as const,
        url: `/api/connect-ui/admin-panel/releases/${release.id}/promote`,
        payload: { share: 100 },
      },
      {
        method: 'POST' as const,
        url: '/api/connect-ui/admin-panel/releases/remotes/mf_guarded/rollback',
      },
      {
        method: 'POST' as const,
        url: '/api/connect-ui/admin-panel/releases/remotes/mf_guarded/withdraw-canary',
      },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode).toBe(401);
      expect((await ctx.app.inject({ ...call, headers: manager })).statusCode).toBe(403);
    }
    expect(await liveOf('mf_guarded')).toBeUndefined();
  });

  it('records a release once per content, by its publisher, without making it live', async () => {
    const body = releaseBody('mf_once');
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ publishedBy: 'ops@releases.test', remote: 'mf_once' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
      payload: { ...body, version: '9.9.9' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, version: body.version });
    expect(await liveOf('mf_once')).toBeUndefined();
  });

  it('refuses a malformed release with 400', async () => {
    for (const overrides of [
      { remote: 'shell' },
      { entry: 'javascript:alert(1)' },
      { contentHash: 'not-a-hash' },
      { sizes: { jsBytes: -1, jsGzipBytes: 0, entryBytes: 0 } },
    ]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/connect-ui/admin-panel/releases',
        headers: admin,
        payload: releaseBody('mf_bad', overrides),
      });
      expect(answer.statusCode).toBe(400);
    }
  });

  it('promotes, keeps the one replaced for a one-step rollback, and audits who, from and to', async () => {
    const first = await publish('mf_flow');
    const second = await publish('mf_flow');
    expect((await promote(first.id, 100)).statusCode).toBe(200);
    expect(await liveOf('mf_flow')).toEqual({
      name: 'mf_flow',
      release: first.id,
      entry: first.entry,
      canary: null,
    });
    const promoted = await promote(second.id, 100);
    expect(promoted.json()).toMatchObject({
      liveReleaseId: second.id,
      previousReleaseId: first.id,
      event: { action: 'promote', fromReleaseId: first.id, toReleaseId: second.id },
    });
    expect((await liveOf('mf_flow'))?.release).toBe(second.id);

    const back = await rollback('mf_flow');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      liveReleaseId: first.id,
      previousReleaseId: null,
      event: { action: 'rollback', fromReleaseId: second.id, toReleaseId: first.id },
    });
    expect((await liveOf('mf_flow'))?.release).toBe(first.id);
    expect((await rollback('mf_flow')).statusCode).toBe(409);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
    });
    const body = listed.json<{
      remotes: Array<{ remote: string; liveReleaseId: string; releases: ReleaseAnswer[] }>;
      events: Array<{ remote: string; action: string; actor: string; at: string }>;
    }>();
    const remote = body.remotes.find((entry) => entry.remote === 'mf_flow');
    expect(remote?.liveReleaseId).toBe(first.id);
    expect(remote?.releases.map((release) => release.id)).toEqual([second.id, first.id]);
    expect(
      body.events.filter((event) => event.remote === 'mf_flow').map((event) => event.action),
    ).toEqual(['rollback', 'promote', 'promote']);
    expect(body.events.find((event) => event.remote === 'mf_flow')?.actor).toBe(
      'ops@releases.test',
    );
  });

  it('refuses a release that does not fit the live shell with the exact mismatch, changing nothing', async () => {
    const live = await publish('mf_compat');
    expect((await promote(live.id, 100)).statusCode).toBe(200);
    const newer = await publish('mf_compat', {
      shared: [
        { name: 'react', requiredVersion: '^20.0.0', version: '20.0.0' },
        { name: '@pos/shared', requiredVersion: '^0.1.0', version: '0.1.0' },
        { name: 'rxjs', requiredVersion: '^7.8.2', version: '7.8.2' },
      ],
    });
    for (const share of [100, 50]) {
      const refused = await promote(newer.id, share);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'ERR_INCOMPATIBLE',
        message:
          `Release ${newer.version} of mf_compat does not fit the live shell: ` +
          'react: the release needs ^20.0.0, the live shell provides 19.3.1; ' +
          'rxjs: the release needs ^7.8.2, the live shell provides none',
      });
    }
    expect(await liveOf('mf_compat')).toMatchObject({ release: live.id, canary: null });
  });

  it('changes nothing when the live shell cannot be read (502)', async () => {
    const release = await publish('mf_unreadable');
    shellProvides = null;
    const answer = await promote(release.id, 100);
    expect(answer.statusCode).toBe(502);
    expect(await liveOf('mf_unreadable')).toBeUndefined();
  });

  it('runs a canary for a share beside the live release, and withdraws it on request', async () => {
    const live = await publish('mf_canary');
    const canary = await publish('mf_canary');
    expect((await promote(canary.id, 50)).statusCode).toBe(409);
    expect((await promote(live.id, 100)).statusCode).toBe(200);
    expect((await promote(canary.id, 50)).json()).toMatchObject({
      liveReleaseId: live.id,
      canaryReleaseId: canary.id,
      canaryShare: 50,
      event: { action: 'canary', fromReleaseId: live.id, toReleaseId: canary.id, share: 50 },
    });
    expect(await liveOf('mf_canary')).toEqual({
      name: 'mf_canary',
      release: live.id,
      entry: live.entry,
      canary: { release: canary.id, entry: canary.entry, share: 50 },
    });
    expect((await promote(canary.id, 20)).json()).toMatchObject({ canaryShare: 20 });
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/admin-panel/releases/remotes/mf_canary/withdraw-canary',
      headers: admin,
    });
    expect(withdrawn.json()).toMatchObject({
      canaryReleaseId: null,
      event: { action: 'withdraw', fromReleaseId: canary.id, toReleaseId: live.id },
    });
    expect((await liveOf('mf_canary'))?.canary).toBeNull();

    // Promoting the canary to everyone ends it and keeps the old live release for a rollback.
    await promote(canary.id, 50);
    expect((await promote(canary.id, 100)).json()).toMatchObject({
      liveReleaseId: canary.id,
      previousReleaseId: live.id,
      canaryReleaseId: null,
    });
  });

  it('leaves exactly one live release and an unbroken audit when promotes run at once', async () => {
    const releases = [];
    for (let i = 0; i < 6; i += 1) releases.push(await publish('mf_race'));
    const answers = await Promise.all(releases.map((release) => promote(release.id, 100)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(releases.map(() => 200));
    const live = await liveOf('mf_race');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
    });
    const events = listed
      .json<{
        events: Array<{ remote: string; fromReleaseId: string | null; toReleaseId: string }>;
      }>()
      .events.filter((event) => event.remote === 'mf_race')
      .reverse();
    expect(events).toHaveLength(6);
    // Each promote replaced the one before it: no two saw the same live release.
    expect(events[0]?.fromReleaseId).toBeNull();
    for (let i = 1; i < events.length; i += 1) {
      expect(events[i]?.fromReleaseId).toBe(events[i - 1]?.toReleaseId);
    }
    expect(live?.release).toBe(events[events.length - 1]?.toReleaseId);
  });
});

describe("the shell's load beacon", () => {
  it('withdraws a canary on its own once enough of its loads fail, and records it', async () => {
    const live = await publish('mf_beacon');
    const canary = await publish('mf_beacon');
    await promote(live.id, 100);
    await promote(canary.id, 50);

    const loaded = await report('mf_beacon', canary.id, 'loaded');
    expect(loaded.statusCode).toBe(202);
    // Nothing changed: the shell's server keeps its live mapping.
    expect(loaded.headers['x-live-releases-changed']).toBeUndefined();
    expect((await report('mf_beacon', canary.id, 'load-failed')).statusCode).toBe(202);
    // 1 of 2 failed: below the minimum of 3 reports.
    expect((await liveOf('mf_beacon'))?.canary?.release).toBe(canary.id);
    // Failures of the live release, or reports naming another remote, do not count.
    await report('mf_beacon', live.id, 'load-failed');
    await report('mf_other', canary.id, 'load-failed');
    expect((await liveOf('mf_beacon'))?.canary?.release).toBe(canary.id);

    const last = await report('mf_beacon', canary.id, 'mount-failed');
    expect(last.statusCode).toBe(202);
    // The withdrawal tells the shell's server to ask for the live mapping again.
    expect(last.headers['x-live-releases-changed']).toBe('1');
    expect(await liveOf('mf_beacon')).toMatchObject({ release: live.id, canary: null });

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
    });
    const withdrawal = listed
      .json<{ events: Array<Record<string, unknown>> }>()
      .events.find((event) => event.remote === 'mf_beacon');
    expect(withdrawal).toMatchObject({
      action: 'auto-withdraw',
      actor: 'automatic',
      fromReleaseId: canary.id,
      toReleaseId: live.id,
      reason: '2 of 3 loads failed in the last 1 min',
    });
  });

  it('takes reports from signed-in browsers only, a few per person and release', async () => {
    const live = await publish('mf_spam');
    const canary = await publish('mf_spam');
    await promote(live.id, 100);
    await promote(canary.id, 50);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/releases/reports',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ remote: 'mf_spam', release: canary.id, outcome: 'load-failed' }),
    });
    expect(anonymous.statusCode).toBe(401);
    // One person cannot withdraw a canary alone: past 2 reports of a release, 429 and not counted.
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (await report('mf_spam', canary.id, 'load-failed', 'usr_one_person')).statusCode,
      );
    }
    expect(answers).toEqual([202, 202, 429, 429, 429]);
    expect((await liveOf('mf_spam'))?.canary?.release).toBe(canary.id);
  });

  it('refuses a malformed report with 400 and ignores an unknown release', async () => {
    expect((await report('mf_beacon', 'x', 'exploded')).statusCode).toBe(400);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/releases/reports',
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(bad.statusCode).toBe(400);
    expect((await report('mf_beacon', 'no-such-release', 'load-failed')).statusCode).toBe(202);
  });
});

describe("a release's slots", () => {
  /** The slots of a contract that gained a tile, as the release script reads them. */
  const slots = (tileRows: number) => ({
    navItems: [
      {
        id: 'slotted',
        label: 'Slotted',
        path: '/slotted',
        access: 'manager',
        order: 65,
        disabledWhenBanned: true,
        icon: 'stations',
      },
    ],
    tiles: [
      { id: 'slotted', title: 'Slotted', access: 'all', order: 30, rows: 2 },
      { id: 'slotted-new', title: 'New tile', access: 'manager', order: 35, rows: tileRows },
    ],
    navWidgets: [
      { id: 'slotted', title: 'Slotted', access: 'all', order: 5, height: 80, collapsedHeight: 40 },
    ],
  });

  const listedRelease = async (remote: string, id: string) => {
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
    });
    return listed
      .json<{ remotes: Array<{ remote: string; releases: Array<{ id: string }> }> }>()
      .remotes.find((entry) => entry.remote === remote)
      ?.releases.find((release) => release.id === id);
  };

  it('stores the slots a release is published with and answers them with it', async () => {
    const release = await publish('mf_slotted', { slots: slots(3) });
    expect(release).toMatchObject({ slots: slots(3) });
    expect(await listedRelease('mf_slotted', release.id)).toMatchObject({ slots: slots(3) });
  });

  it('answers null slots for a release published without them (the static file’s apply)', async () => {
    const release = await publish('mf_unslotted');
    expect(release).toMatchObject({ slots: null });
    expect(await listedRelease('mf_unslotted', release.id)).toMatchObject({ slots: null });
  });

  it('refuses malformed slots with 400 naming the field, and stores nothing', async () => {
    const good = slots(1);
    for (const malformed of [
      { ...good, tiles: [{ ...good.tiles[0], rows: 0 }] },
      { ...good, tiles: [{ ...good.tiles[0], rows: 1.5 }] },
      { ...good, tiles: [{ id: 'no-title', access: 'all', order: 1, rows: 1 }] },
      { ...good, navItems: [{ ...good.navItems[0], path: 'relative' }] },
      { ...good, navItems: [{ ...good.navItems[0], access: 'owner' }] },
      { ...good, navWidgets: [{ ...good.navWidgets[0], height: 0 }] },
      { ...good, navWidgets: [{ ...good.navWidgets[0], collapsedHeight: undefined }] },
      { ...good, footers: [] },
      { ...good, tiles: 'all of them' },
    ]) {
      const body = releaseBody('mf_malformed', { slots: malformed });
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/connect-ui/admin-panel/releases',
        headers: admin,
        payload: body,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/slots/);
    }
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/releases',
      headers: admin,
    });
    const remotes = listed.json<{ remotes: Array<{ remote: string }> }>().remotes;
    expect(remotes.find((entry) => entry.remote === 'mf_malformed')).toBeUndefined();
  });

  it("answers the live release's slots and the canary's in the live mapping", async () => {
    const live = await publish('mf_slots_live', { slots: slots(1) });
    const canary = await publish('mf_slots_live', { slots: slots(3) });
    expect((await promote(live.id, 100)).statusCode).toBe(200);
    expect(await liveOf('mf_slots_live')).toEqual({
      name: 'mf_slots_live',
      release: live.id,
      entry: live.entry,
      slots: slots(1),
      canary: null,
    });
    expect((await promote(canary.id, 30)).statusCode).toBe(200);
    expect(await liveOf('mf_slots_live')).toEqual({
      name: 'mf_slots_live',
      release: live.id,
      entry: live.entry,
      slots: slots(1),
      canary: { release: canary.id, entry: canary.entry, share: 30, slots: slots(3) },
    });
  });

  it('leaves slots out of the live mapping for releases recorded without them', async () => {
    const live = await publish('mf_slots_none');
    const canary = await publish('mf_slots_none');
    expect((await promote(live.id, 100)).statusCode).toBe(200);
    expect((await promote(canary.id, 50)).statusCode).toBe(200);
    const mapped = await liveOf('mf_slots_none');
    expect(mapped).not.toHaveProperty('slots');
    expect(mapped?.canary).not.toHaveProperty('slots');
  });
});
