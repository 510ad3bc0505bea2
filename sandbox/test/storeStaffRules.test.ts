import {
  canEditUser,
  canManageWooCommerce,
  canPromoteUser,
  editableRoles,
  userCan,
} from '../src/store/auth';
import type { WpUser } from '../src/store/seed';
import { POS_ROLES } from '../src/store/seed';
import {
  isUserEmail,
  loginBase,
  posRolesOn,
  readNewUser,
  readRoleChange,
  roleGrantProblem,
  rolesWithPosRole,
  rolesWithoutPos,
  staffCapability,
  staffCapabilityProblem,
  uniqueLogin,
  userEditProblem,
  usersWithout,
} from '../src/store/staff';

// The same cases as the plugin's RulesTest (wordpress-plugin/tests/RulesTest.php): the sandbox
// and Cloud_POS_Rules must read the staff routes' bodies alike.

const NAME = 'name must be a non-empty string of at most 200 characters.';
const EMAIL = 'email must be a valid email address of at most 100 characters.';
const ROLE = 'role must be one of: administrator, shop_manager, cashier, kiosk.';

describe('the staff rules', () => {
  it('give only the POS roles the site has', () => {
    expect(posRolesOn(['subscriber', 'kiosk', 'cashier', 'shop_manager', 'administrator'])).toEqual(
      [...POS_ROLES],
    );
    expect(posRolesOn(['administrator', 'editor', 'subscriber', 'cashier', 'kiosk'])).toEqual([
      'administrator',
      'cashier',
      'kiosk',
    ]);
  });

  it('read a new user: the name sanitized, the email and role as given', () => {
    expect(
      readNewUser(
        { name: '  Anna \t Maria  Smith ', email: 'Anna.Smith+pos@example.com', role: 'cashier' },
        POS_ROLES,
      ),
    ).toEqual({ name: 'Anna Maria Smith', email: 'Anna.Smith+pos@example.com', role: 'cashier' });
    const long = readNewUser(
      { name: 'é'.repeat(200), email: 'e@example.com', role: 'cashier' },
      POS_ROLES,
    );
    expect('name' in long && [...long.name]).toHaveLength(200);
  });

  it('name the first bad parameter of a new user', () => {
    const good = { name: 'Anna Smith', email: 'anna@example.com', role: 'cashier' };
    expect(readNewUser(null, POS_ROLES)).toEqual({
      param: 'name',
      reason: 'The request body must be a JSON object.',
    });
    expect(readNewUser([1, 2], POS_ROLES)).toMatchObject({ param: 'name' });
    for (const name of [undefined, '', '   ', '<b></b>', 7, 'a'.repeat(201)]) {
      expect(readNewUser({ ...good, name }, POS_ROLES)).toEqual({ param: 'name', reason: NAME });
    }
    expect(readNewUser({ name: '' }, POS_ROLES)).toEqual({ param: 'name', reason: NAME });
    const long = `${'a'.repeat(89)}@example.com`;
    for (const email of [
      undefined,
      'anna',
      'anna@example',
      'anna@@example.com',
      'an na@example.com',
      'anna@example.com\n',
      ' anna@example.com',
      'anna@exa..mple.com',
      'anna@-example.com',
      'a@b.c',
      long,
      12,
    ]) {
      expect(readNewUser({ ...good, email }, POS_ROLES)).toEqual({ param: 'email', reason: EMAIL });
    }
    expect(isUserEmail(long.slice(1))).toBe(true);
    for (const role of [
      undefined,
      '',
      'subscriber',
      'customer',
      'editor',
      'Cashier',
      ['cashier'],
    ]) {
      expect(readNewUser({ ...good, role }, POS_ROLES)).toEqual({ param: 'role', reason: ROLE });
    }
    expect(
      readNewUser({ ...good, role: 'shop_manager' }, ['administrator', 'cashier', 'kiosk']),
    ).toEqual({ param: 'role', reason: 'role must be one of: administrator, cashier, kiosk.' });
  });

  it('read a role change', () => {
    expect(readRoleChange({ role: 'kiosk' }, POS_ROLES)).toBe('kiosk');
    for (const body of [null, {}, ['cashier'], { role: 'customer' }, { role: null }]) {
      expect(readRoleChange(body, POS_ROLES)).toEqual({ param: 'role', reason: ROLE });
    }
  });

  it('make the login from the email as sanitize_user( …, true ) does, lower-cased', () => {
    expect(loginBase('Anna.Smith+pos@example.com')).toBe('anna.smithpos');
    expect(loginBase("O'Brien-Jr@example.com")).toBe('obrien-jr');
    expect(loginBase('Kim_Lee@example.com')).toBe('kim_lee');
    expect(loginBase('a%41b@example.com')).toBe('ab');
    expect(loginBase('x&amp;y@example.com')).toBe('xy');
    expect(loginBase('!#$%@example.com')).toBe('staff');
    expect(loginBase('{}@example.com')).toBe('staff');
  });

  it('make a login unique with -2, -3, … within sixty characters', () => {
    const taken = new Set(['anna', 'anna-2', 'anna-3']);
    const check = (login: string) => taken.has(login);
    expect(uniqueLogin('bob', check)).toBe('bob');
    expect(uniqueLogin('anna', check)).toBe('anna-4');
    const long = 'x'.repeat(70);
    expect(uniqueLogin(long, check)).toBe('x'.repeat(60));
    taken.add('x'.repeat(60));
    expect(uniqueLogin(long, check)).toBe(`${'x'.repeat(58)}-2`);
    for (let n = 2; n <= 9; n += 1) taken.add(`${'x'.repeat(58)}-${n}`);
    expect(uniqueLogin(long, check)).toBe(`${'x'.repeat(57)}-10`);
  });

  it('replace the POS roles, or take them away leaving the others (or a fallback)', () => {
    expect(rolesWithPosRole(['cashier'], 'kiosk')).toEqual(['kiosk']);
    expect(rolesWithPosRole(['cashier'], 'cashier')).toEqual(['cashier']);
    expect(rolesWithPosRole(['cashier', 'customer', 'kiosk', 'editor'], 'shop_manager')).toEqual([
      'customer',
      'editor',
      'shop_manager',
    ]);
    expect(rolesWithoutPos(['cashier'], 'customer')).toEqual(['customer']);
    expect(rolesWithoutPos(['administrator', 'kiosk'], 'subscriber')).toEqual(['subscriber']);
    expect(rolesWithoutPos(['cashier', 'editor'], 'customer')).toEqual(['editor']);
    expect(rolesWithoutPos([], 'customer')).toEqual(['customer']);
  });

  it('take one user out of a station list, leaving an open station open', () => {
    expect(usersWithout(null, 3)).toBeNull();
    expect(usersWithout([1, 3, 5], 3)).toEqual([1, 5]);
    expect(usersWithout([3], 3)).toEqual([]);
    expect(usersWithout([1, 5], 3)).toEqual([1, 5]);
  });
});

