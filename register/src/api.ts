import type {
  CartLine,
  CartTotals,
  Category,
  Payment,
  Product,
  RegisterConfig,
  RegisterSession,
  Sale,
} from './types';

/** A refusal or failure of a register call, with the store's own text when it gave one. */
export class RegisterError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'RegisterError';
  }
}

/** Shown when the store does not answer at all. */
export const UNREACHABLE = 'The store does not answer. Check the connection and try again.';

/** How long a call waits for the store before it counts as not answering. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Whether `error` means the store did not answer (no connection, a timeout, or a 5xx of its
 * server): the register then sells from its cache and queues the sale; any other refusal is the
 * store's answer.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof RegisterError && (error.status === 0 || error.status >= 500);
}

/** What makes a sale safe to send more than once, and marks one the register took offline. */
export interface SaleRequest {
  /** A UUID made by the register per sale: the store makes one order per key. */
  idempotencyKey: string;
  /** Set on a sale taken while the store did not answer: the total the register showed. */
  offline?: { shown_total: string };
}

/**
 * The URL of `path` (with its query) under `restBase`. Without pretty permalinks WordPress's
 * REST base is itself a query (`/?rest_route=/pos-connect/v1/register/1`): the path's query
 * then joins it with `&`.
 */
export function routeUrl(restBase: string, path: string): string {
  const [route = '', query] = path.split('?', 2);
  const url = `${restBase}/${route}`;
  if (query === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The register's calls to its store (never to the dashboard's api). */
export interface RegisterApi {
  session(): Promise<RegisterSession>;
  categories(): Promise<Category[]>;
  /** One page of products, and how many pages there are. */
  products(page: number, perPage: number): Promise<{ products: Product[]; totalPages: number }>;
  totals(lines: CartLine[]): Promise<CartTotals>;
  /** Makes the paid order; with `sale`, sent again it answers the order it made. */
  createOrder(lines: CartLine[], payment: Payment, sale?: SaleRequest): Promise<Sale>;
}

/**
 * The register's client of `pos-connect/v1/register/{pos_id}/*`: the station session's cookie
 * goes along (same origin), its CSRF token in `X-POS-Token`.
 */
export function createRegisterApi(
  config: RegisterConfig,
  fetcher: typeof fetch = (...args) => fetch(...args),
): RegisterApi {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    let response: Response;
    // A store that accepts the connection but never answers counts as not answering.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    try {
      response = await fetcher(routeUrl(config.restBase, path), {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'x-pos-token': config.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout.signal,
      });
    } catch {
      throw new RegisterError(UNREACHABLE, 0, 'unreachable');
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const error = (await response.json().catch(() => ({}))) as {
        code?: string;
        message?: string;
        data?: { params?: Record<string, string> };
      };
      // WordPress's argument check names the parameter; its reason is the useful text.
      const reason = error.data?.params ? Object.values(error.data.params)[0] : undefined;
      throw new RegisterError(
        reason ?? error.message ?? `The store answered ${response.status}.`,
        response.status,
        error.code ?? 'error',
      );
    }
    return response;
  }
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await call(method, path, body)).json() as Promise<T>;

  return {
    session: () => json('GET', 'session'),
    categories: () => json('GET', 'categories'),
    async products(page, perPage) {
      const response = await call('GET', `products?page=${page}&per_page=${perPage}`);
      const totalPages = Number(response.headers.get('x-wp-totalpages') ?? '1');
      return { products: (await response.json()) as Product[], totalPages };
    },
    totals: (lines) => json('POST', 'totals', { lines }),
    async createOrder(lines, payment, sale) {
      if (!sale) return json('POST', 'orders', { lines, payment });
      const body = { lines, payment, ...(sale.offline ? { offline: sale.offline } : {}) };
      const response = await call('POST', 'orders', body, {
        'idempotency-key': sale.idempotencyKey,
      });
      return response.json() as Promise<Sale>;
    },
  };
}
