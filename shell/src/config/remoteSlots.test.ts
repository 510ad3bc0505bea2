import { parseRemoteSlots } from './remoteSlots';
import { parseRemotes } from './runtimeConfig';

const navItem = {
  id: 'staff',
  label: 'Staff',
  path: '/staff',
  access: 'manager',
  order: 30,
  disabledWhenBanned: false,
  icon: 'staff',
};

describe('parseRemoteSlots', () => {
  it("reads a remote's declared nav items, tiles with their rows, and widgets with their heights", () => {
    expect(
      parseRemoteSlots({
        navItems: [navItem],
        tiles: [{ id: 'staff', title: 'Staff', access: 'manager', order: 25, rows: 2 }],
        navWidgets: [
          {
            id: 'assistant',
            title: 'Assistant',
            access: 'manager',
            order: 10,
            height: 106,
            collapsedHeight: 64,
          },
        ],
      }),
    ).toEqual({
      navItems: [navItem],
      tiles: [{ id: 'staff', title: 'Staff', access: 'manager', order: 25, rows: 2 }],
      navWidgets: [
        {
          id: 'assistant',
          title: 'Assistant',
          access: 'manager',
          order: 10,
          height: 106,
          collapsedHeight: 64,
        },
      ],
    });
  });

  it('leaves out malformed entries and gives a tile one row unless it says more (at most 4)', () => {
    const slots = parseRemoteSlots({
      navItems: [
        { ...navItem, path: 'https://evil.test/' },
        { ...navItem, access: 'owner' },
        'staff',
      ],
      tiles: [
        { id: 'a', title: 'A', access: 'all', order: 1 },
        { id: 'b', title: 'B', access: 'all', order: 2, rows: 40 },
        { id: 'c', title: 'C', access: 'all', order: 'first' },
      ],
      navWidgets: { id: 'not-a-list' },
    });
    expect(slots).toEqual({
      navItems: [],
      tiles: [
        { id: 'a', title: 'A', access: 'all', order: 1, rows: 1 },
        { id: 'b', title: 'B', access: 'all', order: 2, rows: 4 },
      ],
      navWidgets: [],
    });
  });

  it('has nothing for a remote that declares nothing', () => {
    expect(parseRemoteSlots(undefined)).toBeUndefined();
    expect(parseRemoteSlots([navItem])).toBeUndefined();
  });

  it('is read with each remote of remotes.json, and only when it is there', () => {
    const [declaring, plain] = parseRemotes({
      remotes: [
        {
          name: 'mf_staff',
          entry: 'http://staff.test/mf-manifest.json',
          slots: { navItems: [navItem] },
        },
        { name: 'mf_admin', entry: 'http://admin.test/mf-manifest.json' },
      ],
    });
    expect(declaring?.slots?.navItems).toEqual([navItem]);
    expect(plain).not.toHaveProperty('slots');
  });
});
