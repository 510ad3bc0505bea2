import { invalidRequest } from './errors';
import type { PaymentsData } from './model';

type Json = Record<string, unknown>;

/** Stripe's list envelope. */
export function list(data: unknown[], url: string, hasMore = false): Json {
  return { object: 'list', data, has_more: hasMore, url };
}

/**
 * An object in its wire shape: subscriptions carry their items (each with its full price) and
 * invoices their lines and payments as list envelopes, as Stripe sends them.
 */
export function render(data: Readonly<PaymentsData>, object: unknown): unknown {
  if (!isObject(object)) return object;
  switch (object.object) {
    case 'subscription': {
      const items = (object.items as Json[]).map((item) => ({
        ...item,
        price: data.prices[item.price as string] ?? item.price,
      }));
      return {
        ...object,
        items: {
          ...list(items, `/v1/subscription_items?subscription=${object.id as string}`),
          total_count: items.length,
        },
      };
    }
    case 'invoice': {
      const lines = object.lines as unknown[];
      const payments = object.payments as unknown[];
      return {
        ...object,
        lines: {
          ...list(lines, `/v1/invoices/${object.id as string}/lines`),
          total_count: lines.length,
        },
        payments: {
          ...list(payments, `/v1/invoice_payments?invoice=${object.id as string}`),
          total_count: payments.length,
        },
      };
    }
    default:
      return { ...object };
  }
}

function isObject(value: unknown): value is Json {
  return value != null && typeof value === 'object' && !Array.isArray(value);
}

/** The stored object an id stands for, by its field name and prefix. */
function lookup(data: Readonly<PaymentsData>, field: string, id: string): unknown {
  if (field === 'coupon') return data.coupons[id];
  const [prefix] = id.split('_', 1);
  switch (prefix) {
    case 'cus':
      return data.customers[id];
    case 'pm':
      return data.paymentMethods[id];
    case 'in':
      return data.invoices[id];
    case 'sub':
      return data.subscriptions[id];
    case 'di':
      return data.discounts[id];
    case 'promo':
      return data.promotionCodes[id];
    case 'prod':
      return data.products[id];
    case 'price':
      return data.prices[id];
    case 'pi':
      return data.paymentIntents[id];
    case 'seti':
      return data.setupIntents[id];
    default:
      return undefined;
  }
}

function expandPath(
  data: Readonly<PaymentsData>,
  value: unknown,
  path: string[],
  full: string,
): unknown {
  if (path.length === 0) return value;
  if (Array.isArray(value)) return value.map((entry) => expandPath(data, entry, path, full));
  if (!isObject(value)) return value;
  const [field, ...rest] = path as [string, ...string[]];
  if (!(field in value)) {
    throw invalidRequest(
      `This property cannot be expanded (${field}). You may want to try expanding 'data.${full}' instead.`,
      'expand',
    );
  }
  let child = value[field];
  const expandOne = (entry: unknown): unknown => {
    if (typeof entry !== 'string') return entry;
    const found = lookup(data, field, entry);
    if (found === undefined) {
      throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    }
    return render(data, found);
  };
  child = Array.isArray(child) ? child.map(expandOne) : expandOne(child);
  return { ...value, [field]: expandPath(data, child, rest, full) };
}

/** Reads `expand[]` (an array or one string) from the parameters; Stripe allows four levels. */
export function expandParam(params: Json): string[] {
  const raw = params.expand;
  if (raw === undefined || raw === '') return [];
  const paths = Array.isArray(raw) ? raw : [raw];
  return paths.map((path) => {
    if (typeof path !== 'string' || path === '' || path.split('.').length > 4) {
      throw invalidRequest(
        'Invalid array: expand must be a list of at most 4-level dotted paths.',
        'expand',
      );
    }
    return path;
  });
}

/** Renders an object and replaces each id on the `expand` paths by the object it names. */
export function present(data: Readonly<PaymentsData>, object: unknown, expand: string[]): unknown {
  let out = render(data, object);
  for (const path of expand) out = expandPath(data, out, path.split('.'), path);
  return out;
}

/** A rendered list with `expand` paths that start with `data.`, as Stripe's list endpoints take. */
export function presentList(
  data: Readonly<PaymentsData>,
  objects: unknown[],
  url: string,
  expand: string[],
  hasMore = false,
): Json {
  const inner = expand.map((path) => {
    if (!path.startsWith('data.')) {
      throw invalidRequest(
        `This property cannot be expanded (${path}). You may want to try expanding 'data.${path}' instead.`,
        'expand',
      );
    }
    return path.slice('data.'.length);
  });
  return list(
    objects.map((object) => present(data, object, inner)),
    url,
    hasMore,
  );
}
