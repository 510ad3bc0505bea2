import { StoreHttpError, StoreUnreachableError } from '../../../src/services/store-client';
import { SLUG_MESSAGES } from '../../../src/domain/stations/slugs';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import {
  BASE,
  call,
  changeUser,
  connectApplication,
  createApplication,
  feedOf,
} from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
let books: string;
beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([createTestContext(), startTestSandbox()]);
  [coffee, books] = sandbox.stores;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});
afterEach(() => jest.restoreAllMocks());

interface Station {
  posID: string;
  name: string;
  url: string;
  cloudStationSlug: string;
  access: boolean;
  globalSettings: object;
}

const stationsOf = async (id: string, sub: string) => {
  const response = await call(ctx, 'GET', `/applications/${id}/stations`, undefined, sub);
  return { response, list: (response.json() as { list?: Station[] }).list ?? [] };
};

const updateSlug = (
  id: string,
  sub: string,
  stationId: string,
  stationSlug: string,
  oldStationSlug: string,
  stationName = 'Station',
) =>
  call(
    ctx,
    'PUT',
    `/applications/${id}/stations/update-slug`,
    { stationId, stationSlug, stationName, oldStationSlug },
    sub,
  );

const slugRows = (id: string) =>
  ctx.database.db
    .selectFrom('station_slugs')
    .select(['pos_id', 'slug'])
    .where('application_id', '=', id)
    .orderBy('pos_id')
    .execute();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Sets when the members of an application were copied (and tried), null: never. */
const setSynced = (id: string, syncedAt: string | null, attemptedAt: string | null = syncedAt) =>
  ctx.database.db
    .updateTable('applications')
    .set({ members_synced_at: syncedAt, members_sync_attempted_at: attemptedAt })
    .where('id', '=', id)
    .execute();

/** Headers of a token for the demo cashier's email under `sub`. */
const cashier = (sub: string) =>
  ctx.bearer(asUser(sub, { email: 'cashier@demo.test', name: 'Cash Ier' }));

describe('GET /applications/:id/stations', () => {
  it('lists the live stations with their slugs and whether the connected WP account may open them', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_st_list');
    const { response, list } = await stationsOf(id, 'usr_st_list');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.application).toEqual({
      id,
      name: 'Coffee',
      homeUrl: coffee,
      slug: expect.stringMatching(/^coffee/),
    });
    // Store user 1 (the key's owner) is listed on station 2, not on station 3 (users [2]).
    expect(list.map((s) => [s.posID, s.name, s.cloudStationSlug, s.access])).toEqual([
      ['1', 'Front Counter', '1', true],
      ['2', 'Espresso Bar', '2', true],
      ['3', 'Pickup Window', '3', false],
    ]);
    expect(list[0]?.url).toBe(`${coffee}/pos/1`);
    expect(typeof list[0]?.globalSettings).toBe('object');
  });

  it('copies the store users into the members while listing', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_st_members', 'Coffee', {
      shareWith: ['cashier@demo.test'],
    });
    await ctx.database.db
      .deleteFrom('application_members')
      .where('application_id', '=', id)
      .execute();
    await setSynced(id, minutesAgo(6));
    await stationsOf(id, 'usr_st_members');
    const member = await ctx.app.repos.members.findMember(id, 'Cashier@Demo.test');
    expect(member).toMatchObject({ wpUserId: 2, roles: ['cashier'] });
  });

  it('does not ask the store for its users again when they were copied under five minutes ago', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, coffee, 'usr_st_fresh');
    const allUsers = jest.spyOn(ctx.access.store, 'allUsers');
    const callsForKey = () =>
      allUsers.mock.calls.filter(([, credentials]) => credentials.consumerKey === key.consumer_key)
        .length;
    // Connecting copied them a moment ago.
    expect((await stationsOf(id, 'usr_st_fresh')).response.statusCode).toBe(200);
    expect(callsForKey()).toBe(0);
    await setSynced(id, minutesAgo(6));
    expect((await stationsOf(id, 'usr_st_fresh')).response.statusCode).toBe(200);
    expect(callsForKey()).toBe(1);
  });

  it('is 409 for an unauthorized application, 404 for another manager’s, 502 when the store fails', async () => {
    const unverified = await createApplication(ctx, coffee, 'Coffee', 'usr_st_409');
    const notAuthorized = await stationsOf(unverified, 'usr_st_409');
    expect(notAuthorized.response.statusCode).toBe(409);
    expect(notAuthorized.response.json().message).toBe('The application is not authorized.');

    const { id } = await connectApplication(ctx, sandbox, books, 'usr_st_owner', 'Books');
    const other = await stationsOf(id, 'usr_st_intruder');
    expect(other.response.statusCode).toBe(404);
    expect(other.response.json().message).toBe('Application not found');

    jest
      .spyOn(ctx.access.store, 'stations')
      .mockRejectedValueOnce(new StoreUnreachableError('connect ECONNREFUSED'));
    const failed = await stationsOf(id, 'usr_st_owner');
    expect(failed.response.statusCode).toBe(502);
    expect(failed.response.json().message).toBe(
      `The store at ${new URL(books).host} could not be reached`,
    );
  });

  it('is 403 for a cashier and 402 for a banned manager', async () => {
    await changeUser(ctx, 'usr_st_cashier', { user_role: 'other' });
    expect((await stationsOf('x', 'usr_st_cashier')).response.statusCode).toBe(403);
    await changeUser(ctx, 'usr_st_banned', { block: 'block' });
    expect((await stationsOf('x', 'usr_st_banned')).response.statusCode).toBe(402);
  });
});