describe('who may use the staff routes', () => {
  const CANNOT_CREATE = {
    code: 'rest_cannot_create_user',
    message: 'Sorry, you are not allowed to create new users.',
  };
  const CANNOT_EDIT = {
    code: 'rest_cannot_edit',
    message: 'Sorry, you are not allowed to edit this user.',
  };
  const CANNOT_GIVE = {
    code: 'rest_cannot_edit_roles',
    message: 'Sorry, you are not allowed to give users that role.',
  };
  const user = (id: number, role: string): WpUser => ({
    id,
    username: `u${id}`,
    email: `u${id}@example.com`,
    name: `U ${id}`,
    roles: [role],
  });
  const admin = user(1, 'administrator');
  const otherAdmin = user(4, 'administrator');
  const manager = user(2, 'shop_manager');
  const cashier = user(3, 'cashier');
  const SITE = ['administrator', 'shop_manager', 'cashier', 'kiosk', 'customer', 'subscriber'];

  it('want create_users to create and promote_users to change a role (as RulesTest)', () => {
    expect(staffCapability('POST')).toBe('create_users');
    expect(staffCapability('put')).toBe('promote_users');
    expect(staffCapability('DELETE')).toBe('promote_users');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(staffCapabilityProblem(method, true)).toBeNull();
    }
    expect(staffCapabilityProblem('POST', false)).toEqual(CANNOT_CREATE);
    expect(staffCapabilityProblem('PUT', false)).toEqual(CANNOT_EDIT);
    expect(staffCapabilityProblem('DELETE', false)).toEqual(CANNOT_EDIT);
    expect(userEditProblem(true, true)).toBeNull();
    expect(userEditProblem(false, true)).toEqual(CANNOT_EDIT);
    expect(userEditProblem(true, false)).toEqual(CANNOT_EDIT);
    expect(roleGrantProblem(['administrator', 'editor'], ['administrator'])).toBeNull();
    // Only POS roles count: the user's other roles are not given nor taken.
    expect(roleGrantProblem(['cashier', 'editor'], ['cashier'])).toBeNull();
    expect(roleGrantProblem(['cashier', 'administrator'], ['customer', 'cashier'])).toEqual(
      CANNOT_GIVE,
    );
  });

  it('model the capabilities: an administrator has them all, a shop manager only manage_woocommerce', () => {
    for (const capability of [
      'create_users',
      'promote_users',
      'edit_users',
      'manage_woocommerce',
    ] as const) {
      expect(userCan(admin, capability)).toBe(true);
      expect(userCan(manager, capability)).toBe(capability === 'manage_woocommerce');
      expect(userCan(cashier, capability)).toBe(false);
    }
    expect(canManageWooCommerce(manager)).toBe(true);
    expect([canPromoteUser(admin), canEditUser(admin, otherAdmin)]).toEqual([true, true]);
    expect([canPromoteUser(manager), canEditUser(manager, cashier)]).toEqual([false, false]);
    expect(canEditUser(manager, manager)).toBe(true);
  });

  it('let an administrator give every role and a shop manager only customer (WooCommerce)', () => {
    expect(editableRoles(admin, SITE)).toEqual(SITE);
    expect(editableRoles(manager, SITE)).toEqual(['customer']);
    expect(editableRoles(cashier, SITE)).not.toContain('administrator');
  });
});
