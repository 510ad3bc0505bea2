import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_staff contract', () => {
  it('validates with validateContract as the shell loads it: /staff and /staff/create', () => {
    const contract = validateContract(contractModule, 'mf_staff');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([
      ['/staff', 'Staff', 'manager', 'redirect'],
      ['/staff/create', 'Create Staff User', 'manager', 'redirect'],
    ]);
  });

  it('adds Staff between Applications and Activity, for managers (spec 2.10)', () => {
    const contract = validateContract(contractModule, 'mf_staff');
    expect(
      contract.navItems.map((item) => [item.label, item.path, item.access, item.order, item.icon]),
    ).toEqual([['Staff', '/staff', 'manager', 30, 'staff']]);
    // Applications is 20 and Activity 50 (the other remotes' contracts).
    const [staff] = contract.navItems;
    expect(staff!.order).toBeGreaterThan(20);
    expect(staff!.order).toBeLessThan(50);
    expect(staff!.disabledWhenBanned).toBe(true);
  });

  it('puts the Staff tile right after the Applications tile, for managers', () => {
    const contract = validateContract(contractModule, 'mf_staff');
    expect(contract.tiles.map((tile) => [tile.id, tile.title, tile.access, tile.order])).toEqual([
      ['staff', 'Staff', 'manager', 25],
    ]);
    // Applications is 20 and POS 30.
    expect(contract.tiles[0]!.order).toBeGreaterThan(20);
    expect(contract.tiles[0]!.order).toBeLessThan(30);
  });

  it('loads the pages and the tile as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_staff');
    const parcels = await Promise.all([
      ...contract.routes.map((route) => route.load()),
      ...contract.tiles.map((tile) => tile.load()),
    ]);
    expect(parcels).toHaveLength(3);
    for (const parcel of parcels) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });
});