describe('PUT /applications/:id/stations/update-slug', () => {
  it('sets a custom slug, tells the store, and logs posUrlChanged', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_ok');
    const response = await updateSlug(id, 'usr_slug_ok', '2', 'espresso-bar', '2', 'Espresso Bar');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ stationId: '2', stationSlug: 'espresso-bar' });
    const { list } = await stationsOf(id, 'usr_slug_ok');
    expect(list.find((s) => s.posID === '2')?.cloudStationSlug).toBe('espresso-bar');

    const credentials = { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret };
    const storeCopy = await ctx.access.store.stations(coffee, credentials);
    expect(storeCopy.find((s) => s.posId === 2)).toMatchObject({
      cloudSlug: 'espresso-bar',
      isDefault: false,
    });

    const slug = (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_slug_ok')).json()
      .data.slug as string;
    const [entry] = await feedOf(ctx, 'usr_slug_ok');
    expect(entry).toMatchObject({
      name: `POS URL of Espresso Bar changed to http://127.0.0.1:4300/${slug}/espresso-bar`,
      feedType: 'posUrlChanged',
      link: `/applications/${id}/stations`,
    });
    expect((entry as unknown as { linkName: string }).linkName).toBe('View Stations');
  });

  it('turns Default on and off, one default per application', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_default');
    expect((await updateSlug(id, 'usr_slug_default', '1', 'pos', '1')).statusCode).toBe(200);

    const second = await updateSlug(id, 'usr_slug_default', '2', 'pos', '2');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SLUG_MESSAGES.defaultTaken);

    const locked = await updateSlug(id, 'usr_slug_default', '1', 'front', 'pos');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(
      "The default station's POS URL cannot be changed. Turn Default off first.",
    );

    const credentials = { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret };
    expect((await ctx.access.store.stations(coffee, credentials))[0]?.isDefault).toBe(true);

    const off = await updateSlug(id, 'usr_slug_default', '1', '1', 'pos');
    expect(off.statusCode).toBe(200);
    expect(await slugRows(id)).toEqual([]);
    // The store's copy holds no slug for a station back at its own id.
    expect((await ctx.access.store.stations(coffee, credentials))[0]).toMatchObject({
      cloudSlug: null,
      isDefault: false,
    });
    expect((await updateSlug(id, 'usr_slug_default', '2', 'pos', '2')).statusCode).toBe(200);
    expect(await slugRows(id)).toEqual([{ pos_id: '2', slug: 'pos' }]);
  });

  it('still answers the store’s failure when the previous slug cannot be put back', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_restore');
    jest
      .spyOn(ctx.access.store, 'updateStation')
      .mockRejectedValueOnce(new StoreUnreachableError('socket hang up'));
    const restore = jest
      .spyOn(ctx.app.repos.stationSlugs, 'restoreSlug')
      .mockRejectedValueOnce(new Error('database went away'));
    const failed = await updateSlug(id, 'usr_slug_restore', '2', 'espresso', '2');
    expect(restore).toHaveBeenCalledTimes(1);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(`The store at ${new URL(coffee).host} could not be reached`);
  });

  it('refuses a slug another station has', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_dup');
    expect((await updateSlug(id, 'usr_slug_dup', '2', 'bar', '2')).statusCode).toBe(200);
    const duplicate = await updateSlug(id, 'usr_slug_dup', '3', 'bar', '3');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      'POS URL already exist. A unique POS URL per station is required.',
    );
    // The same slug in another application is fine.
    const { id: otherApp } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_dup2');
    expect((await updateSlug(otherApp, 'usr_slug_dup2', '3', 'bar', '3')).statusCode).toBe(200);
  });

  it('gives exactly one of two concurrent requests for one slug', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_race');
    const answers = await Promise.all([
      updateSlug(id, 'usr_slug_race', '2', 'counter', '2'),
      updateSlug(id, 'usr_slug_race', '3', 'counter', '3'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(SLUG_MESSAGES.duplicate);
    expect((await slugRows(id)).filter((row) => row.slug === 'counter')).toHaveLength(1);

    const defaults = await Promise.all([
      updateSlug(id, 'usr_slug_race', '1', 'pos', '1'),
      updateSlug(id, 'usr_slug_race', '2', 'pos', 'counter'),
      updateSlug(id, 'usr_slug_race', '3', 'pos', '3'),
    ]);
    const codes = defaults.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      (await slugRows(id)).filter((row) => row.slug === 'pos').map((row) => row.pos_id),
    ).toHaveLength(1);
  });

  it('is a compare-and-set on oldStationSlug (also between two concurrent changes of one station)', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_cas');
    const stale = await updateSlug(id, 'usr_slug_cas', '2', 'bar', 'not-what-is-stored');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
    );
    const both = await Promise.all([
      updateSlug(id, 'usr_slug_cas', '2', 'first', '2'),
      updateSlug(id, 'usr_slug_cas', '2', 'second', '2'),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.statusCode === 409)?.json().message).toBe(SLUG_MESSAGES.changed);
  });

  it('leaves the row as it was when the store refuses the change', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_store');
    expect((await updateSlug(id, 'usr_slug_store', '2', 'bar', '2')).statusCode).toBe(200);
    jest
      .spyOn(ctx.access.store, 'updateStation')
      .mockRejectedValueOnce(new StoreUnreachableError('socket hang up'));
    const failed = await updateSlug(id, 'usr_slug_store', '2', 'espresso', 'bar');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(`The store at ${new URL(coffee).host} could not be reached`);
    expect(await slugRows(id)).toEqual([{ pos_id: '2', slug: 'bar' }]);

    jest
      .spyOn(ctx.access.store, 'updateStation')
      .mockRejectedValueOnce(new StoreHttpError(403, 'woocommerce_rest_cannot_edit', 'No.'));
    const reset = await updateSlug(id, 'usr_slug_store', '2', '2', 'bar');
    expect(reset.statusCode).toBe(502);
    expect(reset.json().message).toBe('The store rejected the stored keys: No.');
    expect(await slugRows(id)).toEqual([{ pos_id: '2', slug: 'bar' }]);
    expect((await feedOf(ctx, 'usr_slug_store')).map((e) => e.feedType)).toEqual([
      'posUrlChanged',
      'applicationAuthorized',
      'applicationAdded',
    ]);
  });

  it.each([
    ['', SLUG_MESSAGES.empty],
    ['a'.repeat(65), SLUG_MESSAGES.tooLong],
    ['Front', SLUG_MESSAGES.pattern],
    ['front--desk', SLUG_MESSAGES.pattern],
    ['-front', SLUG_MESSAGES.pattern],
    ['front desk', SLUG_MESSAGES.pattern],
    ['42', SLUG_MESSAGES.letter],
  ])('refuses the slug %j with 400 %j', async (slug, message) => {
    const response = await updateSlug('any', 'usr_slug_rules', '2', slug, '2');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [
      { stationId: 'two', stationSlug: 'bar', stationName: 'Bar', oldStationSlug: '2' },
      'stationId',
    ],
    [{ stationId: '2', stationSlug: 'bar', stationName: '', oldStationSlug: '2' }, 'stationName'],
    [{ stationId: '2', stationSlug: 'bar', oldStationSlug: '2' }, 'stationName'],
    [
      { stationId: '2', stationSlug: 'bar', stationName: 'Bar', oldStationSlug: '' },
      'oldStationSlug',
    ],
    [{ stationId: '2', stationSlug: 'bar', stationName: 'Bar', oldStationSlug: '2', x: 1 }, "'x'"],
  ])('refuses the body %j naming %s', async (payload, field) => {
    const response = await call(
      ctx,
      'PUT',
      '/applications/any/stations/update-slug',
      payload,
      'usr_slug_body',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('is 404 for a station the store does not have, another manager’s application, 403/402 for cashiers and the banned', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_slug_404');
    const station = await updateSlug(id, 'usr_slug_404', '99', 'bar', '99');
    expect(station.statusCode).toBe(404);
    expect(station.json().message).toBe('Station not found');
    const other = await updateSlug(id, 'usr_slug_other', '2', 'bar', '2');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Application not found');
    await changeUser(ctx, 'usr_slug_cashier', { user_role: 'other' });
    expect((await updateSlug(id, 'usr_slug_cashier', '2', 'bar', '2')).statusCode).toBe(403);
    await changeUser(ctx, 'usr_slug_banned', { block: 'block' });
    expect((await updateSlug(id, 'usr_slug_banned', '2', 'bar', '2')).statusCode).toBe(402);
    expect(await slugRows(id)).toEqual([]);
  });
});

