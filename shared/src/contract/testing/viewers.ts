import type { Viewer } from '../types';

/** The demo admin (admin@demo.test) as the shell describes it to a parcel. */
export const adminViewer: Viewer = {
  userRole: 'manager',
  isAdmin: true,
  isBanned: false,
  fullName: 'Ada Admin',
  email: 'admin@demo.test',
};

/** The demo manager (manager@demo.test) as the shell describes it to a parcel. */
export const managerViewer: Viewer = {
  userRole: 'manager',
  isAdmin: false,
  isBanned: false,
  fullName: 'Maya Manager',
  email: 'manager@demo.test',
};

/**
 * The demo cashier (cashier@demo.test) as the shell describes it to a parcel: not a manager, on
 * the free Cashier plan, sees shared stations only.
 */
export const cashierViewer: Viewer = {
  userRole: 'other',
  isAdmin: false,
  isBanned: false,
  fullName: 'Cash Ier',
  email: 'cashier@demo.test',
};
