import {
  REQUEST_TIMEOUT_MS,
  RegisterError,
  UNREACHABLE,
  createRegisterApi,
  isUnreachable,
  routeUrl,
} from './api';

/** A fetch answer (jsdom has no Response). */
const answer = (body: unknown, status = 200) =>
  ({
    ok: status < 400,
    status,
    headers: new Headers(),
    json: async () => body,
  }) as unknown as Response;

const config = { posId: 1, restBase: '/wp-json/pos-connect/v1/register/1', token: 'tok' };

describe('the register api', () => {
  it("sends the session's token and the cart to the station's routes", async () => {
    const fetcher = jest.fn(async () => answer({ total: '1.00' }));
    await createRegisterApi(config, fetcher).totals([{ product_id: 1, quantity: 2 }]);
    expect(fetcher).toHaveBeenCalledWith('/wp-json/pos-connect/v1/register/1/totals', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-pos-token': 'tok',
        'content-type': 'application/json',
      },
      body: '{"lines":[{"product_id":1,"quantity":2}]}',
      // Aborted after REQUEST_TIMEOUT_MS: a store that never answers counts as down.
      signal: expect.any(AbortSignal),
    });
  });

  it("gives the store's own refusal text, the parameter's reason first", async () => {
    const refuse = (body: unknown, status: number) =>
      createRegisterApi(config, async () => answer(body, status)).session();
    await expect(
      refuse({ code: 'x', message: 'The station session has ended.' }, 401),
    ).rejects.toEqual(new RegisterError('The station session has ended.', 401, 'x'));
    await expect(
      refuse(
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): lines',
          data: { params: { lines: 'bad' } },
        },
        400,
      ),
    ).rejects.toThrow('bad');
  });

  it('says the store does not answer when the request fails', async () => {
    const api = createRegisterApi(config, async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.categories()).rejects.toThrow(UNREACHABLE);
  });

  it("sends a sale's idempotency key as Idempotency-Key, and an offline sale's shown total", async () => {
    const fetcher = jest.fn(async (_url: string, _init?: RequestInit) => answer({ id: 7 }, 201));
    const api = createRegisterApi(config, fetcher as unknown as typeof fetch);
    const key = '3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31';
    const lines = [{ product_id: 1, quantity: 1 }];
    await api.createOrder(lines, { method: 'card', reference: 'T-1' }, { idempotencyKey: key });
    await api.createOrder(
      lines,
      { method: 'cash', tendered: '5.00' },
      { idempotencyKey: key, offline: { shown_total: '3.00' } },
    );
    const [first, second] = fetcher.mock.calls.map(([, init]) => init!);
    expect(first!.headers).toMatchObject({ 'idempotency-key': key, 'x-pos-token': 'tok' });
    expect(JSON.parse(String(first!.body))).toEqual({
      lines,
      payment: { method: 'card', reference: 'T-1' },
    });
    expect(JSON.parse(String(second!.body))).toEqual({
      lines,
      payment: { method: 'cash', tendered: '5.00' },
      offline: { shown_total: '3.00' },
    });
  });

  it('counts no connection, a timeout and a 5xx as the store not answering; a 4xx as its answer', async () => {
    const failing = (status: number) =>
      createRegisterApi(config, async () => answer({ message: 'x' }, status)).session();
    await expect(failing(503).catch((error: unknown) => isUnreachable(error))).resolves.toBe(true);
    await expect(failing(500).catch((error: unknown) => isUnreachable(error))).resolves.toBe(true);
    await expect(failing(400).catch((error: unknown) => isUnreachable(error))).resolves.toBe(false);
    await expect(failing(401).catch((error: unknown) => isUnreachable(error))).resolves.toBe(false);

    jest.useFakeTimers();
    try {
      // A store that takes the connection and never answers: aborted after the timeout.
      const hanging = createRegisterApi(config, (_url, init) => {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        });
      });
      const call = hanging.session().catch((error: unknown) => error);
      jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
      const error = await call;
      expect(error).toEqual(new RegisterError(UNREACHABLE, 0, 'unreachable'));
      expect(isUnreachable(error)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("joins a route's query to a REST base that is itself a query (plain permalinks)", () => {
    expect(routeUrl('/wp-json/pos-connect/v1/register/1', 'products?page=2')).toBe(
      '/wp-json/pos-connect/v1/register/1/products?page=2',
    );
    expect(
      routeUrl('http://shop.test/?rest_route=/pos-connect/v1/register/1', 'products?page=2'),
    ).toBe('http://shop.test/?rest_route=/pos-connect/v1/register/1/products&page=2');
  });
});
