import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import type { StoreContext } from './context';
import { findUser, htmlPage, mayOpenStation } from './context';
import type { HandoffRefusal, StationSession } from './handoff';
import { isRefusal } from './handoff';
import { htmlDocument, plainPage } from './pages';
import type { OrderRecord } from './commerce';
import { POS_CREATED_VIA, POS_META, posStationName } from './commerce';
import { fireOrder } from './ordersApi';
import type { ProductSeed, StationSeed } from './seed';

/** The register's look: a dark top bar, a product grid and the order beside it. */
const REGISTER_STYLES = `
.pos-bar { background: #1d2327; color: #f0f0f1; display: flex; flex-wrap: wrap; gap: 8px 24px;
  align-items: center; padding: 12px 20px; }
.pos-bar h1 { font-size: 22px; font-weight: 600; margin: 0; }
.pos-bar p { margin: 0; }
.pos-bar .pos-where { color: #dcdcde; }
.pos-bar .pos-user { margin-left: auto; }
.pos-bar form { margin: 0; }
.pos-bar button { margin: 0; background: transparent; color: #f0f0f1; border-color: #f0f0f1; }
.pos-main { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 20px; padding: 20px;
  max-width: 1200px; margin: 0 auto; }
.pos-main h2 { margin: 0 0 12px; }
.pos-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
.pos-item { width: 100%; min-height: 96px; margin: 0; display: flex; flex-direction: column;
  align-items: flex-start; gap: 4px; background: #fff; color: #1d2327; border: 1px solid #c3c4c7;
  border-radius: 8px; padding: 12px; text-align: left; }
.pos-item:hover { border-color: #2271b1; }
.pos-item .name { font-weight: 600; }
.pos-item .category { color: #50575e; font-size: 13px; }
.pos-item .price { color: #135e96; font-weight: 600; margin-top: auto; }
.pos-cart { background: #fff; border: 1px solid #c3c4c7; border-radius: 8px; padding: 16px;
  align-self: start; }
.pos-lines { list-style: none; margin: 0 0 12px; padding: 0; }
.pos-lines li { display: flex; gap: 8px; align-items: baseline; padding: 6px 0;
  border-bottom: 1px solid #dcdcde; }
.pos-lines .line-name { flex: 1; }
.pos-lines button { margin: 0; padding: 2px 8px; }
.pos-totals { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 12px 0; }
.pos-totals dt, .pos-totals dd { margin: 0; }
.pos-totals .total { font-weight: 700; font-size: 18px; }
.pos-actions { display: flex; gap: 8px; }
.pos-actions button { flex: 1; }
button:disabled { opacity: .6; cursor: not-allowed; }
@media (max-width: 760px) { .pos-main { grid-template-columns: 1fr; padding: 12px; }
  .pos-bar .pos-user { margin-left: 0; } }
`;

/**
 * Adds products to the order, keeps the totals, and "charges" by clearing the order. The
 * register's data comes from the page's data attributes, never from the network.
 */
const REGISTER_SCRIPT = `(() => {
  const root = document.getElementById('pos-register');
  const currency = root.dataset.currency;
  const rate = Number(root.dataset.taxRate) / 100;
  const included = root.dataset.taxDisplay === 'incl';
  const money = (cents) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  const lines = new Map();
  const list = document.getElementById('cart-lines');
  const empty = document.getElementById('cart-empty');
  const charge = document.getElementById('cart-charge');
  const clear = document.getElementById('cart-clear');
  const status = document.getElementById('cart-status');
  const totals = () => {
    let subtotal = 0;
    for (const line of lines.values()) subtotal += line.price * line.quantity;
    const tax = included ? Math.round(subtotal - subtotal / (1 + rate)) : Math.round(subtotal * rate);
    return { subtotal, tax, total: included ? subtotal : subtotal + tax };
  };
  const render = () => {
    list.replaceChildren();
    for (const [id, line] of lines) {
      const item = document.createElement('li');
      const name = document.createElement('span');
      name.className = 'line-name';
      name.textContent = line.quantity + ' × ' + line.name;
      const amount = document.createElement('span');
      amount.textContent = money(line.price * line.quantity);
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'secondary';
      remove.textContent = '−';
      remove.setAttribute('aria-label', 'Remove one ' + line.name);
      remove.addEventListener('click', () => {
        line.quantity -= 1;
        if (line.quantity === 0) lines.delete(id);
        render();
      });
      item.append(name, amount, remove);
      list.append(item);
    }
    const t = totals();
    document.getElementById('cart-subtotal').textContent = money(t.subtotal);
    document.getElementById('cart-tax').textContent = money(t.tax);
    document.getElementById('cart-total').textContent = money(t.total);
    empty.hidden = lines.size > 0;
    charge.disabled = lines.size === 0;
    clear.disabled = lines.size === 0;
  };
  for (const button of document.querySelectorAll('.pos-item')) {
    button.addEventListener('click', () => {
      const id = button.dataset.id;
      const line = lines.get(id) || { name: button.dataset.name, price: Number(button.dataset.price), quantity: 0 };
      line.quantity += 1;
      lines.set(id, line);
      status.textContent = '';
      render();
    });
  }
  clear.addEventListener('click', () => { lines.clear(); render(); });
  // The sale is rung up by the store (an order, order.created): the cart goes as a form post.
  charge.addEventListener('click', () => {
    const form = document.getElementById('cart-sale');
    form.elements.lines.value = JSON.stringify(
      Array.from(lines, ([id, line]) => ({ product_id: Number(id), quantity: line.quantity })),
    );
    charge.disabled = true;
    form.submit();
  });
  render();
})();`;

