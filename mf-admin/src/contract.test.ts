import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_admin contract', () => {
  it('validates with validateContract as the shell loads it', () => {
    const contract = validateContract(contractModule, 'mf_admin');
    expect(contract.routes.map((route) => [route.path, route.access, route.bannedPolicy])).toEqual([
      ['/admin-panel', 'admin', 'redirect'],
      ['/admin-panel/releases', 'admin', 'redirect'],
    ]);
    expect(contract.navItems[0]).toMatchObject({
      label: 'Admin Panel',
      access: 'admin',
      disabledWhenBanned: true,
      icon: 'shield',
    });
    expect(contract.tiles[0]).toMatchObject({ id: 'admin-users', title: 'Users', access: 'admin' });
  });

  it('loads the page and the tile as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_admin');
    const page = await contract.routes[0]!.load();
    const tile = await contract.tiles[0]!.load();
    for (const parcel of [page, tile]) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });
});
