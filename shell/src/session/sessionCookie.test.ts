import { sessionCookieUrl } from '../urls';
import { SESSION_COOKIE_TIMEOUT_MS, sessionCookieWriter } from './sessionCookie';

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
      signal: expect.any(AbortSignal),
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
      signal: expect.any(AbortSignal),
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

  it('gives up on a call the api does not answer, so that sign-in does not wait forever', async () => {
    jest.useFakeTimers();
    try {
      const hanging = jest.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      );
      let settled = false;
      void sessionCookieWriter(hanging as unknown as typeof fetch)('x').then(
        () => (settled = true),
      );
      await jest.advanceTimersByTimeAsync(SESSION_COOKIE_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(console.warn).toHaveBeenCalledWith(
        'The session cookie was not set',
        expect.any(Error),
      );
    } finally {
      jest.useRealTimers();
    }
  });
});
