import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import type { StoreContext } from './context';
import { notice, plainPage } from './pages';
import type { WpUser } from './seed';
import { MANAGE_WOOCOMMERCE_ROLES, STORE_PASSWORD } from './seed';

/** The WordPress user of this browser's admin session, with the session id (for nonces). */
export function currentUser(
  ctx: StoreContext,
  request: FastifyRequest,
): { sessionId: string; user: WpUser } | undefined {
  const session = ctx.sessions.current(request.headers.cookie);
  const user = session && ctx.state.user(session.userId);
  return session && user ? { sessionId: session.id, user } : undefined;
}

/** WordPress's `manage_woocommerce` capability. */
export function canManageWooCommerce(user: WpUser): boolean {
  return user.roles.some((role) => MANAGE_WOOCOMMERCE_ROLES.includes(role));
}

/** The capabilities the sandbox models (the ones the POS plugin's routes look at). */
export type Capability =
  | 'manage_options'
  | 'manage_woocommerce'
  | 'create_users'
  | 'promote_users'
  | 'edit_users'
  | 'list_users'
  | 'create_customers'
  | 'publish_shop_orders'
  | 'edit_shop_orders';

/**
 * Each role's capabilities as far as the sandbox models them: WordPress's administrator has
 * them all; WooCommerce's shop_manager may manage the store but neither create users nor
 * promote them, though it may list users and create customers (WooCommerce's `list_users`
 * and `create_customers`, which its REST customers routes check); both may edit orders
 * (`edit_shop_orders`: the register's discounts and refunds); the Cloud POS roles (cashier,
 * kiosk) may create orders (WooCommerce's `publish_shop_orders`, which the plugin gives them)
 * and nothing else; customers none.
 */
const ROLE_CAPABILITIES: Record<string, readonly Capability[]> = {
  administrator: [
    'manage_options',
    'create_users',
    'promote_users',
    'edit_users',
    'list_users',
    'create_customers',
    'manage_woocommerce',
    'publish_shop_orders',
    'edit_shop_orders',
  ],
  shop_manager: [
    'manage_woocommerce',
    'list_users',
    'create_customers',
    'publish_shop_orders',
    'edit_shop_orders',
  ],
  cashier: ['publish_shop_orders'],
  kiosk: ['publish_shop_orders'],
};

/** WordPress's `user_can( $user, $capability )` for the modelled capabilities. */
export function userCan(user: WpUser, capability: Capability): boolean {
  return user.roles.some((role) => ROLE_CAPABILITIES[role]?.includes(capability) ?? false);
}

/** WordPress's `edit_user` meta capability on `target`: their own account, or `edit_users`. */
export function canEditUser(user: WpUser, target: WpUser): boolean {
  return user.id === target.id || userCan(user, 'edit_users');
}

/** WordPress's `promote_user` meta capability on `target`: `promote_users`. */
export function canPromoteUser(user: WpUser): boolean {
  return userCan(user, 'promote_users');
}

/**
 * WordPress's `get_editable_roles()` for `user`, with WooCommerce's `editable_roles` filter:
 * an administrator may give every role; a shop manager only customer; anyone else every role
 * but administrator.
 */
export function editableRoles(user: WpUser, siteRoles: readonly string[]): string[] {
  if (user.roles.includes('administrator')) return [...siteRoles];
  if (user.roles.includes('shop_manager')) return siteRoles.filter((role) => role === 'customer');
  return siteRoles.filter((role) => role !== 'administrator');
}

/**
 * Checks a login by username or email; every user has the demo password (the seeded ones, and
 * those the POS plugin's `POST users` created, whose WordPress password would be random).
 */
export function checkLogin(ctx: StoreContext, login: string, password: string): WpUser | undefined {
  const wanted = login.trim().toLowerCase();
  if (!wanted) return undefined;
  const user = ctx.state
    .users()
    .find((u) => u.username.toLowerCase() === wanted || u.email.toLowerCase() === wanted);
  const given = Buffer.from(password);
  const expected = Buffer.from(STORE_PASSWORD);
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return user && matches ? user : undefined;
}

/** The login form's one message for a wrong username or password (no user enumeration). */
export const LOGIN_ERROR = 'Error: The username or password you entered is incorrect.';

export interface LoginFormOptions {
  action: string;
  username?: string;
  error?: string;
  info?: string;
  /** Paragraph above the form (the wc-auth login explains why). */
  intro?: string;
  hidden?: Record<string, string>;
}

/** The store's login form, labelled like wp-login.php. */
export function loginPage(ctx: StoreContext, options: LoginFormOptions): string {
  const hidden = Object.entries(options.hidden ?? {})
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="login_error"' : '';
  return plainPage(
    'Log In',
    ctx.seed.name,
    `<h1>${escapeHtml(ctx.seed.name)}</h1>
${options.intro ? `<p>${escapeHtml(options.intro)}</p>` : ''}
${options.info ? notice('success', escapeHtml(options.info)) : ''}
${options.error ? `<div id="login_error">${notice('error', escapeHtml(options.error))}</div>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="user_login">Username or Email Address</label>
<input type="text" id="user_login" name="log" autocomplete="username" required
  value="${escapeHtml(options.username ?? '')}"${invalid}>
<label for="user_pass">Password</label>
<input type="password" id="user_pass" name="pwd" autocomplete="current-password" required${invalid}>
${hidden}
<button type="submit">Log In</button>
</form>
<p><a href="/">← Go to ${escapeHtml(ctx.seed.name)}</a></p>`,
    'login',
  );
}

/** A WordPress `wp_die` style message page. */
export function messagePage(ctx: StoreContext, title: string, message: string): string {
  return plainPage(
    title,
    ctx.seed.name,
    `<h1>${escapeHtml(title)}</h1>
${notice('error', escapeHtml(message))}
<p><a href="/">Go to ${escapeHtml(ctx.seed.name)}</a></p>`,
  );
}
