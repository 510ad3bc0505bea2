import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import type { ProductSeed } from './seed';
import type { StoreContext } from './context';
import { htmlPage } from './context';
import { notice, plainPage } from './pages';
import { fireOrder } from './ordersApi';

/** Most of one product a checkout takes. */
const MAX_QUANTITY = 20;

function price(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * What the shop sells: simple products, and each variation of a variable product (with its
 * parent, as WooCommerce's order line names it).
 */
function shopItems(products: ProductSeed[]): Array<{ product: ProductSeed; parentId: number }> {
  return products.flatMap((p): Array<{ product: ProductSeed; parentId: number }> =>
    p.variations
      ? p.variations.map((v) => ({ product: v, parentId: p.id }))
      : [{ product: p, parentId: p.id }],
  );
}

function shopForm(products: ProductSeed[], error?: string): string {
  const rows = shopItems(products)
    .map(({ product: p }) => p)
    .map(
      (p) => `<p><label for="qty-${p.id}">${escapeHtml(p.name)} (${price(p.price)})</label>
<input id="qty-${p.id}" name="qty_${p.id}" type="number" min="0" max="${MAX_QUANTITY}" value="0"></p>`,
    )
    .join('\n');
  return `<h1>Shop</h1>
${error ? notice('error', escapeHtml(error)) : ''}
<form method="post" action="/shop/checkout">
${rows}
<p><label for="billing-name">Name</label><input id="billing-name" name="name" autocomplete="name" required maxlength="100"></p>
<p><label for="billing-email">Email</label><input id="billing-email" name="email" type="email" autocomplete="email" required maxlength="200"></p>
<p><button type="submit">Place order</button></p>
</form>`;
}

/**
 * The web shop's minimal checkout: quantities, a name and an email; placing the order creates
 * a web order (created_via 'checkout', as WooCommerce's classic checkout does) and fires
 * order.created.
 */
export function shopRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get('/shop', async (_request, reply) =>
    htmlPage(reply, 200).send(
      plainPage('Shop', ctx.seed.name, shopForm(ctx.commerce.products(ctx.seed))),
    ),
  );

  app.post('/shop/checkout', async (request, reply) => {
    const products = ctx.commerce.products(ctx.seed);
    const refuse = (message: string) =>
      htmlPage(reply, 400).send(plainPage('Shop', ctx.seed.name, shopForm(products, message)));
    const lines: Array<{ product: ProductSeed; quantity: number; parentId: number }> = [];
    for (const { product, parentId } of shopItems(products)) {
      const raw = bodyString(request.body, `qty_${product.id}`) ?? '0';
      if (!/^\d{1,3}$/.test(raw) || Number(raw) > MAX_QUANTITY) {
        return refuse(`Quantities are whole numbers from 0 to ${MAX_QUANTITY}.`);
      }
      if (Number(raw) > 0) lines.push({ product, quantity: Number(raw), parentId });
    }
    if (lines.length === 0) return refuse('Choose at least one product.');
    const name = (bodyString(request.body, 'name') ?? '').trim();
    const email = (bodyString(request.body, 'email') ?? '').trim();
    if (!name || name.length > 100) return refuse('Please enter your name.');
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) {
      return refuse('Please enter a valid email address.');
    }
    const [first, ...rest] = name.split(/\s+/);
    const order = await ctx.commerce.addOrder({
      created_via: 'checkout',
      status: 'processing',
      currency: 'USD',
      lines,
      taxRate: 8,
      customer: { id: 0, first_name: first ?? '', last_name: rest.join(' '), email },
    });
    fireOrder(ctx, 'order.created', order);
    return htmlPage(reply, 200).send(
      plainPage(
        'Order received',
        ctx.seed.name,
        `<h1>Order received</h1>
${notice('success', `Thank you. Your order #${order.id} of ${price(order.total)} has been received.`)}
<p><a href="/shop">Back to the shop</a></p>`,
      ),
    );
  });
}
