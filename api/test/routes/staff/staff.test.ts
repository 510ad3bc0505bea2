import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/app';
import type { DatabaseHandle } from '../../../src/db';
import { openDatabase } from '../../../src/db';
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

// Each test talks to the sandbox store over HTTP several times; the machine may be busy.
jest.setTimeout(30_000);

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
let books: string;
/** The demo manager's application on Demo Coffee Roasters (the multiple-user add-on active). */
let coffeeApp: string;
/** The same manager's application on Demo Book Nook (no add-on). */
let booksApp: string;

const MANAGER = 'usr_staff_manager';

beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([createTestContext(), startTestSandbox()]);
  [coffee, books] = sandbox.stores;
  coffeeApp = (await connectApplication(ctx, sandbox, coffee, MANAGER, 'Coffee')).id;
  booksApp = (await connectApplication(ctx, sandbox, books, MANAGER, 'Books')).id;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

interface StaffUser {
  wpUserId: number;
  name: string;
  email: string;
  username: string;
  roles: string[];
  role: string | null;
  kind: 'pos' | 'wp';
  lastAccess: string | null;
  invitationCount: number;
  isConnectionOwner: boolean;
}

interface StaffList {
  data: StaffUser[];
  isMultiplePluginActive: boolean;
  totalAll: number;
}

const list = (applicationId: string, query = '', sub = MANAGER) =>
  call(ctx, 'GET', `/staff/users?applicationId=${applicationId}${query}`, undefined, sub);

/** Every staff user of the application (pages of 100). */
async function everyone(applicationId: string): Promise<StaffUser[]> {
  const users: StaffUser[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await list(applicationId, `&page=${page}&limit=100`)).json() as StaffList;
    users.push(...body.data);
    if (users.length >= body.totalAll || body.data.length === 0) return users;
  }
}

const create = (body: Record<string, unknown>, sub = MANAGER) =>
  call(ctx, 'POST', '/staff/users', { applicationId: coffeeApp, role: 'cashier', ...body }, sub);

const invite = (wpUserId: number, applicationId = coffeeApp, sub = MANAGER) =>
  call(ctx, 'POST', '/staff/invitations', { applicationId, wpUserId }, sub);

const changeRole = (wpUserId: number, role: string, applicationId = coffeeApp, sub = MANAGER) =>
  call(ctx, 'PATCH', `/staff/users/${wpUserId}`, { applicationId, role }, sub);

const remove = (wpUserId: number, applicationId = coffeeApp, sub = MANAGER) =>
  call(ctx, 'DELETE', `/staff/users/${wpUserId}?applicationId=${applicationId}`, undefined, sub);

/** The member rows of an application, by WordPress user id. */
async function members(applicationId: string) {
  const rows = await ctx.database.db
    .selectFrom('application_members')
    .select(['wp_user_id', 'email', 'roles'])
    .where('application_id', '=', applicationId)
    .execute();
  return new Map(rows.map((r) => [Number(r.wp_user_id), { email: r.email, roles: r.roles }]));
}

/** A store user of the application, found by email in the staff list. */
async function staffByEmail(email: string): Promise<StaffUser | undefined> {
  return (await everyone(coffeeApp)).find((u) => u.email === email);
}

