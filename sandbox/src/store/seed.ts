/** A WordPress user of a sandbox store, as the POS plugin's endpoints return it. */
export interface WpUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
}

/** Free-form settings of a station, as the POS plugin keeps them. */
export type StationSettings = Record<string, string | number | boolean | null>;

/** A POS station of a store (the POS plugin's `stations` endpoint, without its url). */
export interface StationSeed {
  pos_id: number;
  name: string;
  /** The dashboard's cloud POS slug of the station, as it last told the store; null before. */
  cloud_slug: string | null;
  /** Whether the dashboard made this the application's default station. */
  is_default: boolean;
  /** WP user ids that may open the station; null lets every POS user open it. */
  users: number[] | null;
  settings: StationSettings;
}

/** An item of the register's product grid. */
export interface ProductSeed {
  id: number;
  name: string;
  /** Price in cents. */
  price: number;
  category: string;
  /** WooCommerce's SKU; the register finds a product by it. */
  sku?: string;
  /** The barcode (WooCommerce's GTIN/EAN field) a scanner types. */
  barcode?: string;
  /** Units in stock when WooCommerce manages the product's stock; absent: not managed. */
  stock?: number;
  /** WooCommerce's backorder setting: 'no' (the default) refuses a sale beyond the stock. */
  backorders?: Backorders;
  /** A variable product's attributes (its variations choose one option of each). */
  attributes?: Array<{ name: string; options: string[] }>;
  /** A variable product's variations: each sold as an item of its own. */
  variations?: VariationSeed[];
}

/** WooCommerce's `_backorders` setting of a product. */
export type Backorders = 'no' | 'notify' | 'yes';

/**
 * A variation of a variable product: its own id, price, SKU, barcode and stock, and the
 * option of each attribute it stands for. Its `name` is WooCommerce's ("Tote - Black").
 */
export interface VariationSeed extends Omit<ProductSeed, 'attributes' | 'variations'> {
  options: Record<string, string>;
}

/** A WooCommerce coupon of a store (shop_coupon), as far as the register applies it. */
export interface CouponSeed {
  /** The code, lower case as WooCommerce keeps it. */
  code: string;
  /** WooCommerce's discount types the sandbox models. */
  discount_type: 'percent' | 'fixed_cart';
  /** Percent, or cents for fixed_cart. */
  amount: number;
  /** The expiry date (YYYY-MM-DD, the end of that day in the store's UTC); absent: never. */
  date_expires?: string;
  /** The minimum spend in cents; absent: none. */
  minimum_amount?: number;
}

/** Everything a demo store starts with. */
export interface StoreSeed {
  name: string;
  description: string;
  users: WpUser[];
  stations: StationSeed[];
  /** What the station POS page sells. */
  products: ProductSeed[];
  /** The store's coupons (WooCommerce → Marketing → Coupons); absent: none. */
  coupons?: CouponSeed[];
  multipleUserPluginActive: boolean;
  /** Whether the Cloud POS plugin starts active (its REST routes, station pages and screens). */
  posPluginActive: boolean;
}

/** Roles that give a user access to the POS (the plugin lists only these users). */
export const POS_ROLES = ['administrator', 'shop_manager', 'cashier', 'kiosk'] as const;

/** Roles allowed into wp-admin's WooCommerce screens and the wc-auth approve page. */
export const MANAGE_WOOCOMMERCE_ROLES = ['administrator', 'shop_manager'];

export const STORE_ADMIN_USERNAME = 'storeadmin';
/** The password of every seeded store user (the store admin signs in with it). */
export const STORE_PASSWORD = 'demo1234';

function station(
  pos_id: number,
  name: string,
  users: number[] | null,
  settings: StationSettings,
): StationSeed {
  return { pos_id, name, cloud_slug: null, is_default: false, users, settings };
}

function receipt(store: string, extra: StationSettings = {}): StationSettings {
  return {
    receipt_header: store,
    receipt_footer: 'Thank you for your visit!',
    tax_display: 'excl',
    tax_rate: 8,
    currency: 'USD',
    print_receipt: true,
    cash_drawer: true,
    ...extra,
  };
}

