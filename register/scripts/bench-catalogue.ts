// `npm run bench`'s register catalogue row (issue 28): the register's own search index
// (src/catalogue.ts) over 10 000 products (a tenth of them variable, with three variations
// each), as a store that size loads into the browser, and the scan → cart step (the code's
// lookup, the stock check and the cart's reducer). Node, one process, no rendering: the grid
// shows at most its first page of matches. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { cartReducer } from '../src/cart';
import type { CartItem } from '../src/cart';
import { canAdd, indexCatalogue } from '../src/catalogue';
import type { Product, Variation } from '../src/types';

const PRODUCTS = 10_000;
const QUERIES = 1_000;
const ADDS = 1_000;

const WORDS = [
  'espresso',
  'house',
  'blend',
  'ethiopia',
  'colombia',
  'decaf',
  'oat',
  'milk',
  'croissant',
  'banana',
  'bread',
  'muffin',
  'green',
  'tea',
  'chai',
  'mug',
  'filter',
  'grinder',
  'kettle',
  'syrup',
  'vanilla',
  'caramel',
  'hazelnut',
  'dark',
  'roast',
  'light',
  'organic',
  'single',
  'origin',
  'gift',
  'card',
  'beans',
  'ground',
  'cold',
  'brew',
  'latte',
  'mocha',
  'scone',
];

/** A deterministic generator, so every run searches the same catalogue. */
function random(seed: number) {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(28);
const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;

/** A size of a variable product: its variation's name, SKU suffix and price on the base. */
const SIZES = [
  { option: '250 g', suffix: 'S', extra: 0 },
  { option: '500 g', suffix: 'M', extra: 6 },
  { option: '1 kg', suffix: 'L', extra: 14 },
];

/** The stock fields of an item, the store's way: a count, its status and the backorder setting. */
function stock(): Pick<Product, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'> {
  return {
    manage_stock: true,
    stock_quantity: 1 + Math.floor(next() * 500),
    stock_status: 'instock',
    backorders: pick(['no', 'no', 'no', 'notify'] as const),
  };
}

// Products as the store's products route lists them (src/types.ts Product, the plugin's
// item_view + variable_view): every tenth is a variable product listed once, whose variations
// (one per size, each with its own SKU, barcode, price and stock) the index keys by code too.
const products: Product[] = Array.from({ length: PRODUCTS }, (_, i) => {
  const id = 10_000 + i;
  const name = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${i}`;
  const base = 1 + next() * 40;
  const item = {
    id,
    name,
    sku: `SKU-${id}`,
    barcode: String(4_000_000_000_000 + id),
    category: pick(['Coffee', 'Tea', 'Bakery', 'Gear']),
    price: base.toFixed(2),
  };
  if (i % 10 !== 9) return { ...item, ...stock(), type: 'simple', attributes: [], variations: [] };
  const variations: Variation[] = SIZES.map((size, n) => ({
    id: 1_000_000 + id * 10 + n,
    name: `${name} - ${size.option}`,
    sku: `${item.sku}-${size.suffix}`,
    barcode: String(5_000_000_000_000 + id * 10 + n),
    price: (base + size.extra).toFixed(2),
    ...stock(),
    attributes: { Size: size.option },
  }));
  return {
    ...item,
    // A variable product's own stock is its variations': WooCommerce manages none for it.
    manage_stock: false,
    stock_quantity: null,
    stock_status: 'instock',
    backorders: 'no',
    type: 'variable',
    attributes: [{ name: 'Size', options: SIZES.map((size) => size.option) }],
    variations,
  };
});

/**
 * What a scanner can add at once: a simple product's barcode or a variation's (a variable
 * product's own code opens its options, not the cart).
 */
const scanCodes = products.flatMap((product) =>
  product.type === 'variable'
    ? product.variations.map((variation) => variation.barcode)
    : [product.barcode],
);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const indexStarted = performance.now();
const index = indexCatalogue(products);
const indexMs = performance.now() - indexStarted;

// What a cashier types: a word or its start, a SKU's start, a whole barcode, a word that
// matches nothing.
const queries = Array.from({ length: QUERIES }, (_, i) => {
  const product = pick(products);
  switch (i % 4) {
    case 0:
      return pick(WORDS).slice(0, 3 + Math.floor(next() * 4));
    case 1:
      return product.sku.slice(0, 6 + Math.floor(next() * 3));
    case 2:
      return product.barcode;
    default:
      return `zz${i}`;
  }
});
const searches = queries.map((query) => {
  const started = performance.now();
  index.search(query);
  return performance.now() - started;
});

let cart: CartItem[] = [];
const adds = Array.from({ length: ADDS }, (_, i) => {
  // A sale of up to 30 lines, then the next one.
  if (i % 30 === 0) cart = [];
  const code = pick(scanCodes);
  const started = performance.now();
  const product = index.byCode(code)!;
  const inCart = cart.find((item) => item.product.id === product.id)?.quantity ?? 0;
  if (canAdd(product, inCart)) cart = cartReducer(cart, { type: 'add', product });
  return performance.now() - started;
});

process.stdout.write(
  `${JSON.stringify({
    products: PRODUCTS,
    indexMs,
    queries: QUERIES,
    searchP50: percentile(searches, 50),
    searchP95: percentile(searches, 95),
    adds: ADDS,
    addP50: percentile(adds, 50),
    addP95: percentile(adds, 95),
  })}\n`,
);
