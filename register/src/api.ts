import type {
  CartAdjustments,
  CartLine,
  CartTotals,
  Category,
  Customer,
  DaySummary,
  NewCustomer,
  ParkedSale,
  Product,
  RefundLine,
  RegisterConfig,
  RegisterSession,
  Sale,
  SaleDetails,
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

/** What a sale carries beside its lines and tenders. */
export interface OrderOptions {
  details?: SaleDetails;
  adjustments?: CartAdjustments;
  sale?: SaleRequest;
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

/** The request fields of a cart's coupons and cart discount (none when there are none). */
export function adjustmentsBody(
  adjustments: CartAdjustments | undefined,
): Partial<CartAdjustments> {
  if (!adjustments) return {};
  return {
    ...(adjustments.coupons.length > 0 ? { coupons: adjustments.coupons } : {}),
    ...(adjustments.discount ? { discount: adjustments.discount } : {}),
  };
}

/** The register's calls to its store (never to the dashboard's api). */
export interface RegisterApi {
  session(): Promise<RegisterSession>;
  categories(): Promise<Category[]>;
  /** One page of products, and how many pages there are. */
  products(page: number, perPage: number): Promise<{ products: Product[]; totalPages: number }>;
  /** The store's totals of the cart, with its coupons and cart discount. */
  totals(lines: CartLine[], adjustments?: CartAdjustments): Promise<CartTotals>;
  /**
   * Makes the paid order of `lines` paid by `tenders`, with its customer and note, coupons and
   * discounts; with `sale`, sent again it answers the order it made.
   */
  createOrder(lines: CartLine[], tenders: Tender[], options?: OrderOptions): Promise<Sale>;
  /** The station's sales of today (in the store's time zone), newest first. */
  sales(): Promise<SaleEntry[]>;
  /** One sale of the station, as its receipt shows it. */
  order(id: number): Promise<Sale>;
  /** Refunds `lines` of sale `id` (restocking them) for `reason`; the sale as it is then. */
  refund(id: number, reason: string, lines: RefundLine[]): Promise<Sale>;
  /** The end-of-day summary of the station's today. */
  summary(): Promise<DaySummary>;
  /** One page of the store's customers whose name or email contains `search`. */
  findCustomers(
    search: string,
    page: number,
  ): Promise<{ customers: Customer[]; totalPages: number }>;
  createCustomer(customer: NewCustomer): Promise<Customer>;
  /** The sales parked at this station, oldest first. */
  parkedSales(): Promise<ParkedSale[]>;
  park(lines: CartLine[], details: SaleDetails): Promise<ParkedSale>;
  /** Takes a parked sale off the station (to resume or discard it); the store gives it back. */
  takeParked(id: number): Promise<ParkedSale>;
  /** Mails WooCommerce's customer invoice of a sale: to `email`, else the order's billing email. */
  emailReceipt(orderId: number, email?: string): Promise<{ sent_to: string }>;
}

/** How many customers one search shows at a time. */
export const CUSTOMERS_PER_PAGE = 10;

/** The request fields of a sale's customer and note (a guest and no note send nothing). */
export function detailsBody(details: SaleDetails | undefined): {
  customer_id?: number;
  note?: string;
} {
  if (!details) return {};
  return {
    ...(details.customer ? { customer_id: details.customer.id } : {}),
    ...(details.note.trim() ? { note: details.note.trim() } : {}),
  };
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
    totals: (lines, adjustments) =>
      json('POST', 'totals', { lines, ...adjustmentsBody(adjustments) }),
    async createOrder(lines, tenders, { details, adjustments, sale } = {}) {
      const body = {
        lines,
        tenders,
        ...detailsBody(details),
        ...adjustmentsBody(adjustments),
        ...(sale?.offline ? { offline: sale.offline } : {}),
      };
      if (!sale) return json('POST', 'orders', body);
      const response = await call('POST', 'orders', body, {
        'idempotency-key': sale.idempotencyKey,
      });
      return response.json() as Promise<Sale>;
    },
    async findCustomers(search, page) {
      const query = new URLSearchParams({
        search,
        page: String(page),
        per_page: String(CUSTOMERS_PER_PAGE),
      });
      const response = await call('GET', `customers?${query.toString()}`);
      const totalPages = Number(response.headers.get('x-wp-totalpages') ?? '1');
      return { customers: (await response.json()) as Customer[], totalPages };
    },
    createCustomer: (customer) => json('POST', 'customers', customer),
    parkedSales: () => json('GET', 'parked'),
    park: (lines, details) => json('POST', 'parked', { lines, ...detailsBody(details) }),
    takeParked: (id) => json('DELETE', `parked/${id}`),
    emailReceipt: (orderId, email) =>
      json('POST', `orders/${orderId}/email`, email === undefined ? {} : { email }),
    sales: () => json('GET', 'sales'),
    order: (id) => json('GET', `orders/${id}`),
    refund: (id, reason, lines) => json('POST', `orders/${id}/refunds`, { reason, lines }),
    summary: () => json('GET', 'summary'),
  };
}
