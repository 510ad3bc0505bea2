import { isIconName, validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_stations contract', () => {
  it('validates with validateContract as the shell loads it', () => {
    const contract = validateContract(contractModule, 'mf_stations');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([
      ['/stations', 'Stations', 'all', 'redirect'],
      ['/applications/:id/stations', 'Stations', 'manager', 'redirect'],
      ['/applications/:id/shared-stations', 'Shared Stations', 'all', 'redirect'],
    ]);
    expect(contract.navItems).toEqual([
      expect.objectContaining({
        id: 'stations',
        label: 'Stations',
        path: '/stations',
        access: 'all',
        order: 60,
        disabledWhenBanned: true,
        icon: 'stations',
      }),
    ]);
    expect(isIconName(contract.navItems[0]!.icon)).toBe(true);
    expect(contract.tiles).toEqual([
      expect.objectContaining({ id: 'pos', title: 'POS', access: 'all', order: 30 }),
    ]);
  });

  it('loads every page and the tile as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_stations');
    const parcels = await Promise.all([
      ...contract.routes.map((route) => route.load()),
      ...contract.tiles.map((tile) => tile.load()),
    ]);
    expect(parcels).toHaveLength(4);
    for (const parcel of parcels) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });
});