/** Demo stock of every seeded product, so a register's sales visibly reduce it. */
const DEMO_STOCK = 500;

function product(id: number, name: string, price: number, category: string): ProductSeed {
  // An EAN-13-shaped number (the 400… range is for in-store codes) makes the barcode.
  return {
    id,
    name,
    price,
    category,
    sku: `SKU-${id}`,
    barcode: String(4_000_000_000_000 + id),
    stock: DEMO_STOCK,
  };
}

/**
 * A variable product of one attribute: a variation per option (ids `id * 10 + n`, their SKU
 * and barcode derived the same way), listed once at the lowest variation's price.
 */
function variable(
  id: number,
  name: string,
  category: string,
  attribute: string,
  options: Array<[string, number]>,
): ProductSeed {
  const variations = options.map(([option, price], n): VariationSeed => {
    const variationId = id * 10 + n + 1;
    return {
      ...product(variationId, `${name} - ${option}`, price, category),
      sku: `SKU-${id}-${option.toUpperCase()}`,
      options: { [attribute]: option },
    };
  });
  // The parent's stock is its variations' (WooCommerce manages it per variation here).
  const parent = product(id, name, Math.min(...options.map(([, price]) => price)), category);
  delete parent.stock;
  return {
    ...parent,
    attributes: [{ name: attribute, options: options.map(([option]) => option) }],
    variations,
  };
}

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
  posPluginActive: true,
  users: [
    user(1, STORE_ADMIN_USERNAME, 'Sam Owner', 'owner@coffee.demo.test', 'administrator'),
    user(2, 'cashier', 'Cash Ier', 'cashier@demo.test', 'cashier'),
    ...COFFEE_STAFF.map(([username, name, role], index) =>
      user(index + 3, username, name, `${username}@coffee.demo.test`, role),
    ),
    user(15, 'carl.customer', 'Carl Customer', 'carl.customer@coffee.demo.test', 'customer'),
  ],
  stations: [
    station(1, 'Front Counter', null, receipt('Demo Coffee Roasters')),
    station(
      2,
      'Espresso Bar',
      [1, 3],
      receipt('Demo Coffee Roasters · Espresso Bar', { cash_drawer: false }),
    ),
    station(
      3,
      'Pickup Window',
      [2],
      receipt('Demo Coffee Roasters', {
        print_receipt: false,
        cash_drawer: false,
        order_display: 'pickup',
      }),
    ),
  ],
  products: [
    product(101, 'Espresso', 300, 'Coffee'),
    product(102, 'Cappuccino', 420, 'Coffee'),
    product(103, 'Flat White', 450, 'Coffee'),
    product(104, 'Cold Brew', 480, 'Coffee'),
    product(105, 'House Blend 250 g', 1400, 'Beans'),
    product(106, 'Ethiopia Yirgacheffe 250 g', 1750, 'Beans'),
    product(107, 'Butter Croissant', 320, 'Bakery'),
    product(108, 'Banana Bread', 360, 'Bakery'),
  ],
};

