import type { Backorders, CouponSeed, ProductSeed, VariationSeed } from './seed';

// The register's cart as the sandbox store prices it: variations, WooCommerce coupons, and
// the line and cart discounts the plugin adds as negative fees. The plugin does the same
// with WooCommerce's PHP API (WC_Discounts, apply_coupon, calculate_totals); the texts here
// are WooCommerce 10's.

const MAX_LINES = 100;
const MAX_QUANTITY = 999;
const MAX_COUPONS = 10;

/** A discount the cashier gives: a percentage, or an amount in cents. */
export interface Discount {
  type: 'percent' | 'fixed';
  /** Percent (0 < p ≤ 100), or cents. */
  amount: number;
}

/** One line of a cart: the item sold (a simple product or a variation) and how many. */
export interface PricedLine {
  /** What the store sells and counts stock of: the product, or the chosen variation. */
  product: ProductSeed;
  /** The product listed in the catalogue (the variation's parent). */
  parentId: number;
  variationId: number;
  quantity: number;
  discount?: Discount;
}

/** A negative fee the discounts add to the order (WooCommerce's fee lines). */
export interface FeeLine {
  /** 'cart', or 'line:{index}' for the discount of one line. */
  key: string;
  name: string;
  /** Cents, negative. */
  total: number;
}

/** The store's totals of a cart, in cents, as WooCommerce's calculate_totals gives them. */
export interface CartTotalsCents {
  subtotal: number;
  discount_total: number;
  total_tax: number;
  total: number;
  coupons: Array<{ code: string; discount: number }>;
  fees: FeeLine[];
}

/** What a register asks about a cart, once its shape is checked. */
export interface CartRequest {
  lines: PricedLine[];
  coupons: string[];
  discount?: Discount;
}

/** The refusal of a cart: the parameter at fault and WordPress's reason. */
export interface CartProblem {
  param: 'lines' | 'coupons' | 'discount';
  reason: string;
}

/** The item a `{product_id, variation_id}` pair names: the simple product or the variation. */
export function soldItem(
  products: ProductSeed[],
  productId: unknown,
  variationId: unknown,
): { product: ProductSeed; parent: ProductSeed } | undefined {
  const parent = products.find((p) => p.id === productId);
  if (!parent) return undefined;
  if (parent.variations) {
    const variation = parent.variations.find((v) => v.id === variationId);
    return variation ? { product: variation, parent } : undefined;
  }
  if (variationId !== undefined && variationId !== 0) return undefined;
  return { product: parent, parent };
}

/** A discount as the register sends it (`{type, amount: "10"}`), or the reason it is not one. */
export function discountOf(raw: unknown, where: string): Discount | string {
  const { type, amount } = (raw ?? {}) as Record<string, unknown>;
  const valid = typeof amount === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(amount);
  const value = valid ? Number(amount) : NaN;
  if (type === 'percent' && value > 0 && value <= 100) return { type, amount: value };
  if (type === 'fixed' && value > 0) return { type, amount: Math.round(value * 100) };
  return `${where} must be a percentage (above 0, at most 100) or a fixed amount such as 5.00.`;
}

/** The posted cart, coupons and cart discount, or what is wrong with them. */
export function cartRequest(
  products: ProductSeed[],
  body: { lines?: unknown; coupons?: unknown; discount?: unknown },
): CartRequest | CartProblem {
  const raw = body.lines;
  const problem = (param: CartProblem['param'], reason: string): CartProblem => ({
    param,
    reason,
  });
  if (!Array.isArray(raw) || raw.length === 0) {
    return problem('lines', 'lines must list at least one item.');
  }
  if (raw.length > MAX_LINES)
    return problem('lines', `lines must list at most ${MAX_LINES} items.`);
  const lines: PricedLine[] = [];
  for (const item of raw as unknown[]) {
    const fields = (item ?? {}) as Record<string, unknown>;
    const { product_id: id, variation_id: variationId, quantity } = fields;
    const found = soldItem(products, id, variationId);
    if (!found) {
      const parent = products.find((p) => p.id === id);
      return problem(
        'lines',
        parent?.variations
          ? `lines[].variation_id must be one of the variations of ${parent.name}.`
          : `lines[].product_id ${String(id)} is not a product of this store.`,
      );
    }
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return problem('lines', 'lines[].quantity must be a whole number of at least 1.');
    }
    if (quantity > MAX_QUANTITY) {
      return problem('lines', `lines[].quantity must be at most ${MAX_QUANTITY}.`);
    }
    let discount: Discount | undefined;
    if (fields.discount !== undefined && fields.discount !== null) {
      const parsed = discountOf(fields.discount, 'lines[].discount');
      if (typeof parsed === 'string') return problem('lines', parsed);
      discount = parsed;
    }
    // The same item twice is one line, unless a discount sets one apart.
    const same = lines.find(
      (line) => line.product.id === found.product.id && !line.discount && !discount,
    );
    if (same) same.quantity += quantity;
    else {
      lines.push({
        product: found.product,
        parentId: found.parent.id,
        variationId: found.parent.variations ? found.product.id : 0,
        quantity,
        ...(discount ? { discount } : {}),
      });
    }
  }
  const coupons = body.coupons ?? [];
  if (
    !Array.isArray(coupons) ||
    coupons.length > MAX_COUPONS ||
    !coupons.every((code) => typeof code === 'string' && code.trim() !== '' && code.length <= 100)
  ) {
    return problem('coupons', `coupons must list at most ${MAX_COUPONS} coupon codes.`);
  }
  let discount: Discount | undefined;
  if (body.discount !== undefined && body.discount !== null) {
    const parsed = discountOf(body.discount, 'discount');
    if (typeof parsed === 'string') return problem('discount', parsed);
    discount = parsed;
  }
  return {
    lines,
    // WooCommerce keeps codes in lower case (wc_format_coupon_code + wc_strtolower).
    coupons: [...new Set((coupons as string[]).map((code) => code.trim().toLowerCase()))],
    ...(discount ? { discount } : {}),
  };
}

