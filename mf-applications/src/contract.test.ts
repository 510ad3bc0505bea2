import { isIconName, validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_applications contract', () => {
  it('validates with validateContract as the shell loads it', () => {
    const contract = validateContract(contractModule, 'mf_applications');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([
      ['/applications', 'My Applications', 'manager', 'redirect'],
      ['/applications/create', 'Create Application', 'manager', 'redirect'],
      ['/applications/:id', 'Application', 'manager', 'redirect'],
      ['/wc-authorization', 'Authorizing', 'manager', 'redirect'],
    ]);
    expect(contract.navItems).toEqual([
      expect.objectContaining({
        label: 'Applications',
        path: '/applications',
        access: 'manager',
        order: 20,
        disabledWhenBanned: true,
        icon: 'applications',
      }),
    ]);
    expect(isIconName(contract.navItems[0]!.icon)).toBe(true);
    expect(contract.tiles).toEqual([
      expect.objectContaining({ title: 'Applications', access: 'manager', order: 20 }),
    ]);
  });

  it('loads every page and the tile as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_applications');
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