/** Counts the answers of each status. */
const statuses = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('GET /staff/users', () => {
  it("lists the store's POS users merged with the verified dashboard accounts, the connection owner marked", async () => {
    // Liam has a verified dashboard account and used it; Emma's account is not verified.
    await changeUser(
      ctx,
      'usr_staff_liam',
      { user_role: 'other' },
      { email: 'Liam.Brooks@coffee.demo.test' },
    );
    await changeUser(
      ctx,
      'usr_staff_emma',
      { user_role: 'other' },
      { email: 'emma.clarke@coffee.demo.test', isVerified: false },
    );
    for (const sub of ['usr_staff_liam', 'usr_staff_emma']) {
      const user = await ctx.app.repos.users.findBySub(sub);
      await ctx.app.repos.users.touchLastAccess(user?.id ?? '');
    }
    // Last Access is per application: the accounts' own (global) use is never shown…
    const before = (await list(coffeeApp)).json() as StaffList;
    expect(before.data.every((u) => u.lastAccess === null)).toBe(true);
    // Not shared with yet (the store merely lists Liam's email): invitable, not Active.
    expect(before.data.find((u) => u.email === 'liam.brooks@coffee.demo.test')?.kind).toBe('wp');
    // …only their member rows' (set when they open one of this application's stations).
    for (const email of ['liam.brooks@coffee.demo.test', 'emma.clarke@coffee.demo.test']) {
      await ctx.app.repos.members.share(coffeeApp, email, 'invitation');
      const member = await ctx.app.repos.members.findMember(coffeeApp, email);
      expect(member).not.toBeNull();
      await ctx.app.repos.members.touchLastAccess(coffeeApp, member?.wpUserId ?? 0);
    }

    const response = await list(coffeeApp);
    expect(response.statusCode).toBe(200);
    const body = response.json() as StaffList;
    expect(body.isMultiplePluginActive).toBe(true);
    // 14 POS users in the demo store (its customer is not one).
    expect(body.totalAll).toBe(14);
    expect(response.headers['x-biz-total-all']).toBe('14');
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-biz-total-all');
    expect(body.data).toHaveLength(14);
    expect(body.data[0]).toEqual({
      wpUserId: 1,
      name: 'Sam Owner',
      email: 'owner@coffee.demo.test',
      username: 'storeadmin',
      roles: ['administrator'],
      role: 'administrator',
      kind: 'wp',
      lastAccess: null,
      invitationCount: 0,
      isConnectionOwner: true,
    });
    const liam = body.data.find((u) => u.email === 'liam.brooks@coffee.demo.test');
    expect(liam).toMatchObject({ kind: 'pos', role: 'cashier', isConnectionOwner: false });
    expect(liam?.lastAccess).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    // An unverified account does not make a pos user, nor show its access.
    const emma = body.data.find((u) => u.email === 'emma.clarke@coffee.demo.test');
    expect(emma).toMatchObject({ kind: 'wp', lastAccess: null });
    expect(body.data.filter((u) => u.isConnectionOwner)).toHaveLength(1);
  });

  it('pages with page and limit (25 by default)', async () => {
    const all = await everyone(coffeeApp);
    const second = (await list(coffeeApp, '&page=2&limit=5')).json() as StaffList;
    expect(second.data.map((u) => u.wpUserId)).toEqual(all.slice(5, 10).map((u) => u.wpUserId));
    expect(second.totalAll).toBe(all.length);
    const beyond = (await list(coffeeApp, '&page=99&limit=5')).json() as StaffList;
    expect(beyond.data).toEqual([]);
  });

  it('is empty without the multiple-user add-on (Download add-on to manage Staff)', async () => {
    const response = await list(booksApp);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], isMultiplePluginActive: false, totalAll: 0 });
    expect(response.headers['x-biz-total-all']).toBe('0');
  });

  it('follows the add-on being switched on and off in the store', async () => {
    await sandbox.control(books, 'multiple-user-plugin', { active: true });
    try {
      const on = (await list(booksApp)).json() as StaffList;
      expect(on).toMatchObject({ isMultiplePluginActive: true, totalAll: 3 });
      expect(on.data.map((u) => u.email)).toContain('nina.page@books.demo.test');
    } finally {
      await sandbox.control(books, 'multiple-user-plugin', { active: false });
    }
    expect((await list(booksApp)).json()).toMatchObject({
      data: [],
      isMultiplePluginActive: false,
    });
  });

  it('validates its query: applicationId required, limit 1..100, page from 1', async () => {
    for (const url of [
      '/staff/users',
      `/staff/users?applicationId=${coffeeApp}&limit=101`,
      `/staff/users?applicationId=${coffeeApp}&limit=0`,
      `/staff/users?applicationId=${coffeeApp}&page=0`,
      `/staff/users?applicationId=${coffeeApp}&extra=1`,
      '/staff/users?applicationId=',
    ]) {
      const response = await call(ctx, 'GET', url, undefined, MANAGER);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toMatchObject({ code: 'ERR_VALIDATION' });
    }
  });

  it('answers 409 for an application that is not authorized and for a store without the Cloud POS plugin', async () => {
    const unverified = await createApplication(ctx, coffee, 'Coffee again', 'usr_staff_409');
    const notAuthorized = await list(unverified, '', 'usr_staff_409');
    expect(notAuthorized.statusCode).toBe(409);
    expect(notAuthorized.json()).toEqual({
      message: 'The application is not authorized',
      code: 'ERR_NOT_AUTHORIZED',
    });
    await sandbox.control(books, 'pos-plugin', { active: false });
    try {
      const missing = await list(booksApp);
      expect(missing.statusCode).toBe(409);
      expect(missing.json()).toMatchObject({ code: 'ERR_PLUGIN_MISSING' });
      expect(missing.json().message).toContain('The Cloud POS plugin is not active on');
    } finally {
      await sandbox.control(books, 'pos-plugin', { active: true });
    }
  });

  it('answers 502 with the store failure text when the store is down', async () => {
    await sandbox.control(books, 'offline', { offline: true });
    try {
      const response = await list(booksApp);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: `The store at ${new URL(books).host} could not be reached`,
        code: 'ERR_STORE',
      });
    } finally {
      await sandbox.control(books, 'offline', { offline: false });
    }
  });
});

