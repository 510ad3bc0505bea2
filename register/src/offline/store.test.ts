import './fakeIndexedDb';
import { SESSION, PRODUCTS } from '../fixtures';
import type { ShownSale } from './store';
import { memoryOfflineStore, openOfflineStore } from './store';

let names = 0;
const fresh = () => `register-test-${(names += 1)}`;

const shown: ShownSale = {
  currency: 'USD',
  lines: [
    {
      product_id: 101,
      variation_id: 0,
      name: 'Espresso',
      quantity: 1,
      price: '3.00',
      total: '3.00',
    },
  ],
  total: '3.00',
  tendered: '5.00',
  change: '2.00',
  reference: null,
  queuedAt: '2026-11-28T10:00:00.000Z',
};
const sale = (key: string) => ({
  key,
  lines: [{ product_id: 101, quantity: 1 }],
  tenders: [{ method: 'cash' as const, amount: '3.00', tendered: '5.00' }],
  shown,
});

describe.each([
  ['IndexedDB', (name: string) => openOfflineStore(name)],
  ['memory', async () => memoryOfflineStore()],
])('the offline store (%s)', (_kind, open) => {
  it('keeps the queue in the order the sales were taken', async () => {
    const store = await open(fresh());
    for (const key of ['a', 'b', 'c']) await store.enqueue(sale(key));
    const queued = await store.queued();
    expect(queued.map((q) => q.key)).toEqual(['a', 'b', 'c']);
    expect(queued.every((q) => q.refused === null)).toBe(true);
    await store.remove(queued[1]!.seq);
    await store.refuse(queued[0]!.seq, 'No.');
    expect((await store.queued()).map((q) => [q.key, q.refused])).toEqual([
      ['a', 'No.'],
      ['c', null],
    ]);
  });
});

describe('the offline store in IndexedDB', () => {
  it('still has the catalogue and the waiting sales after a reload', async () => {
    const name = fresh();
    const before = await openOfflineStore(name);
    await before.saveCatalogue({
      session: SESSION,
      categories: [],
      products: PRODUCTS,
      savedAt: '2026-11-28T10:00:00.000Z',
    });
    await before.enqueue(sale('k-1'));
    const after = await openOfflineStore(name);
    expect((await after.catalogue())?.products).toEqual(PRODUCTS);
    expect((await after.queued()).map((q) => q.key)).toEqual(['k-1']);
    // Another station's database is its own.
    expect(await (await openOfflineStore(fresh())).catalogue()).toBeUndefined();
  });
});
