/** The register's words about selling while the store does not answer. */
export const OFFLINE_TEXTS = {
  storeDown:
    'The store does not answer. Sales are kept on this register and sent when it answers again.',
  waiting: (n: number) =>
    n === 1 ? '1 sale is waiting for the store.' : `${n} sales are waiting for the store.`,
  waitingForStore: 'Waiting for the store',
  provisionalTotal: 'Provisional total',
  provisionalNote: 'Last known prices, without tax: the store settles the total when it answers.',
  noCache: 'The store does not answer and this register has no catalogue saved yet.',
  settledHeading: 'Sales sent to the store',
  settled: (number: string) => `Order #${number}`,
  shownSettled: (shown: string, settled: string) => `shown ${shown}, the store settled ${settled}`,
  refused: (reason: string) => `The store refused this sale: ${reason}`,
  queuedAt: (when: string) => `Taken ${when}`,
  stockBelowZero: (name: string, stock: number) =>
    `${name}: the store sold more than it had; its stock is now ${stock}.`,
  dismiss: 'Dismiss',
} as const;