describe('POST /staff/users', () => {
  it('creates the user in the store (201), keeps them as a member, writes the feed and sends the first invitation', async () => {
    const response = await create({
      name: '  Ada  Lovelace ',
      email: 'ada.lovelace@staff.test',
      role: 'cashier',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as {
      data: StaffUser;
      message: string;
      invitation: { sent: boolean; message: string; invitationCount: number };
    };
    expect(body.message).toBe('Staff member was created successfully.');
    expect(body.invitation).toEqual({
      sent: true,
      message: 'The invitation is sent',
      invitationCount: 1,
    });
    expect(body.data).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada.lovelace@staff.test',
      username: 'ada.lovelace',
      roles: ['cashier'],
      role: 'cashier',
      kind: 'wp',
      lastAccess: null,
      invitationCount: 1,
      isConnectionOwner: false,
    });
    const id = body.data.wpUserId;

    // The store lists her; the api keeps her as a member at once.
    expect(await staffByEmail('ada.lovelace@staff.test')).toMatchObject({
      wpUserId: id,
      invitationCount: 1,
    });
    expect((await members(coffeeApp)).get(id)).toEqual({
      email: 'ada.lovelace@staff.test',
      roles: '["cashier"]',
    });

    const [invited, created] = await feedOf(ctx, MANAGER);
    expect(created).toMatchObject({
      name: 'Staff user Ada Lovelace was created in Coffee as Cashier',
      feedType: 'applicationShared',
      link: '/staff',
    });
    expect(invited).toMatchObject({
      name: 'Invitation sent to Ada Lovelace for Coffee',
      feedType: 'applicationShared',
    });
    const mail = await sandbox.mailTo('ada.lovelace@staff.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('invited you to the Coffee point of sale');
    // The claim is given back.
    expect(await ctx.database.db.selectFrom('staff_claims').selectAll().execute()).toEqual([]);
  });

  it('answers 201 with the created user when the member row and the feed entry fail after the store created it', async () => {
    const member = jest
      .spyOn(ctx.app.repos.members, 'upsertMember')
      .mockRejectedValueOnce(new Error('database down'));
    const feed = jest
      .spyOn(ctx.app.repos.activities, 'create')
      .mockRejectedValueOnce(new Error('database down'));
    try {
      const response = await create({
        name: 'Mary Somerville',
        email: 'mary.somerville@staff.test',
        role: 'cashier',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        email: 'mary.somerville@staff.test',
        role: 'cashier',
      });
      expect(member).toHaveBeenCalled();
      expect(feed).toHaveBeenCalled();
    } finally {
      member.mockRestore();
      feed.mockRestore();
    }
    // A retry is the store's 'already used', as for any created user.
    const again = await create({ name: 'Mary Somerville', email: 'mary.somerville@staff.test' });
    expect(again.statusCode).toBe(400);
  });

  it('lets the new cashier reach the shared stations once she signs up with that email', async () => {
    const sub = 'usr_staff_grace';
    const created = await create({
      name: 'Grace Hopper',
      email: 'grace.hopper@staff.test',
      role: 'cashier',
    });
    expect(created.statusCode).toBe(201);
    const shared = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/shared-stations`,
      headers: await ctx.bearer(asUser(sub, { email: 'grace.hopper@staff.test' })),
    });
    expect(shared.statusCode).toBe(200);
    const groups = shared.json().list as Array<{ application: { id: string } }>;
    expect(groups.map((g) => g.application.id)).toContain(coffeeApp);
    // …and, now that she is verified and listed, she is a pos user with her last access.
    const grace = await staffByEmail('grace.hopper@staff.test');
    expect(grace).toMatchObject({ kind: 'pos', lastAccess: null });
    await ctx.app.repos.members.touchLastAccess(coffeeApp, grace?.wpUserId ?? 0);
    expect(await staffByEmail('grace.hopper@staff.test')).toMatchObject({
      kind: 'pos',
      lastAccess: expect.stringMatching(/Z$/) as unknown,
    });
  });

  it("answers the store's 400 for an email in use, and creates nothing twice", async () => {
    const before = await everyone(coffeeApp);
    const feedBefore = await feedOf(ctx, MANAGER);
    const again = await create({ name: 'Ada Byron', email: 'ada.lovelace@staff.test' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'Sorry, that email address is already used!',
      code: 'ERR_STORE_REFUSED',
    });
    // A demo user's email too.
    const demo = await create({ name: 'Sam Other', email: 'owner@coffee.demo.test' });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().message).toBe('Sorry, that email address is already used!');
    expect(await everyone(coffeeApp)).toHaveLength(before.length);
    expect(await feedOf(ctx, MANAGER)).toEqual(feedBefore);
    expect(await sandbox.mailTo('ada.lovelace@staff.test')).toHaveLength(1);
  });

  it('creates one user for concurrent posts of one email (the others: 409 or the store’s 400)', async () => {
    const before = (await list(coffeeApp)).json().totalAll as number;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        create({ name: 'Katherine Johnson', email: 'katherine.johnson@staff.test', role: 'kiosk' }),
      ),
    );
    const counts = statuses(responses);
    expect(counts[201]).toBe(1);
    expect((counts[400] ?? 0) + (counts[409] ?? 0)).toBe(5);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect([
        'Sorry, that email address is already used!',
        'A staff user with this email is being created. Try again in a moment.',
      ]).toContain(response.json().message);
    }
    expect((await list(coffeeApp)).json().totalAll).toBe(before + 1);
    const all = await everyone(coffeeApp);
    expect(all.filter((u) => u.email === 'katherine.johnson@staff.test')).toHaveLength(1);
    const feed = await feedOf(ctx, MANAGER);
    expect(feed.filter((e) => e.name.startsWith('Staff user Katherine Johnson'))).toHaveLength(1);
  });

  it('creates one user for concurrent posts of one email to two api instances on one database', async () => {
    // A second api over its own handle of the same database (its own pool on PostgreSQL; the
    // one connection of the process on SQLite, as a deployment on SQLite runs one process).
    const secondHandle: DatabaseHandle | null = process.env.DATABASE_URL ? reopenDatabase() : null;
    const second: FastifyInstance = await buildApp(ctx.config, {
      database: secondHandle ?? ctx.database,
      signingKeys: ctx.signingKeys,
      storeAccess: ctx.access,
    });
    await second.ready();
    try {
      const before = (await list(coffeeApp)).json().totalAll as number;
      const post = async (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/staff/users`,
          headers: await ctx.bearer(asUser(MANAGER)),
          payload: {
            name: 'Dorothy Vaughan',
            email: 'dorothy.vaughan@staff.test',
            role: 'cashier',
            applicationId: coffeeApp,
          },
        });
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => post(i % 2 === 0 ? ctx.app : second)),
      );
      expect(statuses(responses)[201]).toBe(1);
      expect((await list(coffeeApp)).json().totalAll).toBe(before + 1);
    } finally {
      await second.close();
      await secondHandle?.close();
    }
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'Ada1 Lovelace' }, 'Name can only contain Latin letters'],
    [{ name: 'Zoë Smith' }, 'Name can only contain Latin letters'],
    [{ name: 'Ada' }, 'Please enter your full name'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'ada@' }, 'Invalid email'],
    [{ email: 'ada@shop' }, 'Invalid email'],
    [{ role: '' }, 'Role is required'],
    [{ role: 'editor' }, 'Role is required'],
    [{ applicationId: '' }, 'Application is required'],
    [{ applicationId: '  ' }, 'Application is required'],
  ])('answers 400 with the spec 5 text for %j: %s', async (change, text) => {
    const before = (await list(coffeeApp)).json().totalAll as number;
    const response = await create({
      name: 'Valid Name',
      email: 'valid.name@staff.test',
      role: 'cashier',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: text, code: 'ERR_VALIDATION' });
    expect((await list(coffeeApp)).json().totalAll).toBe(before);
  });

  it('checks the name first, then the email, the role and the application', async () => {
    const response = await call(
      ctx,
      'POST',
      '/staff/users',
      { name: '', email: '', role: '', applicationId: '' },
      MANAGER,
    );
    expect(response.json().message).toBe('Name is required');
  });

  it('refuses a body of the wrong shape (400)', async () => {
    for (const payload of [
      { name: 'Ada Lovelace', email: 'a@staff.test', role: 'cashier' },
      { name: 'Ada Lovelace', email: 'a@staff.test', role: 'cashier', applicationId: 7 },
      {
        name: 'Ada Lovelace',
        email: 'a@staff.test',
        role: 'cashier',
        applicationId: coffeeApp,
        password: 'x',
      },
      { name: 'A'.repeat(501), email: 'a@staff.test', role: 'cashier', applicationId: coffeeApp },
    ]) {
      const response = await call(ctx, 'POST', '/staff/users', payload, MANAGER);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ERR_VALIDATION');
    }
  });

  it('answers 409 without the multiple-user add-on, and creates nothing', async () => {
    const response = await create({
      name: 'Nora Reed',
      email: 'nora.reed@staff.test',
      applicationId: booksApp,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Download add-on to manage Staff',
      code: 'ERR_STAFF_ADDON_INACTIVE',
    });
    await sandbox.control(books, 'multiple-user-plugin', { active: true });
    try {
      const emails = ((await list(booksApp)).json() as StaffList).data.map((u) => u.email);
      expect(emails).not.toContain('nora.reed@staff.test');
    } finally {
      await sandbox.control(books, 'multiple-user-plugin', { active: false });
    }
  });
});

