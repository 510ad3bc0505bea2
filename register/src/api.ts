import type {
  CartLine,
  CartTotals,
  Category,
  DaySummary,
  Product,
  RefundLine,
  RegisterConfig,
  RegisterSession,
  Sale,
  SaleEntry,
  Tender,
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
  createOrder(lines: CartLine[], tenders: Tender[]): Promise<Sale>;
  /** The station's sales of today (in the store's time zone), newest first. */
  sales(): Promise<SaleEntry[]>;
  /** One sale of the station, as its receipt shows it. */
  order(id: number): Promise<Sale>;
  /** Refunds `lines` of sale `id` (restocking them) for `reason`; the sale as it is then. */
  refund(id: number, reason: string, lines: RefundLine[]): Promise<Sale>;
  /** The end-of-day summary of the station's today. */
  summary(): Promise<DaySummary>;
}

/**
 * The register's client of `pos-connect/v1/register/{pos_id}/*`: the station session's cookie
 * goes along (same origin), its CSRF token in `X-POS-Token`.
 */
export function createRegisterApi(
  config: RegisterConfig,
  fetcher: typeof fetch = (...args) => fetch(...args),
): RegisterApi {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetcher(routeUrl(config.restBase, path), {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'x-pos-token': config.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new RegisterError(UNREACHABLE, 0, 'unreachable');
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
    createOrder: (lines, tenders) => json('POST', 'orders', { lines, tenders }),
    sales: () => json('GET', 'sales'),
    order: (id) => json('GET', `orders/${id}`),
    refund: (id, reason, lines) => json('POST', `orders/${id}/refunds`, { reason, lines }),
    summary: () => json('GET', 'summary'),
  };
}
