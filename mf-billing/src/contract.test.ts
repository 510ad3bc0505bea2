import { validateContract } from '@pos/shared';
import * as contractModule from './contract';

describe('mf_billing contract', () => {
  it('validates with validateContract as the shell loads it', () => {
    const contract = validateContract(contractModule, 'mf_billing');
    expect(
      contract.routes.map((route) => [route.path, route.title, route.access, route.bannedPolicy]),
    ).toEqual([['/subscription-plans', 'My Plan', 'all', 'allow']]);
    // The profile menu's My Plan entry is the shell's: no side navigation item.
    expect(contract.navItems).toEqual([]);
    expect(contract.tiles).toEqual([
      expect.objectContaining({ id: 'my-plan', title: 'My Plan', access: 'all', order: 40 }),
    ]);
  });

  it('loads the page and the tile as mountable parcels', async () => {
    const contract = validateContract(contractModule, 'mf_billing');
    const parcels = await Promise.all([
      ...contract.routes.map((route) => route.load()),
      ...contract.tiles.map((tile) => tile.load()),
    ]);
    expect(parcels).toHaveLength(2);
    for (const parcel of parcels) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });
});