/** Store 2: the multiple-user plugin is inactive; the owner and two cashiers, 1 station. */
export const BOOK_NOOK: StoreSeed = {
  name: 'Demo Book Nook',
  description: 'Used and new books around the corner',
  multipleUserPluginActive: false,
  posPluginActive: true,
  users: [
    user(1, STORE_ADMIN_USERNAME, 'Bea Owner', 'owner@books.demo.test', 'administrator'),
    user(2, 'nina.page', 'Nina Page', 'nina.page@books.demo.test', 'cashier'),
    user(3, 'theo.binder', 'Theo Binder', 'theo.binder@books.demo.test', 'cashier'),
  ],
  stations: [station(1, 'Checkout', null, receipt('Demo Book Nook', { tax_display: 'incl' }))],
  products: [
    product(201, 'The Long Way Home (paperback)', 1299, 'Fiction'),
    product(202, 'A Field Guide to Birds', 2450, 'Nature'),
    product(203, 'Bread Baking Basics', 1899, 'Cooking'),
    product(204, 'Pocket Atlas of the World', 1595, 'Travel'),
    product(205, 'Bookmark, leather', 450, 'Gifts'),
    product(206, 'Gift card', 2500, 'Gifts'),
    variable(207, 'Canvas tote', 'Gifts', 'Colour', [
      ['Natural', 1200],
      ['Black', 1400],
    ]),
    // Sold out, but the store takes backorders and tells the customer.
    { ...product(208, 'Signed first edition', 4500, 'Fiction'), stock: 0, backorders: 'notify' },
    { ...product(209, 'Out-of-print atlas', 3900, 'Travel'), stock: 0 },
  ],
  coupons: [
    { code: 'readmore', discount_type: 'percent', amount: 10 },
    { code: 'fiveoff', discount_type: 'fixed_cart', amount: 500 },
    { code: 'summer23', discount_type: 'percent', amount: 20, date_expires: '2023-09-01' },
    { code: 'bigspender', discount_type: 'fixed_cart', amount: 1000, minimum_amount: 10000 },
  ],
};

/**
 * Store 3: a stock WooCommerce store whose Cloud POS plugin is installed but inactive; the
 * owner and one cashier, 2 stations that appear once the plugin is activated.
 */
export const GARDEN_SUPPLY: StoreSeed = {
  name: 'Demo Garden Supply',
  description: 'Seeds, tools and plants for every garden',
  multipleUserPluginActive: false,
  posPluginActive: false,
  users: [
    user(1, STORE_ADMIN_USERNAME, 'Gia Owner', 'owner@garden.demo.test', 'administrator'),
    user(2, 'rosa.field', 'Rosa Field', 'rosa.field@garden.demo.test', 'cashier'),
  ],
  stations: [
    station(1, 'Greenhouse Till', null, receipt('Demo Garden Supply')),
    station(2, 'Outdoor Market', null, receipt('Demo Garden Supply', { cash_drawer: false })),
  ],
  products: [
    product(401, 'Tomato seeds', 350, 'Seeds'),
    product(402, 'Basil plant', 600, 'Plants'),
    product(403, 'Hand trowel', 1450, 'Tools'),
    product(404, 'Watering can 5 l', 2200, 'Tools'),
    product(405, 'Compost 20 l', 990, 'Soil'),
  ],
};

/**
 * The seed of the store at this position (0-based): the three demo sites first, then plain
 * copies of the second shape for any extra port a caller asks for.
 */
export function storeSeed(index: number): StoreSeed {
  if (index === 0) return COFFEE_ROASTERS;
  if (index === 1) return BOOK_NOOK;
  if (index === 2) return GARDEN_SUPPLY;
  const n = index + 1;
  const domain = `store${n}.demo.test`;
  return {
    name: `Demo Store ${n}`,
    description: `Demo store number ${n}`,
    multipleUserPluginActive: false,
    posPluginActive: true,
    users: [
      user(1, STORE_ADMIN_USERNAME, 'Store Owner', `owner@${domain}`, 'administrator'),
      user(2, 'casey.till', 'Casey Till', `casey.till@${domain}`, 'cashier'),
    ],
    stations: [station(1, 'Checkout', null, receipt(`Demo Store ${n}`))],
    products: [
      product(301, 'Gift card', 2500, 'Gifts'),
      product(302, 'Tote bag', 1200, 'Gifts'),
      product(303, 'Sticker pack', 400, 'Gifts'),
    ],
  };
}

/**
 * Store 1 as the dashboard's demo seed leaves it (used when the demo key is configured): the
 * api seeds station 1 as the default (`pos`) and station 2 as `espresso-bar`, and tells the
 * store, so the store's copy starts the same.
 */
export function withDemoSlugs(seed: StoreSeed): StoreSeed {
  const slugs: Record<number, string> = { 1: 'pos', 2: 'espresso-bar' };
  return {
    ...seed,
    stations: seed.stations.map((s) => ({
      ...s,
      cloud_slug: slugs[s.pos_id] ?? null,
      is_default: s.pos_id === 1,
    })),
  };
}
