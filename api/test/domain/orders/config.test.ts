import { loadConfig } from '../../../src/config';

describe('ORDERS_RECONCILE_INTERVAL_MS', () => {
  it('defaults to 5 minutes, takes 0 to turn the job off, and larger values', () => {
    expect(loadConfig({}).ordersReconcileIntervalMs).toBe(300_000);
    expect(loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: '0' }).ordersReconcileIntervalMs).toBe(0);
    expect(loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: '60000' }).ordersReconcileIntervalMs).toBe(
      60_000,
    );
  });

  it.each(['100', '-1', 'soon', '1.5'])('refuses %s', (value) => {
    expect(() => loadConfig({ ORDERS_RECONCILE_INTERVAL_MS: value })).toThrow(
      'ORDERS_RECONCILE_INTERVAL_MS must be 0 (off) or a whole number of ms ≥ 5000',
    );
  });
});