describe('POST /staff/invitations', () => {
  it('holds the limit of 3 under concurrent sends (the create sent the first)', async () => {
    const created = await create({
      name: 'Mary Jackson',
      email: 'mary.jackson@staff.test',
      role: 'cashier',
    });
    const id = (created.json() as { data: StaffUser }).data.wpUserId;
    const responses = await Promise.all(Array.from({ length: 6 }, () => invite(id)));
    const counts = statuses(responses);
    expect(counts).toEqual({ 200: 2, 429: 4 });
    for (const response of responses) {
      if (response.statusCode === 200) {
        expect(response.json().message).toBe('The invitation is sent');
      } else {
        expect(response.json()).toEqual({
          message: 'Attempt limit reached',
          code: 'ERR_INVITATION_LIMIT',
        });
      }
    }
    expect(
      responses
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().invitationCount as number)
        .sort(),
    ).toEqual([2, 3]);
    expect(await sandbox.mailTo('mary.jackson@staff.test')).toHaveLength(3);
    expect(await staffByEmail('mary.jackson@staff.test')).toMatchObject({ invitationCount: 3 });
  });

  it('answers 404 for a user the store does not know', async () => {
    const response = await invite(9999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'WordPress user not found', code: 'ERR_NOT_FOUND' });
  });

  it("refuses the connection's own administrator (403), sending nothing", async () => {
    const before = await sandbox.mailTo('owner@coffee.demo.test');
    const response = await invite(1);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: "The store's own administrator cannot be changed from the dashboard.",
      code: 'ERR_STORE_OWNER',
    });
    expect(await sandbox.mailTo('owner@coffee.demo.test')).toHaveLength(before.length);
    expect(await staffByEmail('owner@coffee.demo.test')).toMatchObject({ invitationCount: 0 });
  });
});

