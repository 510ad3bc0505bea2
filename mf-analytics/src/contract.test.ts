import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

// The pages import nivo, which ships ES modules Jest does not run; the contract test only needs
// each parcel to load, so the charts are stood in by an empty module.
jest.mock('./charts', () => ({ BarChart: () => null, DayLineChart: () => null }));

describe('mf_analytics contract', () => {
  it('validates with validateContract as the shell loads it', () => {
    const contract = validateContract(contractModule, 'mf_analytics');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([
      ['/analytics', 'Order Analytics', 'manager', 'allow'],
      ['/print-analytics', 'Order Analytics', 'manager', 'allow'],
      ['/activity', 'Activity', 'manager', 'allow'],
    ]);
  });

  it('adds Order Analytics after Dashboard and Activity before Stations, for managers (spec 2.10)', () => {
    const contract = validateContract(contractModule, 'mf_analytics');
    expect(
      contract.navItems.map((item) => [item.label, item.path, item.access, item.order, item.icon]),
    ).toEqual([
      ['Order Analytics', '/analytics', 'manager', 10, 'analytics'],
      ['Activity', '/activity', 'manager', 50, 'activity'],
    ]);
    // Dashboard is 0, Applications 20, Stations 60 (the other remotes' contracts).
    const [analytics, activity] = contract.navItems;
    expect(analytics!.order).toBeGreaterThan(0);
    expect(analytics!.order).toBeLessThan(20);
    expect(activity!.order).toBeLessThan(60);
    expect(contract.navItems.every((item) => !item.disabledWhenBanned)).toBe(true);
  });

  it('puts the Order Analytics tile first and the mini feed after My Plan (spec 2.3)', () => {
    const contract = validateContract(contractModule, 'mf_analytics');
    expect(contract.tiles.map((tile) => [tile.id, tile.title, tile.access, tile.order])).toEqual([
      ['order-analytics', 'Order Analytics', 'manager', 10],
      ['activity-feed', 'Recent Activity', 'manager', 50],
    ]);
  });

  it('loads the pages and the tiles as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_analytics');
    const parcels = await Promise.all([
      ...contract.routes.map((route) => route.load()),
      ...contract.tiles.map((tile) => tile.load()),
    ]);
    expect(parcels).toHaveLength(5);
    for (const parcel of parcels) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });
});
