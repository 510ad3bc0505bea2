import type { TestContext } from '../helpers/app';
import { asUser, createTestContext } from '../helpers/app';
import { BASE } from '../helpers/applications';

// A migrated database on a busy 2-core machine: more than the default 5 s.
jest.setTimeout(30_000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const SURROGATE = 'must be well-formed Unicode text (it holds an unpaired surrogate)';

/** Sends `body` as the JSON text given, so that lone surrogates travel as `\ud800` escapes. */
async function send(method: 'POST' | 'PUT' | 'PATCH', url: string, json: string) {
  return ctx.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { ...(await ctx.bearer(asUser('usr_text'))), 'content-type': 'application/json' },
    payload: json,
  });
}

describe('text input', () => {
  it.each([
    ['POST', '/applications', '{"name":"\\ud800","homeUrl":"https://shop.example"}', 'body/name'],
    ['POST', '/applications', '{"name":"a\\udc00b","homeUrl":"https://shop.example"}', 'body/name'],
    [
      'PUT',
      '/applications/app_x',
      '{"name":"Caf\\ud83d","homeUrl":"https://shop.example"}',
      'body/name',
    ],
    [
      'POST',
      '/staff/users',
      '{"name":"Ann \\udfffLee","email":"ann@shop.example","role":"cashier","applicationId":"app_x"}',
      'body/name',
    ],
    ['POST', '/activities', '{"name":"x\\ud800","feedType":"orderProcessed"}', 'body/name'],
    ['PUT', '/user-settings', '{"quickLaunchPOSId":"app_1/\\ud800"}', 'body/quickLaunchPOSId'],
    // Keys are text too.
    ['PUT', '/user-settings', '{"\\ud800":true}', 'body/\ufffd'],
  ] as const)(
    'refuses %s %s %s with 400 and says which field',
    async (method, url, json, where) => {
      const response = await send(method, url, json);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `${where} ${SURROGATE}`, code: 'ERR_VALIDATION' });
    },
  );

  it('keeps refusing NUL characters with their own message', async () => {
    const response = await send('POST', '/activities', '{"name":"a\\u0000b","feedType":"x"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('body/name must not contain NUL characters');
  });

  it('refuses a lone surrogate deep in an array', async () => {
    const response = await send(
      'POST',
      '/staff/users',
      '{"name":"Ann Lee","email":"ann@shop.example","role":"cashier","applicationId":"app_x","extra":["ok","\\udbff"]}',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`body/extra/1 ${SURROGATE}`);
  });

  it('accepts and stores text with whole surrogate pairs (emoji) as sent', async () => {
    const name = 'Café ☕ 🍩 order';
    const response = await send(
      'POST',
      '/activities',
      JSON.stringify({ name: 'Café ☕ \ud83c\udf69 order', feedType: 'orderProcessed' }),
    );
    expect(response.statusCode).toBe(201);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/activities-list`,
      headers: await ctx.bearer(asUser('usr_text')),
    });
    expect(list.json().data[0].name).toBe(name);
  });
});

describe('names people see', () => {
  const HIDDEN =
    'must not contain invisible or direction-changing characters (bidi controls, zero-width or tag characters)';
  // Each is one kind the names refuse: bidi embedding/override (U+202A–U+202E), isolates
  // (U+2066–U+2069), zero-width characters (U+200B–U+200F), the word joiner, the BOM, tags.
  const hidden = [
    '\u202a',
    '\u202e',
    '\u2066',
    '\u2069',
    '\u200b',
    '\u200d',
    '\u200f',
    '\u2060',
    '\ufeff',
    '\u{e0001}',
    '\u{e0041}',
    '\u{e007f}',
  ];
  const slugBody = (change: object) =>
    JSON.stringify({
      stationId: '12',
      stationSlug: 'front',
      stationName: 'Front Counter',
      oldStationSlug: '12',
      ...change,
    });

  it.each(hidden.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'refuses %s in an application name (create, update) and a station name or slug',
    async (_, c) => {
      const cases = [
        [
          'POST',
          '/applications',
          JSON.stringify({ name: `Shop${c}`, homeUrl: 'https://a.example' }),
          'body/name',
        ],
        ['PUT', '/applications/app_x', JSON.stringify({ name: `${c}Shop` }), 'body/name'],
        [
          'PUT',
          '/applications/app_x/stations/update-slug',
          slugBody({ stationName: `Till ${c}1` }),
          'body/stationName',
        ],
        [
          'PUT',
          '/applications/app_x/stations/update-slug',
          slugBody({ stationSlug: `front${c}` }),
          'body/stationSlug',
        ],
      ] as const;
      for (const [method, url, json, where] of cases) {
        const response = await send(method, url, json);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: `${where} ${HIDDEN}`, code: 'ERR_VALIDATION' });
      }
    },
  );

  it('lets visible text through: accents, right-to-left script, emoji without joiners', async () => {
    for (const name of ['Café Zürich', 'متجر القهوة', 'Shop ☕ 🍩', 'Shop (beta) — №1']) {
      const response = await send('POST', '/applications', JSON.stringify({ name, homeUrl: 'x' }));
      // Past the name's check: the address is what the create refuses.
      expect(response.json().message).not.toContain('body/name');
    }
  });
});
