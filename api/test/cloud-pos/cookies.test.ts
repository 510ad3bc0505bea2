import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import {
  ACCESS_ERROR_COOKIE,
  ACCESS_ERROR_FIELD_MAX,
  capped,
  setAccessErrorCookie,
  tokenCookieOf,
} from '../../src/cloud-pos/cookies';
import type { AccessError } from '../../src/domain/stations/access';

const ERROR: AccessError = {
  appId: 'app-1',
  wpHome: 'https://shop.example',
  posId: '2',
  name: 'Access denied',
  text: 'You do not have access to the Bar station of Shop.',
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyCookie);
  app.get('/token', async (request) => ({ token: tokenCookieOf(request) }));
  app.get<{ Querystring: { domain?: string; secure?: string; text?: string } }>(
    '/deny',
    async (request, reply) =>
      setAccessErrorCookie(
        reply,
        { ...ERROR, text: request.query.text ?? ERROR.text },
        { domain: request.query.domain ?? null, secure: request.query.secure === '1' },
      ).send('denied'),
  );
  await app.ready();
});
afterAll(() => app.close());

const tokenOf = async (cookie?: string) =>
  (await app.inject({ method: 'GET', url: '/token', headers: cookie ? { cookie } : {} })).json<{
    token: string | null;
  }>().token;

describe('the pos_token cookie', () => {
  it('is found among several cookies and URL-decoded', async () => {
    expect(await tokenOf('a=1; pos_token=x%2By; b=2')).toBe('x+y');
    expect(await tokenOf('theme=dark;pos_token=abc.def.ghi')).toBe('abc.def.ghi');
  });

  it('ignores spaces around names and values, and keeps the first of two', async () => {
    expect(await tokenOf('  pos_token =  abc  ; other=1')).toBe('abc');
    expect(await tokenOf('pos_token=first; pos_token=second')).toBe('first');
  });

  it('keeps odd quoting and other cookies’ odd values out of the token', async () => {
    // Quotes are part of the value: such a token never verifies, as before.
    expect(await tokenOf('pos_token="abc"')).toBe('"abc"');
    expect(await tokenOf('a="x;y"; pos_token=abc')).toBe('abc');
    expect(await tokenOf('broken; pos_token=abc; =empty')).toBe('abc');
  });

  it('is null when absent or empty', async () => {
    expect(await tokenOf()).toBeNull();
    expect(await tokenOf('a=1')).toBeNull();
    expect(await tokenOf('pos_token=')).toBeNull();
    expect(await tokenOf('pos_token_other=abc')).toBeNull();
  });

  it('keeps a value that is not valid percent-encoding as it came (no token verifies then)', async () => {
    expect(await tokenOf('pos_token=%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('the access-error cookie', () => {
  const setCookieOf = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/deny${query}` });
    return String(response.headers['set-cookie']);
  };
  const parse = (header: string) => {
    const [pair = '', ...attributes] = header.split('; ');
    const value = pair.slice(`${ACCESS_ERROR_COOKIE}=`.length);
    return {
      name: pair.split('=')[0],
      error: JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as AccessError,
      attributes: attributes.sort(),
    };
  };

  it('carries the error as base64url JSON for two seconds, host-only, not HttpOnly', async () => {
    const { name, error, attributes } = parse(await setCookieOf());
    expect(name).toBe(ACCESS_ERROR_COOKIE);
    expect(error).toEqual(ERROR);
    expect(attributes).toEqual(['Max-Age=2', 'Path=/', 'SameSite=Lax']);
  });

  it('adds Domain and Secure when asked', async () => {
    const { attributes } = parse(await setCookieOf('?domain=example.com&secure=1'));
    expect(attributes).toEqual([
      'Domain=example.com',
      'Max-Age=2',
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  it('cuts a long text so the browser keeps the cookie', async () => {
    const { error } = parse(await setCookieOf(`?text=${'é'.repeat(1000)}`));
    expect(Array.from(error.text)).toHaveLength(ACCESS_ERROR_FIELD_MAX);
    expect(error.text.endsWith('é…')).toBe(true);
  });
});

describe('capped', () => {
  it('keeps a short text and cuts a long one by characters, not UTF-16 units', () => {
    expect(capped('short')).toBe('short');
    const long = '😀'.repeat(ACCESS_ERROR_FIELD_MAX + 1);
    expect(Array.from(capped(long))).toHaveLength(ACCESS_ERROR_FIELD_MAX);
    expect(capped(long).endsWith('😀…')).toBe(true);
  });
});