/** Whether the cart gives any discount of the cashier's (which needs the capability). */
export function hasDiscount(request: CartRequest): boolean {
  return request.discount !== undefined || request.lines.some((line) => line.discount);
}

/** WooCommerce's backorder setting of an item ('no' when it has none). */
export function backordersOf(product: ProductSeed | VariationSeed): Backorders {
  return product.backorders ?? 'no';
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** WooCommerce's refusal of a coupon (WC_Coupon::get_coupon_error), or undefined when valid. */
export function couponError(
  coupon: CouponSeed | undefined,
  code: string,
  subtotal: number,
  now: number,
): string | undefined {
  if (!coupon) return `Coupon "${code}" cannot be applied because it does not exist.`;
  if (coupon.date_expires && now > Date.parse(`${coupon.date_expires}T23:59:59Z`)) {
    return `Coupon "${code}" has expired.`;
  }
  if (coupon.minimum_amount !== undefined && subtotal < coupon.minimum_amount) {
    return `The minimum spend for coupon "${code}" is ${dollars(coupon.minimum_amount)}.`;
  }
  return undefined;
}

const percentText = (percent: number) => `${Number(percent.toFixed(2))}%`;

/** A discount's amount on `base` cents, never more than the base. */
function discountCents(discount: Discount, base: number): number {
  const cents =
    discount.type === 'percent' ? Math.round((base * discount.amount) / 100) : discount.amount;
  return Math.min(cents, base);
}

/**
 * The cart's totals: coupons on the lines' prices (percent of each line, a fixed cart amount
 * spread over them, neither beyond what is left), then the cashier's line discounts (of the
 * line's price) and cart discount (of what is left) as negative fees, then the tax on what is
 * left, at `taxRate` % on top or inside the prices. A coupon WooCommerce refuses is the
 * refusal's text.
 */
export function priceCart(
  request: CartRequest,
  coupons: CouponSeed[],
  taxRate: number,
  taxIncluded: boolean,
  now: number,
): CartTotalsCents | { couponError: string } {
  const subtotal = request.lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  let left = subtotal;
  const applied: CartTotalsCents['coupons'] = [];
  for (const code of request.coupons) {
    const coupon = coupons.find((c) => c.code === code);
    const error = couponError(coupon, code, subtotal, now);
    if (error || !coupon) return { couponError: error ?? '' };
    const wanted =
      coupon.discount_type === 'percent'
        ? request.lines.reduce(
            (sum, l) => sum + Math.round((l.product.price * l.quantity * coupon.amount) / 100),
            0,
          )
        : coupon.amount;
    const discount = Math.min(wanted, left);
    left -= discount;
    applied.push({ code, discount });
  }
  const fees: FeeLine[] = [];
  request.lines.forEach((line, index) => {
    if (!line.discount) return;
    const off = Math.min(discountCents(line.discount, line.product.price * line.quantity), left);
    left -= off;
    const how = line.discount.type === 'percent' ? ` (${percentText(line.discount.amount)})` : '';
    fees.push({ key: `line:${index}`, name: `Discount: ${line.product.name}${how}`, total: -off });
  });
  if (request.discount) {
    const off = discountCents(request.discount, left);
    left -= off;
    const how =
      request.discount.type === 'percent' ? ` (${percentText(request.discount.amount)})` : '';
    fees.push({ key: 'cart', name: `Cart discount${how}`, total: -off });
  }
  const tax = taxIncluded
    ? Math.round(left - left / (1 + taxRate / 100))
    : Math.round((left * taxRate) / 100);
  return {
    subtotal,
    discount_total: applied.reduce((sum, c) => sum + c.discount, 0),
    total_tax: tax,
    total: taxIncluded ? left : left + tax,
    coupons: applied,
    fees,
  };
}