describe('PATCH /staff/users/:wpUserId', () => {
  it('changes the role in the store, the members and the feed', async () => {
    const created = await create({
      name: 'Annie Easley',
      email: 'annie.easley@staff.test',
      role: 'cashier',
    });
    const id = (created.json() as { data: StaffUser }).data.wpUserId;
    const response = await changeRole(id, 'shop_manager');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      wpUserId: id,
      roles: ['shop_manager'],
      role: 'shop_manager',
      isConnectionOwner: false,
      invitationCount: 1,
    });
    expect(await staffByEmail('annie.easley@staff.test')).toMatchObject({ role: 'shop_manager' });
    expect((await members(coffeeApp)).get(id)?.roles).toBe('["shop_manager"]');
    const [entry] = await feedOf(ctx, MANAGER);
    expect(entry).toMatchObject({
      name: 'Annie Easley is now Shop Manager in Coffee',
      feedType: 'applicationUpdated',
      link: '/staff',
    });
  });

  it("refuses the connection's own administrator (403) before asking the store", async () => {
    const response = await changeRole(1, 'cashier');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: "The store's own administrator cannot be changed from the dashboard.",
      code: 'ERR_STORE_OWNER',
    });
    expect((await staffByEmail('owner@coffee.demo.test'))?.roles).toEqual(['administrator']);
  });

  it('answers 404 for an unknown user and 400 for a role outside the four', async () => {
    const missing = await changeRole(9999, 'cashier');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Staff user not found', code: 'ERR_NOT_FOUND' });
    const badRole = await changeRole(3, 'editor');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe(
      'body/role must be equal to one of the allowed values: administrator, shop_manager, cashier, kiosk',
    );
    const badId = await call(
      ctx,
      'PATCH',
      '/staff/users/abc',
      { applicationId: coffeeApp, role: 'cashier' },
      MANAGER,
    );
    expect(badId.statusCode).toBe(400);
  });
});

