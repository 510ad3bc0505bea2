import type { NavItemDefinition, Viewer } from '@pos/shared';
import type { RemoteState } from '../remotes/RemoteRegistry';
import { makeContract } from '../testing/contracts';
import { buildNavItems } from './navItems';

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
});
