import { ContractError, canAccess, validateContract } from './validate';

const load = async () => {
  throw new Error('not loaded in this test');
};

const valid = {
  name: 'mf_admin',
  routes: [
    { path: '/admin-panel', title: 'Admin Panel', access: 'admin', bannedPolicy: 'redirect', load },
  ],
  navItems: [
    {
      id: 'admin',
      label: 'Admin Panel',
      path: '/admin-panel',
      access: 'admin',
      order: 70,
      disabledWhenBanned: true,
      icon: 'shield',
    },
  ],
  tiles: [],
};

describe('validateContract', () => {
  it('accepts a well-formed contract and a module whose default export is one', () => {
    expect(validateContract(valid, 'mf_admin').name).toBe('mf_admin');
    expect(validateContract({ default: valid }).routes).toHaveLength(1);
  });

  it('names what is wrong', () => {
    expect(() =>
      validateContract({ ...valid, routes: [{ ...valid.routes[0], access: 'root' }] }),
    ).toThrow('routes[0]: "access" must be one of all, manager, admin');
    expect(() => validateContract({ ...valid, name: 'mf_other' }, 'mf_admin')).toThrow(
      ContractError,
    );
    expect(() => validateContract({ ...valid, tiles: 'none' })).toThrow('"tiles" must be an array');
    expect(() => validateContract(null)).toThrow('did not expose a contract');
  });

  it('takes side navigation widgets when given, and contracts without them', () => {
    const widget = { id: 'assistant', title: 'Assistant', access: 'manager', order: 10, load };
    expect(validateContract({ ...valid, navWidgets: [widget] }).navWidgets).toEqual([widget]);
    expect(validateContract(valid).navWidgets).toBeUndefined();
    expect(() => validateContract({ ...valid, navWidgets: {} })).toThrow(
      '"navWidgets" must be an array when given',
    );
    expect(() =>
      validateContract({ ...valid, navWidgets: [{ ...widget, load: 'assistant.js' }] }),
    ).toThrow('navWidgets[0]: "load" must be a function');
    expect(() =>
      validateContract({ ...valid, navWidgets: [{ ...widget, access: 'everyone' }] }),
    ).toThrow('navWidgets[0]: "access" must be one of all, manager, admin');
    expect(() => validateContract({ ...valid, navWidgets: [{ ...widget, order: '1' }] })).toThrow(
      'navWidgets[0]: "order" must be a number',
    );
  });
});

describe('canAccess', () => {
  it('lets managers see manager items and only admins see admin items', () => {
    const manager = { userRole: 'manager', isAdmin: false };
    const cashier = { userRole: 'other', isAdmin: false };
    const admin = { userRole: 'manager', isAdmin: true };
    expect(canAccess('manager', manager)).toBe(true);
    expect(canAccess('manager', cashier)).toBe(false);
    expect(canAccess('admin', manager)).toBe(false);
    expect(canAccess('admin', admin)).toBe(true);
    expect(canAccess('all', cashier)).toBe(true);
  });
});
