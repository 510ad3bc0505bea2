import type { TestSandbox } from './helpers';
import { DASHBOARD, OTHER_DASHBOARD, signIn, startTestSandbox } from './helpers';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(() => sandbox.close());

function preflight(path: string, origin: string) {
  return fetch(`${sandbox.loginUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
}

describe.each(['/refresh', '/verify'])('CORS on %s', (path) => {
  it.each([DASHBOARD, OTHER_DASHBOARD])('lets the listed dashboard %s call it', async (origin) => {
    const response = await preflight(path, origin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type');

    const { token } = await signIn(sandbox);
    const call = await fetch(`${sandbox.loginUrl}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.each(['http://evil.test', 'http://127.0.0.1:3000.evil.test', 'null'])(
    'gives no CORS grant to %s',
    async (origin) => {
      const response = await preflight(path, origin);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();

      const call = await fetch(`${sandbox.loginUrl}${path}`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x' }),
      });
      expect(call.headers.get('access-control-allow-origin')).toBeNull();
    },
  );
});

it('gives browsers no CORS grant on /resend-activation', async () => {
  const response = await preflight('/resend-activation', DASHBOARD);
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
});

describe('dashboard origins', () => {
  it.each([
    'http://127.0.0.1:3000/',
    'http://127.0.0.1:3000/app',
    'http://127.0.0.1:3000@evil.test',
    'javascript:alert(1)',
    '127.0.0.1:3000',
  ])('refuses to start with %s, which is not a bare origin', async (origin) => {
    await expect(startTestSandbox({ dashboardOrigins: [DASHBOARD, origin] })).rejects.toThrow(
      `DASHBOARD_ORIGINS entries must be origins like http://127.0.0.1:3000, got "${origin}"`,
    );
  });
});