describe('DELETE /staff/users/:wpUserId', () => {
  it("removes the user's POS access in the store, drops the member and writes the feed", async () => {
    const created = await create({
      name: 'Evelyn Boyd',
      email: 'evelyn.boyd@staff.test',
      role: 'kiosk',
    });
    const id = (created.json() as { data: StaffUser }).data.wpUserId;
    expect((await members(coffeeApp)).has(id)).toBe(true);
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Evelyn Boyd no longer has POS access to Coffee' });
    expect(await staffByEmail('evelyn.boyd@staff.test')).toBeUndefined();
    expect((await members(coffeeApp)).has(id)).toBe(false);
    const [entry] = await feedOf(ctx, MANAGER);
    expect(entry).toMatchObject({
      name: 'Evelyn Boyd no longer has POS access to Coffee',
      feedType: 'applicationUpdated',
      link: '/staff',
    });
    // The WordPress user stays: her email is still taken in the store.
    const again = await create({ name: 'Evelyn Boyd', email: 'evelyn.boyd@staff.test' });
    expect(again.json().message).toBe('Sorry, that email address is already used!');
  });

  it("refuses the connection's own administrator (403) and answers 404 for an unknown user", async () => {
    const owner = await remove(1);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().code).toBe('ERR_STORE_OWNER');
    expect(await staffByEmail('owner@coffee.demo.test')).toBeDefined();
    const missing = await remove(9999);
    expect(missing.statusCode).toBe(404);
    const noApplication = await call(ctx, 'DELETE', '/staff/users/3', undefined, MANAGER);
    expect(noApplication.statusCode).toBe(400);
  });
});

