import { sessionCookieUrl } from '../urls';
import { sessionCookieWriter } from './sessionCookie';

const answer = (status: number) => ({ ok: status < 300, status }) as Response;

describe('sessionCookieWriter', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('asks the api to set the cookie to the bearer token', async () => {
    const fetcher = jest.fn(async () => answer(204));
    await sessionCookieWriter(fetcher as unknown as typeof fetch)('a.b.c');
    expect(fetcher).toHaveBeenCalledWith(sessionCookieUrl, {
      method: 'POST',
      headers: { Authorization: 'Bearer a.b.c' },
      credentials: 'same-origin',
    });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('asks the api to clear it, even while the page is being left', async () => {
    const fetcher = jest.fn(async () => answer(204));
    await sessionCookieWriter(fetcher as unknown as typeof fetch)(null);
    expect(fetcher).toHaveBeenCalledWith(sessionCookieUrl, {
      method: 'DELETE',
      credentials: 'same-origin',
      keepalive: true,
    });
  });

  it('never rejects: a refusal or a network failure is logged', async () => {
    const refused = jest.fn(async () => answer(401));
    await expect(sessionCookieWriter(refused as unknown as typeof fetch)('x')).resolves.toBe(
      undefined,
    );
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sessionCookieWriter(offline as unknown as typeof fetch)(null)).resolves.toBe(
      undefined,
    );
    expect(console.warn).toHaveBeenCalledTimes(2);
  });
});
