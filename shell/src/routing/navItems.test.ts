import type { NavItemDefinition, Viewer } from '@pos/shared';
import type { RemoteState } from '../remotes/RemoteRegistry';
import { makeContract } from '../testing/contracts';
import { buildNavItems, buildNavWidgets } from './navItems';

const item = (
  id: string,
  label: string,
  order: number,
  extra: Partial<NavItemDefinition> = {},
): NavItemDefinition => ({
  id,
  label,
  path: `/${id}`,
  access: 'all',
  order,
  disabledWhenBanned: false,
  icon: 'dashboard',
  ...extra,
});

const remote = (name: string) => ({
  name,
  entry: `http://${name}.test/mf-manifest.json`,
  routes: [],
  access: 'all' as const,
});

const states: RemoteState[] = [
  {
    remote: remote('mf_stations'),
    title: 'Stations',
    status: 'ready',
    contract: makeContract('mf_stations', {
      navItems: [
        item('applications', 'Applications', 20, { access: 'manager', disabledWhenBanned: true }),
        item('stations', 'Stations', 50, { disabledWhenBanned: true }),
        item('analytics', 'Order Analytics', 10, { access: 'manager' }),
      ],
    }),
  },
  {
    remote: remote('mf_admin'),
    title: 'Admin Panel',
    status: 'ready',
    contract: makeContract('mf_admin', {
      navItems: [
        item('admin-panel', 'Admin Panel', 70, { access: 'admin', disabledWhenBanned: true }),
      ],
    }),
  },
  { remote: remote('mf_staff'), title: 'Staff', status: 'loading' },
];

const viewer = (overrides: Partial<Viewer>): Viewer => ({
  userRole: 'manager',
  isAdmin: false,
  isBanned: false,
  fullName: 'Maya Manager',
  email: 'manager@demo.test',
  ...overrides,
});

const labels = (entries: ReturnType<typeof buildNavItems>) => entries.map((entry) => entry.label);

describe('buildNavItems', () => {
  it('gives a manager Dashboard first, the loaded manager items by order, Resources last', () => {
    expect(labels(buildNavItems(states, viewer({})))).toEqual([
      'Dashboard',
      'Order Analytics',
      'Applications',
      'Stations',
      'Resources',
    ]);
  });

  it('gives a non-manager only the items for everyone', () => {
    expect(labels(buildNavItems(states, viewer({ userRole: 'other' })))).toEqual([
      'Dashboard',
      'Stations',
      'Resources',
    ]);
  });

  it('adds Admin Panel for an admin', () => {
    expect(labels(buildNavItems(states, viewer({ isAdmin: true })))).toContain('Admin Panel');
  });

  it('disables Applications, Stations and Admin Panel for a banned account, and nothing else', () => {
    const entries = buildNavItems(states, viewer({ isAdmin: true, isBanned: true }));
    expect(entries.filter((entry) => entry.disabled).map((entry) => entry.label)).toEqual([
      'Applications',
      'Stations',
      'Admin Panel',
    ]);
  });

  it('shows only the shell items while no remote has loaded', () => {
    expect(labels(buildNavItems([], viewer({})))).toEqual(['Dashboard', 'Resources']);
  });

  it("puts a remote's declared items in their places while it loads, and keeps them if it fails", () => {
    const declaring = (status: 'loading' | 'failed'): RemoteState[] => [
      ...states.slice(0, 2),
      {
        remote: {
          ...remote('mf_staff'),
          slots: {
            navItems: [item('staff', 'Staff', 30, { access: 'manager' })],
            tiles: [],
            navWidgets: [],
          },
        },
        title: 'Staff',
        ...(status === 'failed' ? { status, error: new Error('down') } : { status }),
      },
    ];
    for (const status of ['loading', 'failed'] as const) {
      expect(labels(buildNavItems(declaring(status), viewer({})))).toEqual([
        'Dashboard',
        'Order Analytics',
        'Applications',
        'Staff',
        'Stations',
        'Resources',
      ]);
    }
  });
});

describe('buildNavWidgets', () => {
  const widgetSlot = {
    id: 'assistant',
    title: 'Assistant',
    access: 'manager' as const,
    order: 10,
    height: 106,
    collapsedHeight: 64,
  };
  const assistant = (state: 'loading' | 'failed' | 'ready'): RemoteState => {
    const declared = {
      ...remote('mf_assistant'),
      slots: { navItems: [], tiles: [], navWidgets: [widgetSlot] },
    };
    return state === 'ready'
      ? {
          remote: declared,
          title: 'Assistant',
          status: 'ready',
          contract: makeContract('mf_assistant', {
            navWidgets: [
              {
                id: 'assistant',
                title: 'Assistant',
                access: 'manager',
                order: 10,
                load: async () => {
                  throw new Error('not mounted here');
                },
              },
            ],
          }),
        }
      : state === 'failed'
        ? { remote: declared, title: 'Assistant', status: state, error: new Error('down') }
        : { remote: declared, title: 'Assistant', status: state };
  };

  it('reserves a declared widget its height while it loads, once loaded and when it failed', () => {
    for (const state of ['loading', 'ready', 'failed'] as const) {
      const [entry] = buildNavWidgets([assistant(state)], viewer({}));
      expect(entry?.reserved).toMatchObject({ height: 106, collapsedHeight: 64 });
      expect(entry?.failed ?? false).toBe(state === 'failed');
      expect('load' in entry!.widget).toBe(state === 'ready');
    }
  });

  it('shows no declared widget to a viewer it is not for', () => {
    expect(buildNavWidgets([assistant('loading')], viewer({ userRole: 'other' }))).toEqual([]);
  });
});
