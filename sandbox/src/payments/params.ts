import { invalidRequest, missingParam } from './errors';
import type { Metadata } from './model';

/** Parameters as `qs` parses Stripe's bracket notation: nested objects, arrays and strings. */
export type Params = Record<string, unknown>;

/** Refuses parameters the endpoint does not take, as Stripe does (`parameter_unknown`). */
export function allowOnly(params: Params, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key)) {
      throw invalidRequest(
        `Received unknown parameter: ${prefix}${key}`,
        `${prefix}${key}`,
        'parameter_unknown',
      );
    }
  }
}

/** A nested parameter hash (`card[...]`), or undefined; refuses a plain value in its place. */
export function hash(params: Params, name: string, param = name): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (value == null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object`, param, 'parameter_invalid_object');
  }
  return value as Params;
}

/** A string parameter; `required` refuses a missing or empty one. */
export function str(params: Params, name: string, required: true, param?: string): string;
export function str(
  params: Params,
  name: string,
  required?: false,
  param?: string,
): string | undefined;
export function str(
  params: Params,
  name: string,
  required = false,
  param = name,
): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') {
    if (required) throw missingParam(param);
    return undefined;
  }
  if (typeof value !== 'string') {
    throw invalidRequest(
      `Invalid string: ${JSON.stringify(value)}`,
      param,
      'parameter_invalid_string',
    );
  }
  return value;
}

/** An integer parameter (form values arrive as strings). */
export function int(
  params: Params,
  name: string,
  options: { required?: boolean; min?: number; max?: number } = {},
  param = name,
): number | undefined {
  const raw = options.required ? str(params, name, true, param) : str(params, name, false, param);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) {
    throw invalidRequest(`Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  }
  const value = Number(raw);
  if (options.min !== undefined && value < options.min) {
    throw invalidRequest(
      `This value must be greater than or equal to ${options.min}.`,
      param,
      'parameter_invalid_integer',
    );
  }
  if (options.max !== undefined && value > options.max) {
    throw invalidRequest(
      `This value must be less than or equal to ${options.max}.`,
      param,
      'parameter_invalid_integer',
    );
  }
  return value;
}

/** A number with decimals (`percent_off`). */
export function decimal(params: Params, name: string): number | undefined {
  const raw = str(params, name);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) {
    throw invalidRequest(`Invalid decimal: ${raw}`, name, 'parameter_invalid_decimal');
  }
  return Number(raw);
}

/** A boolean parameter: `true` or `false`, as the SDK sends them. */
export function bool(params: Params, name: string, param = name): boolean | undefined {
  const raw = str(params, name, false, param);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') {
    throw invalidRequest(`Invalid boolean: ${raw}`, param, 'parameter_invalid_boolean');
  }
  return raw === 'true';
}

/** One of the listed values. */
export function oneOf<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
  param = name,
): T | undefined {
  const raw = str(params, name, false, param);
  if (raw === undefined) return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    throw invalidRequest(
      `Invalid ${param}: must be one of ${values.join(', ')}`,
      param,
      'parameter_invalid_string',
    );
  }
  return raw as T;
}

/** `metadata[key]=value` merged into `current`; an empty value deletes the key, `metadata=` all. */
export function metadata(params: Params, current: Metadata = {}): Metadata {
  const raw = params.metadata;
  if (raw === undefined) return current;
  if (raw === '') return {};
  if (raw == null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalidRequest('Invalid object', 'metadata', 'parameter_invalid_object');
  }
  const next = { ...current };
  for (const [key, value] of Object.entries(raw as Params)) {
    if (typeof value !== 'string') {
      throw invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    }
    if (key.length > 40 || value.length > 500) {
      throw invalidRequest(
        'Metadata keys are at most 40 characters and values at most 500.',
        `metadata[${key}]`,
      );
    }
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

/** An array parameter (`items[0][price]`), as a list of hashes; qs gives arrays or index maps. */
export function arrayOf(params: Params, name: string): Params[] | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  if (raw === '') return [];
  const entries = Array.isArray(raw)
    ? raw
    : raw != null && typeof raw === 'object'
      ? Object.entries(raw as Params)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, value]) => value)
      : undefined;
  if (!entries || entries.some((entry) => entry == null || typeof entry !== 'object')) {
    throw invalidRequest(`Invalid array`, name, 'parameter_invalid_array');
  }
  return entries as Params[];
}

/** `limit` of a list endpoint: 1 to 100, default 10. */
export function limit(params: Params): number {
  return int(params, 'limit', { min: 1, max: 100 }) ?? 10;
}

/**
 * Cursor paging over objects sorted newest first: `starting_after` / `ending_before` ids.
 */
export function page<T extends { id: string }>(
  params: Params,
  objects: T[],
): { data: T[]; hasMore: boolean } {
  const size = limit(params);
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = objects.length;
  if (after) {
    const index = objects.findIndex((object) => object.id === after);
    if (index < 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after');
    start = index + 1;
  } else if (before) {
    const index = objects.findIndex((object) => object.id === before);
    if (index < 0) throw invalidRequest(`No such object: '${before}'`, 'ending_before');
    end = index;
    start = Math.max(0, end - size);
  }
  const data = objects.slice(start, Math.min(end, start + size));
  return { data, hasMore: start + size < end };
}
