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

  it('sends the tenders of a sale, and asks for the day, a receipt, a refund and the summary', async () => {
    const fetcher = jest.fn(async () => answer({}));
    const api = createRegisterApi(config, fetcher);
    await api.createOrder(
      [{ product_id: 1, quantity: 1 }],
      [
        { method: 'cash', amount: '5.00', tendered: '10.00' },
        { method: 'card', amount: '7.53', reference: 'T-1' },
      ],
    );
    await api.sales();
    await api.order(1042);
    await api.refund(1042, 'Stale', [{ line_id: 7, quantity: 1 }]);
    await api.summary();
    const calls = fetcher.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url, init]) => [init.method, url, init.body])).toEqual([
      [
        'POST',
        '/wp-json/pos-connect/v1/register/1/orders',
        JSON.stringify({
          lines: [{ product_id: 1, quantity: 1 }],
          tenders: [
            { method: 'cash', amount: '5.00', tendered: '10.00' },
            { method: 'card', amount: '7.53', reference: 'T-1' },
          ],
        }),
      ],
      ['GET', '/wp-json/pos-connect/v1/register/1/sales', undefined],
      ['GET', '/wp-json/pos-connect/v1/register/1/orders/1042', undefined],
      [
        'POST',
        '/wp-json/pos-connect/v1/register/1/orders/1042/refunds',
        '{"reason":"Stale","lines":[{"line_id":7,"quantity":1}]}',
      ],
      ['GET', '/wp-json/pos-connect/v1/register/1/summary', undefined],
    ]);
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
    const card = [{ method: 'card' as const, amount: '3.00', reference: 'T-1' }];
    const cash = [{ method: 'cash' as const, amount: '3.00', tendered: '5.00' }];
    await api.createOrder(lines, card, { sale: { idempotencyKey: key } });
    await api.createOrder(lines, cash, {
      sale: { idempotencyKey: key, offline: { shown_total: '3.00' } },
    });
    const [first, second] = fetcher.mock.calls.map(([, init]) => init!);
    expect(first!.headers).toMatchObject({ 'idempotency-key': key, 'x-pos-token': 'tok' });
    expect(JSON.parse(String(first!.body))).toEqual({ lines, tenders: card });
    expect(JSON.parse(String(second!.body))).toEqual({
      lines,
      tenders: cash,
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

  it("sends a sale's customer and note, and nothing for a guest without a note", async () => {
    const fetcher = jest.fn(async (_url: string, _init: RequestInit) => answer({ id: 1 }));
    const api = createRegisterApi(config, fetcher as unknown as typeof fetch);
    const lines = [{ product_id: 1, quantity: 1 }];
    const customer = { id: 15, first_name: 'Carl', last_name: 'Customer', email: 'c@x.test' };
    await api.createOrder(lines, [{ method: 'card', amount: '5.00', reference: 'T1' }], {
      details: { customer, note: ' Gift ' },
    });
    await api.park(lines, { customer: null, note: '  ' });
    const bodies = fetcher.mock.calls.map((call) => JSON.parse(String(call[1].body)));
    expect(bodies[0]).toEqual({
      lines,
      tenders: [{ method: 'card', amount: '5.00', reference: 'T1' }],
      customer_id: 15,
      note: 'Gift',
    });
    expect(bodies[1]).toEqual({ lines });
  });

  it('searches customers by page and reads the page count', async () => {
    const fetcher = jest.fn(async (_url: string, _init: RequestInit) => {
      const response = answer([]);
      response.headers.set('x-wp-totalpages', '3');
      return response;
    });
    const found = await createRegisterApi(config, fetcher as unknown as typeof fetch).findCustomers(
      'carl c',
      2,
    );
    expect(fetcher.mock.calls[0]?.[0]).toBe(
      '/wp-json/pos-connect/v1/register/1/customers?search=carl+c&page=2&per_page=10',
    );
    expect(found).toEqual({ customers: [], totalPages: 3 });
  });

  it('takes a parked sale with DELETE and mails a receipt to the address given', async () => {
    const fetcher = jest.fn(async (_url: string, _init: RequestInit) => answer({}));
    const api = createRegisterApi(config, fetcher as unknown as typeof fetch);
    await api.takeParked(7);
    await api.emailReceipt(1042, 'a@b.test');
    expect(fetcher.mock.calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/wp-json/pos-connect/v1/register/1/parked/7', 'DELETE', undefined],
      ['/wp-json/pos-connect/v1/register/1/orders/1042/email', 'POST', '{"email":"a@b.test"}'],
    ]);
  });
});