describe('GET /shared-stations', () => {
  const shared = async (sub: string) =>
    ctx.app.inject({ method: 'GET', url: `${BASE}/shared-stations`, headers: await cashier(sub) });

  it('groups the stations of other users’ applications whose store lists the caller', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_sh_owner', 'Roasters', {
      shareWith: ['cashier@demo.test'],
    });
    await updateSlug(id, 'usr_sh_owner', '1', 'pos', '1');
    await changeUser(ctx, 'usr_sh_cashier', { user_role: 'other' }, { email: 'cashier@demo.test' });
    const response = await shared('usr_sh_cashier');
    expect(response.statusCode).toBe(200);
    const group = (
      response.json().list as Array<{ application: { id: string }; [key: string]: unknown }>
    ).find((g) => g.application.id === id);
    expect(group).toMatchObject({
      application: { id, name: 'Roasters', slug: expect.stringMatching(/^roasters/) },
      adminName: 'User usr sh owner',
      roles: ['cashier'],
    });
    // Store user 2 (the cashier) may open 1 (everyone) and 3 (users [2]), not 2 (users [1, 3]).
    const stations = group?.stations as Station[];
    expect(stations.map((s) => [s.posID, s.cloudStationSlug, s.access])).toEqual([
      ['1', 'pos', true],
      ['2', '2', false],
      ['3', '3', true],
    ]);
  });

  it('shares nothing because a store lists the caller’s email: only once the owner invited them from the dashboard', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_sh_lister', 'Lister');
    await changeUser(ctx, 'usr_sh_listed', { user_role: 'other' }, { email: 'cashier@demo.test' });
    const ids = async () =>
      ((await shared('usr_sh_listed')).json().list as Array<{ application: { id: string } }>).map(
        (group) => group.application.id,
      );
    // The store lists store user 2 with that email, and the members were copied.
    const listed = await ctx.database.db
      .selectFrom('application_members')
      .select('wp_user_id')
      .where('application_id', '=', id)
      .where('email', '=', 'cashier@demo.test')
      .execute();
    expect(listed.map((row) => Number(row.wp_user_id))).toEqual([2]);
    expect(await ids()).not.toContain(id);
    // The owner's list offers them an invitation (a wp user), not 'Active' (a pos user).
    const kindOf = async () => {
      const accounts = (
        await call(ctx, 'GET', `/applications/${id}/user-accounts`, undefined, 'usr_sh_lister')
      ).json().userAccounts as Record<'pos' | 'wp', Array<{ email: string }>>;
      return accounts.pos.some((u) => u.email === 'cashier@demo.test') ? 'pos' : 'wp';
    };
    expect(await kindOf()).toBe('wp');
    // The owner invites store user 2 from the dashboard: shared.
    const invited = await call(
      ctx,
      'POST',
      '/send-invite-email',
      { applicationId: id, wpUserId: 2 },
      'usr_sh_lister',
    );
    expect(invited.statusCode).toBe(200);
    expect(await ids()).toContain(id);
    expect(await kindOf()).toBe('pos');
  });

  it('matches only a verified email: an unconfirmed sign-up with a staff address sees nothing', async () => {
    const { id } = await connectApplication(
      ctx,
      sandbox,
      coffee,
      'usr_sh_owner2',
      'Verified only',
      { shareWith: ['cashier@demo.test'] },
    );
    const unverified = await ctx.bearer(
      asUser('usr_sh_unverified', {
        email: 'cashier@demo.test',
        name: 'Not Really Cash',
        isVerified: false,
      }),
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/shared-stations`,
      headers: unverified,
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json().list as Array<{ application: { id: string } }>).map(
      (group) => group.application.id,
    );
    expect(ids).not.toContain(id);
  });

  it('syncs applications never synced, leaves out a failing store, and lists nothing for a stranger', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_sh_good', 'Good', {
      shareWith: ['cashier@demo.test'],
    });
    const broken = await connectApplication(ctx, sandbox, coffee, 'usr_sh_broken', 'Gone', {
      shareWith: ['cashier@demo.test'],
    });
    await setSynced(id, null);
    await setSynced(broken.id, null);
    await ctx.database.db
      .deleteFrom('application_members')
      .where('application_id', 'in', [id, broken.id])
      .execute();
    const stations = ctx.access.store.stations.bind(ctx.access.store);
    jest
      .spyOn(ctx.access.store, 'stations')
      .mockImplementation(async (home, credentials) =>
        credentials.consumerKey === broken.key.consumer_key
          ? Promise.reject(new StoreUnreachableError('down'))
          : stations(home, credentials),
      );
    const response = await shared('usr_sh_sync');
    expect(response.statusCode).toBe(200);
    const ids = (response.json().list as Array<{ application: { id: string } }>).map(
      (g) => g.application.id,
    );
    expect(ids).toContain(id);
    expect(ids).not.toContain(broken.id);
    const synced = await ctx.database.db
      .selectFrom('applications')
      .select('members_synced_at')
      .where('id', '=', broken.id)
      .executeTakeFirstOrThrow();
    expect(synced.members_synced_at).not.toBeNull();

    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/shared-stations`,
      headers: await ctx.bearer(asUser('usr_sh_stranger')),
    });
    expect(stranger.json()).toEqual({ list: [], pluginMissingCount: 0 });
  });

  it('leaves out a store that fails in an unforeseen way, listing the others', async () => {
    const good = await connectApplication(ctx, sandbox, coffee, 'usr_sh_fine', 'Fine', {
      shareWith: ['cashier@demo.test'],
    });
    const odd = await connectApplication(ctx, sandbox, coffee, 'usr_sh_odd', 'Odd', {
      shareWith: ['cashier@demo.test'],
    });
    const stations = ctx.access.store.stations.bind(ctx.access.store);
    jest
      .spyOn(ctx.access.store, 'stations')
      .mockImplementation(async (home, credentials) =>
        credentials.consumerKey === odd.key.consumer_key
          ? Promise.reject(new TypeError('Cannot read properties of undefined'))
          : stations(home, credentials),
      );
    const response = await shared('usr_sh_odd_caller');
    expect(response.statusCode).toBe(200);
    const ids = (response.json().list as Array<{ application: { id: string } }>).map(
      (g) => g.application.id,
    );
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(odd.id);
  });

  it('does not ask a failing store for its users again within ten minutes', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, coffee, 'usr_sh_dead', 'Dead');
    await setSynced(id, null);
    const allUsers = jest
      .spyOn(ctx.access.store, 'allUsers')
      .mockRejectedValue(new StoreUnreachableError('timeout'));
    const callsForKey = () =>
      allUsers.mock.calls.filter(([, credentials]) => credentials.consumerKey === key.consumer_key)
        .length;
    expect((await shared('usr_sh_dead_1')).statusCode).toBe(200);
    expect(callsForKey()).toBe(1);
    expect((await shared('usr_sh_dead_2')).statusCode).toBe(200);
    expect(callsForKey()).toBe(1);
    // Once the pause is over it is tried again.
    await setSynced(id, null, minutesAgo(11));
    expect((await shared('usr_sh_dead_1')).statusCode).toBe(200);
    expect(callsForKey()).toBe(2);
  });

  it('never lists the caller’s own applications', async () => {
    const headers = await ctx.bearer(asUser('usr_sh_self', { email: 'owner@coffee.demo.test' }));
    const id = await createApplication(ctx, coffee, 'Mine', 'usr_sh_self');
    const key = await sandbox.mintKey(coffee);
    await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/applications/${id}`,
      headers,
      payload: { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/shared-stations`,
      headers,
    });
    const ids = (response.json().list as Array<{ application: { id: string } }>).map(
      (g) => g.application.id,
    );
    expect(ids).not.toContain(id);
  });

  it('is 402 for a banned user', async () => {
    await changeUser(ctx, 'usr_sh_banned', { block: 'block' }, { email: 'cashier@demo.test' });
    expect((await shared('usr_sh_banned')).statusCode).toBe(402);
  });
});

