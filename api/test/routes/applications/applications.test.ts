import dns from 'node:dns';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE, call, createApplication, feedOf, rowOf } from '../../helpers/applications';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /applications', () => {
  it('creates an application with a normalised URL, a slug and a feed entry', async () => {
    const response = await call(ctx, 'POST', '/applications', {
      name: '  Café Central  ',
      homeUrl: 'HTTPS://Shop.Example.COM:443/',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Café Central',
      homeUrl: 'https://shop.example.com',
      slug: 'cafe-central',
      authType: 'account',
      authInProgress: false,
      consumerKey: null,
      consumerSecret: null,
      keysFail: { hasError: false, displayError: null },
      isVerifiedAuth: false,
      quickLaunchPOSId: null,
      wpUser: null,
      stationsCount: null,
    });
    expect(data.createdAt).toMatch(/Z$/);
    const [entry] = await feedOf(ctx);
    expect(entry).toMatchObject({
      name: 'Application Café Central was added',
      feedType: 'applicationAdded',
      link: `/applications/${data.id}`,
      linkName: 'Café Central',
    });
  });

  it('suffixes the slug on collision, across users', async () => {
    const a = await createApplication(ctx, 'https://a.slug.example', 'Book Nook', 'usr_slug_1');
    const b = await createApplication(ctx, 'https://b.slug.example', 'Book Nook', 'usr_slug_2');
    const c = await createApplication(ctx, 'https://c.slug.example', 'Book  Nook!', 'usr_slug_1');
    expect([
      (await rowOf(ctx, a)).slug,
      (await rowOf(ctx, b)).slug,
      (await rowOf(ctx, c)).slug,
    ]).toEqual(['book-nook', 'book-nook-2', 'book-nook-3']);
  });

  it('gives every one of many simultaneous creations of one name its own slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(ctx, 'POST', '/applications', {
          name: 'Rush Hour',
          homeUrl: `https://rush-${i}.example`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const slugs = responses.map(
      (response) => (response.json() as { data: { slug: string } }).data.slug,
    );
    expect(new Set(slugs).size).toBe(12);
    expect(slugs).toContain('rush-hour');
  });

  it('refuses the same site twice for one user with 409, but not for another user', async () => {
    await createApplication(ctx, 'https://twice.example/shop', 'Once', 'usr_twice');
    const again = await call(
      ctx,
      'POST',
      '/applications',
      { name: 'Twice', homeUrl: 'http://TWICE.example/shop/' },
      'usr_twice',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You already have an application for http://twice.example/shop',
    );
    const other = await call(
      ctx,
      'POST',
      '/applications',
      { name: 'Twice', homeUrl: 'https://twice.example/shop' },
      'usr_twice_other',
    );
    expect(other.statusCode).toBe(201);
  });

  it.each(
    [
      [{ homeUrl: 'https://x.example' }, "body must have required property 'name'"],
      [{ name: '   ', homeUrl: 'https://x.example' }, 'body/name must match pattern'],
      [
        { name: 'x'.repeat(101), homeUrl: 'https://x.example' },
        'body/name must NOT have more than 100 characters',
      ],
      [{ name: 'X' }, "body must have required property 'homeUrl'"],
      [{ name: 'X', homeUrl: 'x.example' }, 'The URL must be a full http:// or https:// address'],
      [
        { name: 'X', homeUrl: 'https://u:p@x.example' },
        'The URL must not contain a user name or password',
      ],
      [
        { name: 'X', homeUrl: 'https://x.example/?p=1' },
        'The URL must not contain a query or a fragment',
      ],
      [
        { name: 'X', homeUrl: `https://x.example/${'a'.repeat(2048)}` },
        'body/homeUrl must NOT have more than 2048 characters',
      ],
      [
        { name: 'X', homeUrl: 'https://x.example', slug: 'mine' },
        "body must NOT have additional property 'slug'",
      ],
      [{ name: 42, homeUrl: 'https://x.example' }, 'body/name must be string'],
    ].map(
      ([payload, message]) =>
        [JSON.stringify(payload).slice(0, 80), payload as object, String(message)] as const,
    ),
  )('refuses %s with 400', async (_label, payload, message) => {
    const response = await call(ctx, 'POST', '/applications', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('the SSRF guard', () => {
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestContext({ env: { STORE_ALLOW_PRIVATE_HOSTS: '' } });
  });
  afterAll(() => guarded.close());

  it.each([
    'http://localhost:4201',
    'http://127.0.0.1:4201',
    'http://169.254.169.254',
    'http://[::1]',
  ])('refuses %s without STORE_ALLOW_PRIVATE_HOSTS', async (homeUrl) => {
    const response = await call(guarded, 'POST', '/applications', { name: 'X', homeUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The URL must point to a public site');
  });

  describe('a public name that resolves to a private address', () => {
    // What a DNS server pointing these names at the api's own network answers; every other
    // name (none is looked up here but these) resolves as usual.
    const answers: Record<string, string[]> = {
      'loop.example': ['127.0.0.1'],
      'inside.example': ['10.0.0.8'],
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['93.184.215.14', '::1'],
      'public.example': ['93.184.215.14'],
    };
    let lookup: jest.SpyInstance;
    beforeEach(() => {
      const real = dns.lookup.bind(dns);
      lookup = jest.spyOn(dns, 'lookup').mockImplementation(((
        hostname: string,
        options: dns.LookupOptions,
        callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
      ) => {
        const list = answers[hostname];
        if (!list) return (real as (...args: unknown[]) => void)(hostname, options, callback);
        callback(
          null,
          list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      }) as unknown as typeof dns.lookup);
    });
    afterEach(() => lookup.mockRestore());

    const PRIVATE = 'The URL must point to a public site';

    it.each(['loop.example', 'inside.example', 'metadata.example', 'mixed.example'])(
      'refuses %s at create, find-or-create, a URL change and the site check',
      async (host) => {
        const homeUrl = `https://${host}/shop`;
        const created = await call(guarded, 'POST', '/applications', { name: 'X', homeUrl });
        expect(created.statusCode).toBe(400);
        expect(created.json().message).toBe(PRIVATE);
        // The popup's request, from the store's own page (the binding of issue 25.2).
        const found = await call(guarded, 'POST', '/applications/find-or-create', {
          homeUrl,
          storeOrigin: `https://${host}`,
        });
        expect(found.statusCode).toBe(400);
        expect(found.json().message).toBe(PRIVATE);
        const check = await call(
          guarded,
          'GET',
          `/applications/site-check?url=${encodeURIComponent(host)}`,
        );
        expect(check.statusCode).toBe(400);
        expect(check.json().message).toBe(PRIVATE);
        const app = await call(guarded, 'POST', '/applications', {
          name: `Moving ${host}`,
          homeUrl: `https://public.example/${host}`,
        });
        expect(app.statusCode).toBe(201);
        const moved = await call(guarded, 'PUT', `/applications/${app.json().data.id}`, {
          homeUrl,
        });
        expect(moved.statusCode).toBe(400);
        expect(moved.json().message).toBe(PRIVATE);
        expect((await rowOf(guarded, app.json().data.id)).home_url).not.toBe(homeUrl);
      },
    );

    it('creates an application on a name with public addresses only', async () => {
      const response = await call(guarded, 'POST', '/applications', {
        name: 'Public',
        homeUrl: 'https://public.example',
      });
      expect(response.statusCode).toBe(201);
    });
  });
});

describe('GET /applications and /applications/:id', () => {
  it('lists only the caller’s applications, oldest first, with an empty error list', async () => {
    const first = await createApplication(ctx, 'https://list-1.example', 'One', 'usr_lister');
    const second = await createApplication(ctx, 'https://list-2.example', 'Two', 'usr_lister');
    await createApplication(ctx, 'https://list-3.example', 'Other', 'usr_not_lister');
    const response = await call(ctx, 'GET', '/applications', undefined, 'usr_lister');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.error).toEqual([]);
    expect(body.list.map((a: { id: string }) => a.id)).toEqual([first, second]);
  });

  it('answers the detail, and 404 for another manager’s or an unknown id', async () => {
    const id = await createApplication(ctx, 'https://detail.example', 'Detail', 'usr_owner');
    const mine = await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_owner');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id, name: 'Detail', stationsCount: null });
    for (const [url, sub] of [
      [`/applications/${id}`, 'usr_intruder'],
      ['/applications/no-such-id', 'usr_owner'],
    ] as const) {
      const response = await call(ctx, 'GET', url, undefined, sub);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found', code: 'ERR_NOT_FOUND' });
    }
  });
});

describe('PUT /applications/:id', () => {
  it('renames, with an applicationUpdated feed entry', async () => {
    const id = await createApplication(ctx, 'https://rename.example', 'Old name', 'usr_renamer');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { name: ' New name ' },
      'usr_renamer',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('New name');
    const [entry] = await feedOf(ctx, 'usr_renamer');
    expect(entry).toMatchObject({ feedType: 'applicationUpdated', link: `/applications/${id}` });
  });

  it('moves an unverified application to another URL, refusing one the user already has', async () => {
    const id = await createApplication(ctx, 'https://move-a.example', 'A', 'usr_mover');
    await createApplication(ctx, 'https://move-b.example', 'B', 'usr_mover');
    const moved = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { homeUrl: 'https://Move-C.example/' },
      'usr_mover',
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.homeUrl).toBe('https://move-c.example');
    const clash = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { homeUrl: 'http://move-b.example' },
      'usr_mover',
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('You already have an application for http://move-b.example');
    expect((await rowOf(ctx, id)).home_url).toBe('https://move-c.example');
  });

  it('locks the URL once verified', async () => {
    const id = await createApplication(ctx, 'https://locked.example', 'Locked', 'usr_locked');
    await ctx.database.db
      .updateTable('applications')
      .set({ is_verified_auth: 1 })
      .where('id', '=', id)
      .execute();
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { homeUrl: 'https://elsewhere.example' },
      'usr_locked',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The URL of an authorized application cannot be changed');
    expect((await rowOf(ctx, id)).home_url).toBe('https://locked.example');
  });

  it('switches the authorization type', async () => {
    const id = await createApplication(ctx, 'https://type.example', 'Type', 'usr_type');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { authType: 'keys' },
      'usr_type',
    );
    expect(response.json().data.authType).toBe('keys');
    expect((await rowOf(ctx, id)).auth_type).toBe('keys');
  });

  it.each(
    [
      [{}, 'body must have at least 1 property'],
      [
        { name: 'A', authType: 'keys' },
        'body must hold exactly one of {name}, {homeUrl}, {consumerKey, consumerSecret}, {deauth}, {authType}',
      ],
      [{ consumerKey: 'ck_x' }, 'body must hold both consumerKey and consumerSecret'],
      [{ deauth: false }, 'body/deauth must be equal to constant'],
      [
        { authType: 'oauth' },
        'body/authType must be equal to one of the allowed values: account, keys',
      ],
      [
        { consumerKey: 'k'.repeat(201), consumerSecret: 's' },
        'body/consumerKey must NOT have more than 200 characters',
      ],
      [{ isVerifiedAuth: true }, "body must NOT have additional property 'isVerifiedAuth'"],
    ].map(
      ([payload, message]) =>
        [JSON.stringify(payload).slice(0, 80), payload as object, String(message)] as const,
    ),
  )('refuses %s with 400', async (_label, payload, message) => {
    const id = await createApplication(
      ctx,
      `https://bad-put-${Math.random().toString(36).slice(2)}.example`,
      'P',
      'usr_bad_put',
    );
    const response = await call(ctx, 'PUT', `/applications/${id}`, payload, 'usr_bad_put');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for another manager’s application and changes nothing', async () => {
    const id = await createApplication(ctx, 'https://theirs.example', 'Theirs', 'usr_victim');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { name: 'Mine now' },
      'usr_thief',
    );
    expect(response.statusCode).toBe(404);
    expect((await rowOf(ctx, id)).name).toBe('Theirs');
  });
});

