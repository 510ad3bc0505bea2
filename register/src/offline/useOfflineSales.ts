import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegisterApi } from '../api';
import type { CartAdjustments, CartLine, SaleDetails, Tender } from '../types';
import type { Settled } from './queue';
import { sendQueue } from './queue';
import type { CachedCatalogue, OfflineStore, ShownSale } from './store';

/** How often the register asks again whether the store answers, while sales wait. */
export const RETRY_MS = 5_000;

/** The register's offline side, as its view uses it. */
export interface OfflineSales {
  /** False from a call the store did not answer until it answers again. */
  storeAnswers: boolean;
  /** How many sales wait for the store. */
  waiting: number;
  /** Queued sales the store has settled or refused, until the cashier dismisses them. */
  settled: Settled[];
  /** A call was not answered: sell from the cache and queue the sales. */
  markDown(): void;
  /** Queues a sale taken without the store's answer. */
  queue(sale: {
    key: string;
    lines: CartLine[];
    tenders: Tender[];
    details?: SaleDetails;
    adjustments?: CartAdjustments;
    shown: ShownSale;
  }): Promise<void>;
  /** Forgets a settled or refused sale once the cashier has seen it. */
  dismiss(seq: number): void;
  saveCatalogue(catalogue: CachedCatalogue): void;
  cachedCatalogue(): Promise<CachedCatalogue | undefined>;
}

/**
 * Keeps the queue of sales taken while the store does not answer, and sends it when the store
 * answers again: every `retryMs` while it is down or sales wait, and at the browser's `online`
 * event. One sending at a time, so no sale is sent twice at once; `onBack` is called when the
 * store answers again (the view loads the catalogue again: prices and stock it settled).
 */
export function useOfflineSales(
  api: RegisterApi,
  store: Promise<OfflineStore>,
  { retryMs = RETRY_MS, onBack }: { retryMs?: number; onBack: () => void },
): OfflineSales {
  const [storeAnswers, setStoreAnswers] = useState(true);
  const [waiting, setWaiting] = useState(0);
  const [settled, setSettled] = useState<Settled[]>([]);
  const sending = useRef<Promise<void> | null>(null);
  const back = useRef(onBack);
  back.current = onBack;
  const answers = useRef(true);
  const setAnswers = useCallback((value: boolean) => {
    if (answers.current === value) return;
    answers.current = value;
    setStoreAnswers(value);
    if (value) back.current();
  }, []);

  const count = useCallback(async () => {
    const queued = await (await store).queued();
    setWaiting(queued.filter((sale) => sale.refused === null).length);
    return queued;
  }, [store]);

  // The sales refused before a reload are still to be seen.
  useEffect(() => {
    let live = true;
    void count().then((queued) => {
      if (!live) return;
      const refused = queued.filter((sale) => sale.refused !== null);
      setSettled(
        refused.map((queuedSale) => ({ queued: queuedSale, refused: queuedSale.refused! })),
      );
      if (queued.some((sale) => sale.refused === null)) setAnswers(false);
    });
    return () => {
      live = false;
    };
  }, [count, setAnswers]);

  const attempt = useCallback(() => {
    if (sending.current) return sending.current;
    sending.current = (async () => {
      try {
        const opened = await store;
        let sent = 0;
        const allSent = await sendQueue(opened, api, (outcome) => {
          sent += 1;
          setSettled((current) => [...current, outcome]);
        });
        // Nothing was waiting: ask the store whether it answers (throws while it is down).
        if (allSent && sent === 0) await api.session();
        if (allSent) setAnswers(true);
      } catch {
        // Still down: the next attempt asks again.
      } finally {
        await count();
        sending.current = null;
      }
    })();
    return sending.current;
  }, [api, count, setAnswers, store]);

  useEffect(() => {
    if (storeAnswers && waiting === 0) return undefined;
    const timer = setInterval(() => void attempt(), retryMs);
    const online = () => void attempt();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [attempt, retryMs, storeAnswers, waiting]);

  return {
    storeAnswers,
    waiting,
    settled,
    markDown: useCallback(() => setAnswers(false), [setAnswers]),
    queue: useCallback(
      async (sale) => {
        await (await store).enqueue(sale);
        setAnswers(false);
        await count();
      },
      [count, setAnswers, store],
    ),
    dismiss: useCallback(
      (seq) => {
        setSettled((current) => current.filter((outcome) => outcome.queued.seq !== seq));
        // A refused sale stays in the queue (not sent again) until it has been seen.
        void store.then((opened) => opened.remove(seq));
      },
      [store],
    ),
    saveCatalogue: useCallback(
      (catalogue) => void store.then((opened) => opened.saveCatalogue(catalogue)),
      [store],
    ),
    cachedCatalogue: useCallback(async () => (await store).catalogue(), [store]),
  };
}
