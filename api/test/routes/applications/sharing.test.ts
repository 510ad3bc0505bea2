import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import {
  BASE,
  call,
  connectApplication,
  createApplication,
  feedOf,
  shareApplication,
} from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';
import { sealContext } from '../../../src/domain/applications/credentials';

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

/** An application of `sub` connected to `store` with fresh Read/Write keys. */
const connected = async (store: string, sub: string, name = 'Coffee'): Promise<string> =>
  (await connectApplication(ctx, sandbox, store, sub, name)).id;

const invite = (applicationId: string, wpUserId: number, sub: string, extra: object = {}) =>
  call(ctx, 'POST', '/send-invite-email', { applicationId, wpUserId, ...extra }, sub);

interface SharedUser {
  id: number;
  email: string;
  lastAccess: string | null;
  invitationCount: number;
}

describe('GET /applications/:id/user-accounts', () => {
  it('splits the store’s users into dashboard (pos) and WordPress-only (wp) users, with the total', async () => {
    // The demo cashier signs in to the dashboard once: the store lists the same email.
    await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/user-data`,
      headers: await ctx.bearer(asUser('usr_cashier', { email: 'Cashier@demo.test' })),
    });
    // The account's own (global) use is never shown: only its use of this application.
    await ctx.app.repos.users.touchLastAccess(
      (await ctx.app.repos.users.findBySub('usr_cashier'))?.id ?? '',
    );
    const id = await connected(coffee, 'usr_share');
    await shareApplication(ctx, id, 'cashier@demo.test');
    const before = await call(
      ctx,
      'GET',
      `/applications/${id}/user-accounts?page=1&limit=10`,
      undefined,
      'usr_share',
    );
    expect(
      (before.json() as { userAccounts: { pos: SharedUser[] } }).userAccounts.pos[0]?.lastAccess,
    ).toBeNull();
    const member = await ctx.app.repos.members.findMember(id, 'cashier@demo.test');
    expect(member).not.toBeNull();
    await ctx.app.repos.members.touchLastAccess(id, member?.wpUserId ?? 0);
    const response = await call(
      ctx,
      'GET',
      `/applications/${id}/user-accounts?page=1&limit=10`,
      undefined,
      'usr_share',
    );
    expect(response.statusCode).toBe(200);
    const total = Number(response.headers['x-biz-total-all']);
    expect(total).toBeGreaterThan(10);
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-biz-total-all');
    const body = response.json() as {
      userAccounts: { pos: SharedUser[]; wp: SharedUser[] };
      isMultiplePluginActive: boolean;
    };
    expect(body.isMultiplePluginActive).toBe(true);
    expect(body.userAccounts.pos.map((u) => u.email)).toEqual(['cashier@demo.test']);
    expect(body.userAccounts.pos[0]?.lastAccess).toMatch(/Z$/);
    expect(body.userAccounts.wp).toHaveLength(9);
    expect(body.userAccounts.wp[0]).toMatchObject({
      id: 1,
      email: 'owner@coffee.demo.test',
      roles: ['administrator'],
      lastAccess: null,
      invitationCount: 0,
    });

    const last = await call(
      ctx,
      'GET',
      `/applications/${id}/user-accounts?page=${Math.ceil(total / 10)}&limit=10`,
      undefined,
      'usr_share',
    );
    const lastPage = last.json() as { userAccounts: { pos: SharedUser[]; wp: SharedUser[] } };
    expect(lastPage.userAccounts.pos.length + lastPage.userAccounts.wp.length).toBe(
      total % 10 || 10,
    );
  });

  it('tells when the multiple-user plugin is inactive', async () => {
    const id = await connected(books, 'usr_share_books', 'Books');
    const response = await call(
      ctx,
      'GET',
      `/applications/${id}/user-accounts`,
      undefined,
      'usr_share_books',
    );
    expect(response.json().isMultiplePluginActive).toBe(false);
    expect(response.headers['x-biz-total-all']).toBe('3');
  });

  it('needs an authorized application (409), the caller’s own (404) and sane paging (400)', async () => {
    const unverified = await createApplication(ctx, coffee, 'Coffee', 'usr_share_409');
    const notAuthorized = await call(
      ctx,
      'GET',
      `/applications/${unverified}/user-accounts`,
      undefined,
      'usr_share_409',
    );
    expect(notAuthorized.statusCode).toBe(409);
    expect(notAuthorized.json().message).toBe('The application is not authorized');
    const other = await call(
      ctx,
      'GET',
      `/applications/${unverified}/user-accounts`,
      undefined,
      'usr_share_else',
    );
    expect(other.statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'sort=name']) {
      const bad = await call(
        ctx,
        'GET',
        `/applications/${unverified}/user-accounts?${query}`,
        undefined,
        'usr_share_409',
      );
      expect(bad.statusCode).toBe(400);
    }
  });

  it('answers 502 with the reason when the store is offline', async () => {
    const id = await connected(books, 'usr_share_offline', 'Books');
    await sandbox.control(books, 'offline', { offline: true });
    try {
      const response = await call(
        ctx,
        'GET',
        `/applications/${id}/user-accounts`,
        undefined,
        'usr_share_offline',
      );
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        `The store at ${new URL(books).host} could not be reached`,
      );
    } finally {
      await sandbox.control(books, 'offline', { offline: false });
    }
  });
});

describe('POST /send-invite-email', () => {
  it('sends up to 3 invitations to a WordPress user, then answers 429', async () => {
    const id = await connected(coffee, 'usr_inviter', 'Coffee Bar');
    const accounts = (
      await call(ctx, 'GET', `/applications/${id}/user-accounts`, undefined, 'usr_inviter')
    ).json() as {
      userAccounts: { wp: SharedUser[] };
    };
    const target = accounts.userAccounts.wp[2];
    if (!target) throw new Error('no wp user to invite');
    for (const expected of [1, 2, 3]) {
      const response = await invite(id, target.id, 'usr_inviter', {
        email: 'attacker@evil.example',
        appName: 'Not this',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'The invitation is sent',
        invitationCount: expected,
      });
    }
    const fourth = await invite(id, target.id, 'usr_inviter');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      message: 'Attempt limit reached',
      code: 'ERR_INVITATION_LIMIT',
    });

    const mail = await sandbox.mailTo(target.email);
    expect(mail).toHaveLength(3);
    expect(mail[0]?.subject).toBe('User usr inviter invited you to the Coffee Bar point of sale');
    expect(await sandbox.mailTo('attacker@evil.example')).toHaveLength(0);

    const after = (
      await call(ctx, 'GET', `/applications/${id}/user-accounts`, undefined, 'usr_inviter')
    ).json() as {
      userAccounts: { wp: SharedUser[] };
    };
    expect(after.userAccounts.wp.find((u) => u.id === target.id)?.invitationCount).toBe(3);
    const [entry] = await feedOf(ctx, 'usr_inviter');
    expect(entry).toMatchObject({ feedType: 'applicationShared' });
    expect(entry?.name).toMatch(/^Invitation sent to .+ for Coffee Bar$/);
  });

  it('never passes 3 under concurrent requests', async () => {
    const id = await connected(coffee, 'usr_inviter_race');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => invite(id, 4, 'usr_inviter_race')),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    const counts = await ctx.app.repos.applications.invitationCounts(id, [4]);
    expect(counts.get(4)).toBe(3);
  });

  it('gives the count back when the store fails to send', async () => {
    const id = await connected(coffee, 'usr_inviter_fail');
    // Read-only keys read the user but cannot post the invitation.
    const readOnly = await sandbox.mintKey(coffee, { permissions: 'read' });
    await ctx.database.db
      .updateTable('applications')
      .set({
        consumer_key_enc: ctx.access.secrets.seal(
          readOnly.consumer_key,
          sealContext(id, 'consumer_key'),
        ),
        consumer_secret_enc: ctx.access.secrets.seal(
          readOnly.consumer_secret,
          sealContext(id, 'consumer_secret'),
        ),
      })
      .where('id', '=', id)
      .execute();
    const response = await invite(id, 5, 'usr_inviter_fail');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'The invitation could not be sent: The store rejected the stored keys: The API key provided does not have write permissions.',
    );
    const counts = await ctx.app.repos.applications.invitationCounts(id, [5]);
    expect(counts.get(5) ?? 0).toBe(0);
  });

  it('answers 404 for an unknown WordPress user or another manager’s application, 400 for bad input', async () => {
    const id = await connected(books, 'usr_inviter_404', 'Books');
    const unknown = await invite(id, 999, 'usr_inviter_404');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('WordPress user not found');
    expect((await invite(id, 2, 'usr_inviter_other')).statusCode).toBe(404);
    const bad = await call(
      ctx,
      'POST',
      '/send-invite-email',
      { applicationId: id, wpUserId: '2' },
      'usr_inviter_404',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body/wpUserId must be integer');
  });

  it('needs an authorized application (409)', async () => {
    const id = await createApplication(ctx, books, 'Books', 'usr_inviter_409');
    const response = await invite(id, 2, 'usr_inviter_409');
    expect(response.statusCode).toBe(409);
  });
});