/** The register's posted cart (`[{product_id, quantity}]`), or null when it is not valid. */
function saleLines(
  products: ProductSeed[],
  raw: string | undefined,
): Array<{ product: ProductSeed; quantity: number }> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) return null;
  const lines: Array<{ product: ProductSeed; quantity: number }> = [];
  for (const item of parsed as Array<Record<string, unknown>>) {
    const product = products.find((p) => p.id === item?.product_id);
    const quantity = item?.quantity;
    if (!product || typeof quantity !== 'number' || !Number.isInteger(quantity)) return null;
    if (quantity < 1 || quantity > 999) return null;
    lines.push({ product, quantity });
  }
  return lines;
}

function setting(station: StationSeed, name: string): string | number | boolean | null | undefined {
  return station.settings[name];
}

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

function productButton(product: ProductSeed, currency: string): string {
  return `<li><button type="button" class="pos-item" data-id="${product.id}" data-name="${escapeHtml(product.name)}" data-price="${product.price}">
<span class="name">${escapeHtml(product.name)}</span>
<span class="category">${escapeHtml(product.category)}</span>
<span class="price">${formatMoney(product.price, currency)}</span>
</button></li>`;
}

/** The station's register for a signed-in person. */
function registerPage(
  ctx: StoreContext,
  station: StationSeed,
  session: StationSession,
  nonce: string,
  sale: OrderRecord | undefined,
): string {
  const currency = String(setting(station, 'currency') ?? 'USD');
  const taxRate = Number(setting(station, 'tax_rate') ?? 0);
  const taxDisplay = setting(station, 'tax_display') === 'incl' ? 'incl' : 'excl';
  const storeUser = findUser(ctx, session.wpUserId);
  const zero = formatMoney(0, currency);
  const body = `<header class="pos-bar">
<div>
<h1>${escapeHtml(station.name)}</h1>
<p class="pos-where">${escapeHtml(ctx.seed.name)} · Station ${station.pos_id}</p>
</div>
<p class="pos-user">Signed in as ${escapeHtml(session.name)} (${escapeHtml(session.email)})${
    storeUser ? `<br><span class="pos-where">Store user: ${escapeHtml(storeUser.name)}</span>` : ''
  }</p>
<form method="post" action="/pos/${station.pos_id}/sign-out"><button type="submit">Sign out</button></form>
</header>
<main class="pos-main" id="pos-register" data-currency="${escapeHtml(currency)}" data-tax-rate="${taxRate}" data-tax-display="${taxDisplay}">
<section aria-labelledby="products-heading">
<h2 id="products-heading">Products</h2>
<ul class="pos-grid">
${ctx.commerce
  .products(ctx.seed)
  .map((product) => productButton(product, currency))
  .join('\n')}
</ul>
</section>
<section class="pos-cart" aria-labelledby="cart-heading">
<h2 id="cart-heading">Current order</h2>
<p id="cart-empty" class="muted">No items yet. Choose a product to add it.</p>
<ul id="cart-lines" class="pos-lines"></ul>
<dl class="pos-totals">
<dt>Subtotal</dt><dd id="cart-subtotal">${zero}</dd>
<dt>${taxDisplay === 'incl' ? 'Tax included' : 'Tax'} (${taxRate}%)</dt><dd id="cart-tax">${zero}</dd>
<dt class="total">Total</dt><dd class="total" id="cart-total">${zero}</dd>
</dl>
<div class="pos-actions">
<button type="button" id="cart-clear" class="secondary" disabled>Clear</button>
<button type="button" id="cart-charge" disabled>Charge</button>
</div>
<form id="cart-sale" method="post" action="/pos/${station.pos_id}/sale" hidden><input type="hidden" name="lines"></form>
<p id="cart-status" role="status">${sale ? escapeHtml(`Sale complete: order #${sale.id}, ${formatMoney(sale.total, sale.currency)} paid.`) : ''}</p>
</section>
</main>`;
  return htmlDocument(`${station.name} · ${ctx.seed.name}`, body, {
    styles: REGISTER_STYLES,
    script: { nonce, code: REGISTER_SCRIPT },
  });
}

function signInRequired(ctx: StoreContext, reply: FastifyReply, station: StationSeed) {
  return htmlPage(reply, 401).send(
    plainPage(
      'Sign in required',
      ctx.seed.name,
      `<h1>Sign in required</h1>
<p>${escapeHtml(station.name)} is a point of sale station of ${escapeHtml(ctx.seed.name)}.</p>
<p>Open this station from its cloud POS address.</p>`,
    ),
  );
}

function refused(
  ctx: StoreContext,
  reply: FastifyReply,
  station: StationSeed,
  refusal: HandoffRefusal,
) {
  const title = refusal.status === 403 ? 'Access denied' : 'Sign-in unavailable';
  return htmlPage(reply, refusal.status).send(
    plainPage(
      title,
      ctx.seed.name,
      `<h1>${title}</h1>
<p role="alert">${escapeHtml(refusal.reason)}</p>
<p class="muted">${escapeHtml(station.name)} · ${escapeHtml(ctx.seed.name)}</p>`,
    ),
  );
}

function noAccess(station: StationSeed): HandoffRefusal {
  return { status: 403, reason: `You do not have access to the ${station.name} station.` };
}

/**
 * The station POS pages: the cloud POS host's hand-off (`POST /pos/{pos_id}` with a token),
 * the register behind a station session, and signing out of it.
 */
export function posPageRoutes(
  app: FastifyInstance,
  ctx: StoreContext,
  notFound: (reply: FastifyReply) => FastifyReply,
): void {
  type Route = { Params: { id: string } };
  // The station pages are the Cloud POS plugin's: without it they are not there.
  const stationOf = (id: string) =>
    ctx.state.posPluginActive && /^\d+$/.test(id)
      ? ctx.state.stations().find((s) => s.pos_id === Number(id))
      : undefined;

  app.post<Route>('/pos/:id', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const result = await ctx.handoff.verify(
      bodyString(request.body, 'token'),
      ctx.home(),
      station.pos_id,
    );
    if (isRefusal(result)) return refused(ctx, reply, station, result);
    if (!mayOpenStation(ctx, station, result.wpUserId)) {
      return refused(ctx, reply, station, noAccess(station));
    }
    reply.header('set-cookie', ctx.handoff.openSession(station.pos_id, result));
    return reply.redirect(`/pos/${station.pos_id}`, 303);
  });

  app.get<Route>('/pos/:id', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const session = ctx.handoff.session(request.headers.cookie, station.pos_id);
    if (!session) return signInRequired(ctx, reply, station);
    // Access can be taken away while a register is open (Station access in wp-admin).
    if (!mayOpenStation(ctx, station, session.wpUserId)) {
      reply.header('set-cookie', ctx.handoff.closeSession(session));
      return refused(ctx, reply, station, noAccess(station));
    }
    const nonce = randomBytes(16).toString('base64');
    // After a sale the register says which order it made (only an order of this station).
    const saleId = new URLSearchParams(request.url.split('?')[1] ?? '').get('sale');
    const sale = saleId && /^\d+$/.test(saleId) ? ctx.commerce.order(Number(saleId)) : undefined;
    const ours = sale?.meta_data.some(
      (m) => m.key === POS_META.station && m.value === String(station.pos_id),
    );
    return htmlPage(reply, 200, nonce).send(
      registerPage(ctx, station, session, nonce, ours ? sale : undefined),
    );
  });

  // Charge: the register's cart becomes an order of this station and its signed-in cashier.
  app.post<Route>('/pos/:id/sale', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const session = ctx.handoff.session(request.headers.cookie, station.pos_id);
    if (!session) return signInRequired(ctx, reply, station);
    if (!mayOpenStation(ctx, station, session.wpUserId)) {
      return refused(ctx, reply, station, noAccess(station));
    }
    const lines = saleLines(ctx.commerce.products(ctx.seed), bodyString(request.body, 'lines'));
    if (!lines) {
      return htmlPage(reply, 400).send(
        plainPage(
          'Sale refused',
          ctx.seed.name,
          '<h1>Sale refused</h1><p role="alert">The order has no valid items.</p>',
        ),
      );
    }
    const cashier = findUser(ctx, session.wpUserId);
    const order = await ctx.commerce.addOrder({
      created_via: POS_CREATED_VIA,
      currency: String(setting(station, 'currency') ?? 'USD'),
      taxRate: Number(setting(station, 'tax_rate') ?? 0),
      taxIncluded: setting(station, 'tax_display') === 'incl',
      lines,
      meta: {
        [POS_META.station]: String(station.pos_id),
        [POS_META.stationName]: posStationName(station.name),
        [POS_META.cashierId]: String(session.wpUserId),
        [POS_META.cashierName]: cashier?.name ?? session.name,
      },
    });
    fireOrder(ctx, 'order.created', order);
    return reply.redirect(`/pos/${station.pos_id}?sale=${order.id}`, 303);
  });

  app.post<Route>('/pos/:id/sign-out', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const session = ctx.handoff.session(request.headers.cookie, station.pos_id);
    if (session) reply.header('set-cookie', ctx.handoff.closeSession(session));
    return reply.redirect(`/pos/${station.pos_id}`, 303);
  });
}
