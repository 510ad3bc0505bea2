/** A WordPress user of a sandbox store, as the POS plugin's endpoints return it. */
export interface WpUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
}

/** A POS station of a store (the POS plugin's `stations` endpoint, without its url). */
export interface StationSeed {
  pos_id: number;
  name: string;
}

/** Everything a demo store starts with. */
export interface StoreSeed {
  name: string;
  description: string;
  users: WpUser[];
  stations: StationSeed[];
  multipleUserPluginActive: boolean;
}

/** Roles that give a user access to the POS (the plugin lists only these users). */
export const POS_ROLES = ['administrator', 'shop_manager', 'cashier', 'kiosk'] as const;

/** Roles allowed into wp-admin's WooCommerce screens and the wc-auth approve page. */
export const MANAGE_WOOCOMMERCE_ROLES = ['administrator', 'shop_manager'];

export const STORE_ADMIN_USERNAME = 'storeadmin';
/** The password of every seeded store user (the store admin signs in with it). */
export const STORE_PASSWORD = 'demo1234';

function user(id: number, username: string, name: string, email: string, role: string): WpUser {
  return { id, username, email, name, roles: [role] };
}

const COFFEE_STAFF: Array<[string, string, string]> = [
  ['olivia.hart', 'Olivia Hart', 'shop_manager'],
  ['liam.brooks', 'Liam Brooks', 'cashier'],
  ['emma.clarke', 'Emma Clarke', 'cashier'],
  ['noah.fisher', 'Noah Fisher', 'kiosk'],
  ['ava.morgan', 'Ava Morgan', 'cashier'],
  ['lucas.reed', 'Lucas Reed', 'shop_manager'],
  ['mia.porter', 'Mia Porter', 'cashier'],
  ['ethan.cole', 'Ethan Cole', 'kiosk'],
  ['zoe.bennett', 'Zoe Bennett', 'cashier'],
  ['jack.turner', 'Jack Turner', 'cashier'],
  ['lily.hayes', 'Lily Hayes', 'shop_manager'],
  ['owen.price', 'Owen Price', 'kiosk'],
];

/** Store 1: the multiple-user plugin is active; 14 POS users, one customer, 3 stations. */
export const COFFEE_ROASTERS: StoreSeed = {
  name: 'Demo Coffee Roasters',
  description: 'Small-batch coffee, roasted daily',
  multipleUserPluginActive: true,
  users: [
    user(1, STORE_ADMIN_USERNAME, 'Sam Owner', 'owner@coffee.demo.test', 'administrator'),
    user(2, 'cashier', 'Cash Ier', 'cashier@demo.test', 'cashier'),
    ...COFFEE_STAFF.map(([username, name, role], index) =>
      user(index + 3, username, name, `${username}@coffee.demo.test`, role),
    ),
    user(15, 'carl.customer', 'Carl Customer', 'carl.customer@coffee.demo.test', 'customer'),
  ],
  stations: [
    { pos_id: 1, name: 'Front Counter' },
    { pos_id: 2, name: 'Espresso Bar' },
    { pos_id: 3, name: 'Pickup Window' },
  ],
};

/** Store 2: the multiple-user plugin is inactive; the owner and two cashiers, 1 station. */
export const BOOK_NOOK: StoreSeed = {
  name: 'Demo Book Nook',
  description: 'Used and new books around the corner',
  multipleUserPluginActive: false,
  users: [
    user(1, STORE_ADMIN_USERNAME, 'Bea Owner', 'owner@books.demo.test', 'administrator'),
    user(2, 'nina.page', 'Nina Page', 'nina.page@books.demo.test', 'cashier'),
    user(3, 'theo.binder', 'Theo Binder', 'theo.binder@books.demo.test', 'cashier'),
  ],
  stations: [{ pos_id: 1, name: 'Checkout' }],
};

/**
 * The seed of the store at this position (0-based): the two demo sites first, then plain
 * copies of the second shape for any extra port a caller asks for.
 */
export function storeSeed(index: number): StoreSeed {
  if (index === 0) return COFFEE_ROASTERS;
  if (index === 1) return BOOK_NOOK;
  const n = index + 1;
  const domain = `store${n}.demo.test`;
  return {
    name: `Demo Store ${n}`,
    description: `Demo store number ${n}`,
    multipleUserPluginActive: false,
    users: [
      user(1, STORE_ADMIN_USERNAME, 'Store Owner', `owner@${domain}`, 'administrator'),
      user(2, 'casey.till', 'Casey Till', `casey.till@${domain}`, 'cashier'),
    ],
    stations: [{ pos_id: 1, name: 'Checkout' }],
  };
}