describe('GET /staff/summary', () => {
  const summary = (sub = MANAGER) => call(ctx, 'GET', '/staff/summary', undefined, sub);
  const totalOf = async (applicationId: string) =>
    ((await list(applicationId)).json() as StaffList).totalAll;

  it("counts each verified application's staff as its Staff page does, copied or not", async () => {
    // A store whose users were never copied (as on a fresh start, before anyone lists its
    // stations) counts all the same: the figure is the store's, as on the Staff page.
    await ctx.database.db
      .deleteFrom('application_members')
      .where('application_id', '=', coffeeApp)
      .execute();
    await ctx.database.db
      .updateTable('applications')
      .set({ members_synced_at: null })
      .where('id', '=', coffeeApp)
      .execute();
    const coffeeStaff = await totalOf(coffeeApp);
    expect(coffeeStaff).toBeGreaterThan(0);
    // Demo Book Nook has no multiple-user add-on: its Staff page lists nobody.
    expect(await totalOf(booksApp)).toBe(0);
    const response = await summary();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: coffeeStaff, applications: 2 });
    const nobody = await summary('usr_staff_nobody');
    expect(nobody.json()).toEqual({ total: 0, applications: 0 });
  });

  it('answers 502 naming the store when a store cannot be read, instead of a partial count', async () => {
    await sandbox.control(coffee, 'offline', { offline: true });
    try {
      const offline = await summary();
      expect(offline.statusCode).toBe(502);
      expect(offline.json()).toEqual({
        message: `The store at ${new URL(coffee).host} could not be reached`,
        code: 'ERR_STORE',
      });
    } finally {
      await sandbox.control(coffee, 'offline', { offline: false });
    }
    expect((await summary()).statusCode).toBe(200);
  });
});

describe('who may call the staff routes', () => {
  /** One call of every staff route on `applicationId`. */
  const everyRoute = (applicationId: string, sub: string) => [
    list(applicationId, '', sub),
    call(
      ctx,
      'POST',
      '/staff/users',
      { name: 'Ada Lovelace', email: 'who@staff.test', role: 'cashier', applicationId },
      sub,
    ),
    invite(3, applicationId, sub),
    changeRole(3, 'kiosk', applicationId, sub),
    remove(3, applicationId, sub),
  ];

  it("answers 404 for another manager's application, and changes nothing", async () => {
    const before = await everyone(coffeeApp);
    const responses = await Promise.all(everyRoute(coffeeApp, 'usr_staff_other_manager'));
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found', code: 'ERR_NOT_FOUND' });
    }
    expect(await everyone(coffeeApp)).toEqual(before);
  });

  it("relays the store's 403 to a shop manager's key as a refusal, and changes nothing", async () => {
    // An application connected with a key of Olivia Hart (user 3), a shop manager: the store
    // lets her manage WooCommerce but not create users nor change their roles.
    const sub = 'usr_staff_shop_manager_key';
    const applicationId = await createApplication(ctx, coffee, 'Coffee by Olivia', sub);
    const key = await sandbox.mintKey(coffee, { user_id: 3 });
    const connected = await call(
      ctx,
      'PUT',
      `/applications/${applicationId}`,
      { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
      sub,
    );
    expect(connected.json().data.isVerifiedAuth).toBe(true);
    const before = await everyone(coffeeApp);
    const created = await call(
      ctx,
      'POST',
      '/staff/users',
      { name: 'Mallory Manager', email: 'mallory@staff.test', role: 'cashier', applicationId },
      sub,
    );
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({
      message: 'The store refused: Sorry, you are not allowed to create new users.',
      code: 'ERR_STORE_REFUSED',
    });
    for (const response of [
      await changeRole(4, 'shop_manager', applicationId, sub),
      await remove(4, applicationId, sub),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'The store refused: Sorry, you are not allowed to edit this user.',
        code: 'ERR_STORE_REFUSED',
      });
    }
    expect(await everyone(coffeeApp)).toEqual(before);
  });

  it('answers 403 to a cashier and 402 to a banned manager', async () => {
    await changeUser(ctx, 'usr_staff_cashier', { user_role: 'other' });
    await changeUser(ctx, 'usr_staff_banned', { block: 'block' });
    for (const [sub, status] of [
      ['usr_staff_cashier', 403],
      ['usr_staff_banned', 402],
    ] as const) {
      const responses = await Promise.all([
        ...everyRoute(coffeeApp, sub),
        call(ctx, 'GET', '/staff/summary', undefined, sub),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(status));
    }
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${BASE}/staff/summary` });
    expect(response.statusCode).toBe(401);
  });
});

/** Another handle of the test database (PostgreSQL: its own pool on the same schema). */
function reopenDatabase(): DatabaseHandle {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    databaseSchema: ctx.config.databaseSchema,
    sqlitePath: '',
  });
}
