import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_staff contract', () => {
  it('validates with validateContract as the shell loads it: /staff and /staff/create, open to a banned account (spec 2.2)', () => {
    const contract = validateContract(contractModule, 'mf_staff');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([
      ['/staff', 'Staff', 'manager', 'allow'],
      ['/staff/create', 'Create Staff User', 'manager', 'allow'],
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
    // Spec 2.10 disables only Applications, Stations and Admin Panel for a banned account.
    expect(staff!.disabledWhenBanned).toBe(false);
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