describe('DELETE /applications/:id', () => {
  it('deletes with 204, its invitations too, and 404 afterwards or for another manager', async () => {
    const id = await createApplication(ctx, 'https://delete.example', 'Delete', 'usr_deleter');
    await ctx.app.repos.applications.reserveInvitation(id, 5);
    const intruder = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_intruder');
    expect(intruder.statusCode).toBe(404);
    const response = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_deleter');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const left = await ctx.database.db
      .selectFrom('application_invitations')
      .selectAll()
      .where('application_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    const again = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_deleter');
    expect(again.statusCode).toBe(404);
  });
});

describe('access', () => {
  const routes = [
    ['GET', '/applications'],
    ['POST', '/applications'],
    ['POST', '/applications/find-or-create'],
    ['GET', '/applications/x'],
    ['PUT', '/applications/x'],
    ['DELETE', '/applications/x'],
    ['PUT', '/applications/x/auth-status'],
    ['GET', '/applications/x/user-accounts'],
    ['GET', '/applications/x/stations'],
    ['PUT', '/applications/x/stations/update-slug'],
    ['POST', '/send-invite-email'],
  ] as const;

  /** Calls `method url` as a user first seen by the api, then changed by `change` (role, ban). */
  async function callAsChangedUser(
    sub: string,
    change: { user_role: 'other' } | { block: 'block' },
    method: (typeof routes)[number][0],
    url: string,
  ) {
    const claims = asUser(sub);
    await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/user-data`,
      headers: await ctx.bearer(claims),
    });
    await ctx.database.db.updateTable('users').set(change).where('sub', '=', sub).execute();
    return ctx.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await ctx.bearer(claims),
      payload: {},
    });
  }

  it.each(routes)('%s %s is 403 for a cashier', async (method, url) => {
    const response = await callAsChangedUser(
      'usr_cashier_apps',
      { user_role: 'other' },
      method,
      url,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Forbidden');
  });

  it.each(routes)('%s %s is 402 for a banned manager', async (method, url) => {
    const response = await callAsChangedUser('usr_banned_apps', { block: 'block' }, method, url);
    expect(response.statusCode).toBe(402);
  });

  it.each(routes)('%s %s is 401 without a token', async (method, url) => {
    const response = await ctx.app.inject({ method, url: `${BASE}${url}`, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
