import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { stack } from './stack';

/** The demo stores of the sandbox, by what the journeys use them for. */
export const stores = {
  /** "Demo Coffee Roasters": 14 POS users, the multiple-user plugin active, 3 stations. */
  coffee: {
    url: stack.stores[0] ?? '',
    name: 'Demo Coffee Roasters',
    owner: 'owner@coffee.demo.test',
    /**
     * Its stations and who may open them: the store's owner account (storeadmin) cannot open
     * Pickup Window, the demo cashier cannot open Espresso Bar.
     */
    stations: {
      frontCounter: 'Front Counter',
      espressoBar: 'Espresso Bar',
      pickup: 'Pickup Window',
    },
  },
  /** "Demo Book Nook": a small store, the multiple-user plugin inactive, 1 station. */
  books: { url: stack.stores[1] ?? '', name: 'Demo Book Nook', owner: 'owner@books.demo.test' },
  /**
   * "Demo Garden Supply": a stock WooCommerce store whose Cloud POS plugin starts inactive (it
   * is switched on at wp-admin's Plugins screen, or with setStorePosPlugin); 2 stations.
   */
  garden: {
    url: stack.stores[2] ?? '',
    name: 'Demo Garden Supply',
    owner: 'owner@garden.demo.test',
    stations: { greenhouse: 'Greenhouse Till', market: 'Outdoor Market' },
  },
} as const;

async function control<T>(storeUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${storeUrl}/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`store control ${path}: ${response.status}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Puts a store back to its seed: no keys, online, plugin flags as seeded. */
export const resetStore = (storeUrl: string) => control<void>(storeUrl, 'reset', {});

/** Takes a store off the network (every request's connection is dropped) or back on. */
export const setStoreOffline = (storeUrl: string, offline: boolean) =>
  control<void>(storeUrl, 'offline', { offline });

/** Deletes every REST key of a store, as an administrator revoking access would. */
export const revokeStoreKeys = (storeUrl: string) => control<void>(storeUrl, 'revoke-keys', {});

/** Issues a REST key pair on a store (test setup for journeys that start authorized). */
export const issueStoreKeys = (storeUrl: string, permissions = 'read_write') =>
  control<{ key_id: number; consumer_key: string; consumer_secret: string }>(storeUrl, 'keys', {
    permissions,
  });

/** Activates or deactivates a store's Cloud POS plugin, as its Plugins screen does. */
export const setStorePosPlugin = (storeUrl: string, active: boolean) =>
  control<void>(storeUrl, 'pos-plugin', { active });

/** An order as WooCommerce's REST API (`wc/v3/orders/{id}`) gives it, as far as journeys read it. */
export interface WooOrder {
  id: number;
  status: string;
  created_via: string;
  payment_method: string;
  total: string;
  total_tax: string;
  discount_total: string;
  line_items: Array<{
    product_id: number;
    variation_id: number;
    name: string;
    quantity: number;
    total: string;
  }>;
  coupon_lines: Array<{ code: string; discount: string }>;
  meta_data: Array<{ key: string; value: string }>;
  customer_id: number;
  billing: { first_name: string; last_name: string; email: string };
  customer_note: string;
  payment_method_title?: string;
  /** The order's refunds, newest first, each total negative. */
  refunds?: Array<{ id: number; reason: string; total: string }>;
}

/**
 * Reads an order from the store's own REST API with a read key, signed as WooCommerce's REST
 * clients sign over http (one-legged OAuth 1.0a, HMAC-SHA256, in the query string).
 */
export async function storeOrder(storeUrl: string, id: number): Promise<WooOrder> {
  const response = await signedGet(storeUrl, `wc/v3/orders/${id}`);
  return (await response.json()) as WooOrder;
}

/** Every order of the store, page by page, from its own REST API with a read key. */
export async function storeOrders(storeUrl: string): Promise<WooOrder[]> {
  const orders: WooOrder[] = [];
  for (let page = 1; ; page += 1) {
    const response = await signedGet(storeUrl, `wc/v3/orders?per_page=100&page=${page}`);
    orders.push(...((await response.json()) as WooOrder[]));
    if (page >= Number(response.headers.get('x-wp-totalpages') ?? '1')) return orders;
  }
}

/** A GET of the store's REST API with a new read key, signed in the query string. */
async function signedGet(storeUrl: string, route: string): Promise<Response> {
  const keys = await issueStoreKeys(storeUrl, 'read');
  const oauth = new OAuth({
    consumer: { key: keys.consumer_key, secret: keys.consumer_secret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, key) => createHmac('sha256', key).update(base).digest('base64'),
  });
  const url = new URL(`${storeUrl}/wp-json/${route}`);
  for (const [name, value] of Object.entries(oauth.authorize({ url: url.href, method: 'GET' }))) {
    url.searchParams.set(name, String(value));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${route}: ${response.status}`);
  return response;
}
