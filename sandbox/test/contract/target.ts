import type { RegisterSession } from '../registerSession';
import { signedUrl } from '../storeClient';

/**
 * How a request proves who sends it. The sandbox store takes WooCommerce REST keys signed
 * with one-legged OAuth 1.0a (the only way over plain http); the contract run on Debian's
 * WordPress, which has no WooCommerce, takes WordPress application passwords over Basic auth.
 * The plugin's permission callbacks decide either way.
 */
export type Credential =
  | { kind: 'oauth1'; consumer_key: string; consumer_secret: string }
  | { kind: 'basic'; username: string; password: string };

/** A mail the store sent. */
export interface SentMail {
  subject: string;
  text: string;
}

/** One implementation of `pos-connect/v1` that the contract suite runs against. */
export interface ContractTarget {
  /** Named in the suite's title. */
  name: string;
  /** The store's home URL: what `connection` must report, and the base of every request. */
  home: string;
  /** The site's name, as `connection` must report it. */
  siteName: string;
  /** Whether the multiple-user (Staff) add-on is active, as `connection` must report it. */
  multipleUserPluginActive: boolean;
  /** An administrator's credential: manage_woocommerce, read and write. */
  owner: Credential;
  /** A cashier's credential: authenticated, but without manage_woocommerce. */
  noCapability: Credential;
  /**
   * A shop manager's credential (WooCommerce's shop_manager role): manage_woocommerce, but
   * neither create_users nor promote_users, so the staff routes refuse it.
   */
  shopManager: Credential;
  /** A new credential of the administrator, for a test that revokes it. */
  revocable(): Promise<Credential>;
  /** The mails the store has sent to `email`. */
  sentMail(email: string): Promise<SentMail[]>;
  /**
   * Sets who may open a station (null: every POS user), as the store's POS Stations → Edit
   * access screen does; the dashboard has no route for it.
   */
  setStationUsers(posId: number, users: number[] | null): Promise<void>;
  /**
   * A register signed in at station `posId` by the station hand-off, where the suite can hand
   * a person over (it needs a POS host the store trusts and WooCommerce for the sales); the
   * register's sale cases run only where it is given.
   */
  openRegister?(posId: number): Promise<RegisterSession>;
  /** Brings the store back to its seed between tests, where it can. */
  reset?(): Promise<void>;
}

/** A pos-connect answer: status, headers and the JSON body. */
export interface ContractResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suite reads arbitrary JSON shapes
  body: any;
}

export interface ContractRequest {
  credential?: Credential;
  query?: Record<string, string>;
  body?: unknown;
}

/** Sends `method /wp-json/pos-connect/v1/{path}` to the target as the api's store client does. */
export async function send(
  target: ContractTarget,
  method: string,
  path: string,
  request: ContractRequest = {},
): Promise<ContractResponse> {
  let url = `${target.home}/wp-json/pos-connect/v1/${path}`;
  if (request.query) url += `?${new URLSearchParams(request.query)}`;
  const headers: Record<string, string> = {};
  const credential = request.credential;
  if (credential?.kind === 'oauth1') url = signedUrl(url, method, credential);
  if (credential?.kind === 'basic') {
    const pair = `${credential.username}:${credential.password}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(
      `${method} ${path} answered ${response.status} with no JSON: ${text.slice(0, 500)}`,
    );
  }
  return { status: response.status, headers: response.headers, body };
}
