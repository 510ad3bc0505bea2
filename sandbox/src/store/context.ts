import type { FastifyReply } from 'fastify';
import type { CommerceState } from './commerce';
import type { InvitationMailer } from './invitations';
import type { StationHandoff } from './handoff';
import type { AdminSessions } from './sessions';
import type { StationSeed, StoreSeed, WpUser } from './seed';
import { POS_ROLES } from './seed';
import type { StoreState } from './state';
import type { WebhookDispatcher } from './webhooks';

/** Everything one store's routes share. */
export interface StoreContext {
  /** What the store starts with; its users, stations and flags then live in `state`. */
  seed: StoreSeed;
  /** The store's home URL (`http://host:port`), known once it listens. */
  home: () => string;
  state: StoreState;
  sessions: AdminSessions;
  mailer: InvitationMailer;
  /** PEM file the wc-auth callback trusts over https; read at callback time. */
  callbackCa?: string;
  controls: boolean;
  now: () => number;
  /** Verifies the cloud POS host's hand-off tokens and keeps the station sessions. */
  handoff: StationHandoff;
  /** Orders, customers, added products and webhooks. */
  commerce: CommerceState;
  /** Sends the webhooks' deliveries. */
  webhooks: WebhookDispatcher;
  /**
   * The Cloud POS dashboard (no trailing slash): the "Connect to Cloud POS" screen opens
   * `{dashboardUrl}/service-onboarding` and hears messages from its origin only.
   */
  dashboardUrl: string;
}

/** A POS station as the POS plugin's `stations` endpoint returns it. */
export interface Station extends StationSeed {
  url: string;
}

/** The store user with this id (the store's users live in its state, seeded from `seed.users`). */
export function findUser(ctx: StoreContext, id: number): WpUser | undefined {
  return ctx.state.user(id);
}

/** Whether the POS plugin lists this user (administrator, shop_manager, cashier, kiosk). */
export function hasPosRole(user: WpUser): boolean {
  return user.roles.some((role) => (POS_ROLES as readonly string[]).includes(role));
}

/** A station in the POS plugin's wire shape (a copy: callers may not change the state). */
export function stationView(ctx: StoreContext, station: StationSeed): Station {
  return {
    pos_id: station.pos_id,
    name: station.name,
    url: `${ctx.home()}/pos/${station.pos_id}`,
    cloud_slug: station.cloud_slug,
    is_default: station.is_default,
    users: station.users ? [...station.users] : null,
    settings: { ...station.settings },
  };
}

/** The store's POS stations, each with its page on the store. */
export function stations(ctx: StoreContext): Station[] {
  return ctx.state.stations().map((station) => stationView(ctx, station));
}

/** Whether this WP user may open the station (a POS user, and listed unless all may). */
export function mayOpenStation(ctx: StoreContext, station: StationSeed, userId: number): boolean {
  const user = findUser(ctx, userId);
  if (!user || !hasPosRole(user)) return false;
  return station.users === null || station.users.includes(userId);
}

/**
 * Headers for the store's own HTML pages. No `form-action`: browsers apply it to the redirect
 * that follows a form post too, and the approve form ends at the app's return_url on another
 * origin (real WordPress sends no CSP at all).
 */
export function htmlPage(
  reply: FastifyReply,
  status: number,
  scriptNonce?: string,
  /** The page loads the store's own script files and lets them call the store (fetch). */
  selfScripts = false,
): FastifyReply {
  const sources = [selfScripts ? "'self'" : '', scriptNonce ? `'nonce-${scriptNonce}'` : '']
    .filter(Boolean)
    .join(' ');
  const script = sources
    ? `; script-src ${sources}${selfScripts ? "; connect-src 'self'" : ''}`
    : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'${script}; frame-ancestors 'none'; base-uri 'none'`,
    );
}

/** The query string of a raw request URL, without the leading `?`. */
export function rawQuery(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
}

/** The path of a raw request URL, still percent-encoded as the client sent it. */
export function rawPath(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? url : url.slice(0, index);
}
