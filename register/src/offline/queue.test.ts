import { RegisterError, UNREACHABLE } from '../api';
import { PRODUCTS, fakeApi } from '../fixtures';
import type { Sale } from '../types';
import type { Settled } from './queue';
import {
  afterQueuedSale,
  differences,
  provisionalTotals,
  sendQueue,
  shortOfStock,
  shownSale,
} from './queue';
import { memoryOfflineStore } from './store';

const espresso = PRODUCTS[0]!;
const cappuccino = PRODUCTS[1]!;
const down = () => new RegisterError(UNREACHABLE, 0, 'unreachable');

async function queueOf(count: number) {
  const store = memoryOfflineStore();
  for (let n = 1; n <= count; n += 1) {
    const totals = provisionalTotals([{ product: espresso, quantity: n }], 'USD');
    const tenders = [{ method: 'card' as const, amount: totals.total, reference: `T-${n}` }];
    await store.enqueue({
      key: `key-${n}`,
      lines: [{ product_id: espresso.id, quantity: n }],
      tenders,
      shown: shownSale(totals, tenders, new Date('2026-11-28T10:00:00Z')),
    });
  }
  return store;
}

describe('provisional totals', () => {
  it('are the sum of the shown prices, without tax, marked provisional', () => {
    const totals = provisionalTotals(
      [
        { product: espresso, quantity: 2 },
        { product: cappuccino, quantity: 1 },
      ],
      'USD',
    );
    expect(totals).toMatchObject({ total: '10.20', total_tax: '0.00', provisional: true });
    expect(totals.lines.map((line) => line.total)).toEqual(['6.00', '4.20']);
  });

  it('give the change of cash from the provisional total', () => {
    const totals = provisionalTotals([{ product: espresso, quantity: 1 }], 'USD');
    const shown = shownSale(
      totals,
      [{ method: 'cash', amount: '3.00', tendered: '5' }],
      new Date(0),
    );
    expect(shown).toMatchObject({ total: '3.00', tendered: '5.00', change: '2.00' });
  });

  it('take the queued units off the stock shown', () => {
    const totals = provisionalTotals([{ product: espresso, quantity: 10 }], 'USD');
    const shown = shownSale(
      totals,
      [{ method: 'card', amount: totals.total, reference: 'T' }],
      new Date(0),
    );
    expect(afterQueuedSale(PRODUCTS, shown)[0]).toMatchObject({
      stock_quantity: 0,
      stock_status: 'outofstock',
    });
  });
});

describe('sending the queue', () => {
  it('sends every sale once, in order, with its key and the total it showed', async () => {
    const store = await queueOf(3);
    const api = fakeApi();
    const createOrder = jest.spyOn(api, 'createOrder');
    const settled: Settled[] = [];
    expect(await sendQueue(store, api, (outcome) => settled.push(outcome))).toBe(true);
    expect(createOrder.mock.calls.map(([, , options]) => options?.sale)).toEqual([
      { idempotencyKey: 'key-1', offline: { shown_total: '3.00' } },
      { idempotencyKey: 'key-2', offline: { shown_total: '6.00' } },
      { idempotencyKey: 'key-3', offline: { shown_total: '9.00' } },
    ]);
    expect(settled.map((outcome) => outcome.queued.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(await store.queued()).toEqual([]);
    // Sent again, nothing is left to send.
    expect(await sendQueue(store, api, () => undefined)).toBe(true);
    expect(createOrder).toHaveBeenCalledTimes(3);
  });

  it('stops at the first sale the store does not answer, keeping it and the rest', async () => {
    const store = await queueOf(3);
    const api = fakeApi();
    const make = api.createOrder.bind(api);
    let calls = 0;
    api.createOrder = async (...args) => {
      calls += 1;
      if (calls === 2) throw down();
      return make(...args);
    };
    expect(await sendQueue(store, api, () => undefined)).toBe(false);
    expect((await store.queued()).map((q) => q.key)).toEqual(['key-2', 'key-3']);
    expect(await sendQueue(store, api, () => undefined)).toBe(true);
    expect(calls).toBe(4);
  });

  it('keeps a sale the store refuses with its reason, and goes on', async () => {
    const store = await queueOf(2);
    const api = fakeApi();
    const make = api.createOrder.bind(api);
    api.createOrder = async (lines, tenders, options) => {
      if (options?.sale?.idempotencyKey === 'key-1') {
        throw new RegisterError('No such product.', 400, 'x');
      }
      return make(lines, tenders, options);
    };
    const settled: Settled[] = [];
    expect(await sendQueue(store, api, (outcome) => settled.push(outcome))).toBe(true);
    expect(settled.map((o) => ('refused' in o ? o.refused : o.sale.number))).toEqual([
      'No such product.',
      '1042',
    ]);
    const [refused] = await store.queued();
    expect(refused).toMatchObject({ key: 'key-1', refused: 'No such product.' });
    // A refused sale is not sent again.
    expect(await sendQueue(store, api, () => undefined)).toBe(true);
  });
});

describe('differences', () => {
  it('name the lines the store settled at other prices', async () => {
    const totals = provisionalTotals(
      [
        { product: espresso, quantity: 2 },
        { product: cappuccino, quantity: 1 },
      ],
      'USD',
    );
    const shown = shownSale(
      totals,
      [{ method: 'card', amount: totals.total, reference: 'T' }],
      new Date(0),
    );
    const sale = {
      line_items: [
        { product_id: espresso.id, variation_id: 0, name: 'Espresso', quantity: 2, total: '7.00' },
        {
          product_id: cappuccino.id,
          variation_id: 0,
          name: 'Cappuccino',
          quantity: 1,
          total: '4.20',
        },
      ],
    } as Sale;
    expect(differences(shown, sale)).toEqual([
      { name: 'Espresso', shown: '6.00', settled: '7.00' },
    ]);
  });
});

describe('short of stock', () => {
  it('names the products of the sale the store now counts below zero', () => {
    const totals = provisionalTotals([{ product: espresso, quantity: 2 }], 'USD');
    const shown = shownSale(
      totals,
      [{ method: 'card', amount: totals.total, reference: 'T' }],
      new Date(0),
    );
    const now = [
      { ...espresso, stock_quantity: -1, stock_status: 'outofstock' as const },
      { ...cappuccino, stock_quantity: -3, stock_status: 'outofstock' as const },
    ];
    expect(shortOfStock(shown, now).map((p) => p.name)).toEqual(['Espresso']);
    expect(shortOfStock(shown, PRODUCTS)).toEqual([]);
  });
});
