import { removedMessage, staffFeed } from '../../../src/domain/staff/feed';

const app = { id: 'app_coffee', name: 'Coffee' };

describe('staff feed entries', () => {
  it('tells a creation with the role label, as applicationShared, linking to /staff', () => {
    expect(staffFeed.created(app, 'Ada Lovelace', 'shop_manager')).toEqual({
      name: 'Staff user Ada Lovelace was created in Coffee as Shop Manager',
      feedType: 'applicationShared',
      link: '/staff',
      linkName: 'Coffee',
      proves: { task: 'create-staff-user', applicationId: 'app_coffee' },
    });
  });

  it('tells a role change and a removal as applicationUpdated', () => {
    expect(staffFeed.roleChanged(app, 'Ada Lovelace', 'kiosk')).toMatchObject({
      name: 'Ada Lovelace is now Kiosk in Coffee',
      feedType: 'applicationUpdated',
      link: '/staff',
    });
    expect(staffFeed.removed(app, 'Ada Lovelace')).toMatchObject({
      name: 'Ada Lovelace no longer has POS access to Coffee',
      feedType: 'applicationUpdated',
      link: '/staff',
    });
    expect(removedMessage(app, 'Ada Lovelace')).toBe(
      'Ada Lovelace no longer has POS access to Coffee',
    );
  });

  it.each([
    ['administrator', 'Administrator'],
    ['shop_manager', 'Shop Manager'],
    ['cashier', 'Cashier'],
    ['kiosk', 'Kiosk'],
  ] as const)('labels %s as %s', (role, label) => {
    expect(staffFeed.created(app, 'A B', role).name).toBe(
      `Staff user A B was created in Coffee as ${label}`,
    );
  });
});
