import type { DBSchema } from 'idb';
import { openDB } from 'idb';
import type {
  CartAdjustments,
  CartLine,
  Category,
  Product,
  RegisterSession,
  SaleDetails,
  Tender,
} from '../types';

/** The catalogue as last loaded from the store: what the register sells from when it is down. */
export interface CachedCatalogue {
  session: RegisterSession;
  categories: Category[];
  products: Product[];
  /** ISO-8601. */
  savedAt: string;
}

/** What the register showed for a sale it queued: the last known prices and their sum. */
export interface ShownSale {
  currency: string;
  lines: Array<{
    product_id: number;
    variation_id: number;
    name: string;
    quantity: number;
    price: string;
    total: string;
  }>;
  /** The provisional total: the sum of the shown prices (the register never computes tax). */
  total: string;
  tendered: string | null;
  change: string | null;
  reference: string | null;
  /** ISO-8601. */
  queuedAt: string;
}

/** A sale waiting for the store, in the order it was taken. */
export interface QueuedSale {
  /** The queue's order. */
  seq: number;
  /** The sale's idempotency key: the store makes one order of it however often it is sent. */
  key: string;
  lines: CartLine[];
  tenders: Tender[];
  /** The sale's customer and note, coupons and discounts, as it was taken. */
  details?: SaleDetails;
  adjustments?: CartAdjustments;
  shown: ShownSale;
  /** The store's refusal when it answered with one (kept until the cashier has seen it). */
  refused: string | null;
}

/** The register's browser storage: the cached catalogue and the queue of waiting sales. */
export interface OfflineStore {
  catalogue(): Promise<CachedCatalogue | undefined>;
  saveCatalogue(catalogue: CachedCatalogue): Promise<void>;
  /** Adds a sale at the end of the queue. */
  enqueue(
    sale: Pick<QueuedSale, 'key' | 'lines' | 'tenders' | 'details' | 'adjustments' | 'shown'>,
  ): Promise<QueuedSale>;
  /** Every queued sale, oldest first (refused ones included). */
  queued(): Promise<QueuedSale[]>;
  /** Takes a sale the store has made off the queue. */
  remove(seq: number): Promise<void>;
  /** Keeps the store's refusal of a sale; it is not sent again. */
  refuse(seq: number, reason: string): Promise<void>;
}

interface RegisterDb extends DBSchema {
  catalogue: { key: string; value: CachedCatalogue };
  queue: { key: number; value: QueuedSale };
}

const CATALOGUE_KEY = 'current';

/**
 * The store kept in IndexedDB database `name` (one per station, so a reload while the store is
 * down still has the catalogue and the waiting sales). Where the browser has no IndexedDB (some
 * private modes) the sales wait in memory, for the life of the page.
 */
export async function openOfflineStore(name: string): Promise<OfflineStore> {
  if (typeof indexedDB === 'undefined') return memoryOfflineStore();
  const db = await openDB<RegisterDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore('catalogue');
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return {
    catalogue: () => db.get('catalogue', CATALOGUE_KEY),
    async saveCatalogue(catalogue) {
      await db.put('catalogue', catalogue, CATALOGUE_KEY);
    },
    async enqueue(sale) {
      // The key path assigns seq: the queue's order is the order of the sales.
      const record = { ...sale, refused: null } as Omit<QueuedSale, 'seq'> as QueuedSale;
      const seq = await db.add('queue', record);
      return { ...record, seq };
    },
    queued: () => db.getAll('queue'),
    remove: (seq) => db.delete('queue', seq),
    async refuse(seq, reason) {
      const transaction = db.transaction('queue', 'readwrite');
      const sale = await transaction.store.get(seq);
      if (sale) await transaction.store.put({ ...sale, refused: reason });
      await transaction.done;
    },
  };
}

/** An OfflineStore in memory. */
export function memoryOfflineStore(): OfflineStore {
  let catalogue: CachedCatalogue | undefined;
  let queue: QueuedSale[] = [];
  let next = 1;
  return {
    catalogue: async () => catalogue,
    async saveCatalogue(saved) {
      catalogue = saved;
    },
    async enqueue(sale) {
      const record = { ...sale, seq: next++, refused: null };
      queue.push(record);
      return record;
    },
    queued: async () => [...queue],
    async remove(seq) {
      queue = queue.filter((sale) => sale.seq !== seq);
    },
    async refuse(seq, reason) {
      queue = queue.map((sale) => (sale.seq === seq ? { ...sale, refused: reason } : sale));
    },
  };
}
