import {
  isStaffEmail,
  isStaffRole,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  validateStaffApplication,
  validateStaffCreate,
  validateStaffEmail,
  validateStaffName,
  validateStaffRole,
} from './staff';

describe('validateStaffName (spec 5)', () => {
  it.each([undefined, null, '', '   ', 42])("answers 'Name is required' for %p", (value) => {
    expect(validateStaffName(value)).toBe('Name is required');
  });

  it.each(['Ada1 Lovelace', 'Zoë Smith', 'Ada-Lovelace', "O'Brien Pat", 'Ada\tLovelace'])(
    "answers 'Name can only contain Latin letters' for %j",
    (value) => {
      expect(validateStaffName(value)).toBe('Name can only contain Latin letters');
    },
  );

  it('answers the Latin text for a name longer than the store takes', () => {
    expect(validateStaffName(`Ada ${'a'.repeat(200)}`)).toBe('Name can only contain Latin letters');
  });

  it.each(['Ada', '  Ada  ', 'Lovelace'])(
    "answers 'Please enter your full name' for %j",
    (value) => {
      expect(validateStaffName(value)).toBe('Please enter your full name');
    },
  );

  it.each(['Ada Lovelace', '  Ada  Lovelace ', 'Grace Brewster Hopper'])('takes %j', (value) => {
    expect(validateStaffName(value)).toBeUndefined();
  });
});

describe('validateStaffEmail (spec 5)', () => {
  it.each([undefined, null, '', '  '])("answers 'Email is required' for %p", (value) => {
    expect(validateStaffEmail(value)).toBe('Email is required');
  });

  it.each([
    'ada',
    'ada@',
    '@shop.test',
    'ada@shop',
    'ada@@shop.test',
    'ada lovelace@shop.test',
    'ada@shop..test',
    'ada@-shop.test',
    'ada@shop_x.test',
    'a@b.c',
    `${'a'.repeat(95)}@shop.test`,
  ])("answers 'Invalid email' for %j", (value) => {
    expect(validateStaffEmail(value)).toBe('Invalid email');
  });

  it.each(['ada@shop.test', ' ada.lovelace+pos@mail.shop.test ', "o'brien@shop.co.uk"])(
    'takes %j',
    (value) => {
      expect(validateStaffEmail(value)).toBeUndefined();
    },
  );

  it('isStaffEmail matches the validator', () => {
    expect(isStaffEmail('ada@shop.test')).toBe(true);
    expect(isStaffEmail('ada@shop')).toBe(false);
  });
});

describe('validateStaffRole (spec 5)', () => {
  it.each([undefined, null, '', 'editor', 'Cashier', 3])(
    "answers 'Role is required' for %p",
    (value) => {
      expect(validateStaffRole(value)).toBe('Role is required');
    },
  );

  it.each([...STAFF_ROLES])('takes %s', (role) => {
    expect(validateStaffRole(role)).toBeUndefined();
    expect(isStaffRole(role)).toBe(true);
  });

  it('offers the four roles in order with their labels', () => {
    expect(STAFF_ROLES).toEqual(['administrator', 'shop_manager', 'cashier', 'kiosk']);
    expect(STAFF_ROLES.map((role) => STAFF_ROLE_LABELS[role])).toEqual([
      'Administrator',
      'Shop Manager',
      'Cashier',
      'Kiosk',
    ]);
  });
});

describe('validateStaffApplication (spec 5)', () => {
  it.each([undefined, null, '', ' '])("answers 'Application is required' for %p", (value) => {
    expect(validateStaffApplication(value)).toBe('Application is required');
  });

  it('takes an application id', () => {
    expect(validateStaffApplication('7c8e0f3a-1111-4222-8333-444455556666')).toBeUndefined();
  });
});

describe('validateStaffCreate', () => {
  it('answers every failing field with its text', () => {
    expect(validateStaffCreate({})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      role: 'Role is required',
      applicationId: 'Application is required',
    });
  });

  it('answers nothing when all pass', () => {
    expect(
      validateStaffCreate({
        name: 'Ada Lovelace',
        email: 'ada@shop.test',
        role: 'cashier',
        applicationId: 'app-1',
      }),
    ).toEqual({});
  });
});