describe('what an application keeps of its store', () => {
  const membersOf = (id: string) =>
    ctx.database.db
      .selectFrom('application_members')
      .select('wp_user_id')
      .where('application_id', '=', id)
      .execute();

  it('is forgotten when the application is disconnected, but for the station addresses the store keeps too', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_keep_deauth');
    expect((await updateSlug(id, 'usr_keep_deauth', '2', 'bar', '2')).statusCode).toBe(200);
    expect((await membersOf(id)).length).toBeGreaterThan(0);
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { deauth: true },
      'usr_keep_deauth',
    );
    expect(response.statusCode).toBe(200);
    expect(await membersOf(id)).toEqual([]);
    // Issue 27: the store keeps its copy of the slugs, so a reconnect must find them as they were.
    expect(await slugRows(id)).toEqual([{ pos_id: '2', slug: 'bar' }]);
    const row = await ctx.app.repos.applications.findById(id);
    expect(row).toMatchObject({ members_synced_at: null, members_sync_attempted_at: null });
  });

  it('is forgotten when the application moves to another URL', async () => {
    const id = await createApplication(ctx, coffee, 'Moving', 'usr_keep_url');
    await ctx.app.repos.members.replaceMembers(id, [
      { id: 2, email: 'cashier@demo.test', name: 'Cash Ier', roles: ['cashier'] },
    ]);
    await ctx.app.repos.stationSlugs.putSlug(id, '1', 'pos');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { homeUrl: books },
      'usr_keep_url',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.homeUrl).toBe(books);
    expect(await membersOf(id)).toEqual([]);
    expect(await slugRows(id)).toEqual([]);
    expect((await ctx.app.repos.applications.findById(id))?.members_synced_at).toBeNull();
  });
});
