import Ajv from 'ajv';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { HttpError } from '../errors';

// Bodies are JSON and must already have the right types ("true" is not a boolean); query
// strings and path parameters arrive as text and are coerced. Extra properties are refused,
// never silently dropped.
const bodyAjv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  strict: false,
});
const textAjv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  strict: false,
});

/** Compiles route schemas: strict for bodies, coercing for querystring, params and headers. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema);
};

/** The first string inside `value` that holds a NUL character, as a path below `where`. */
function nulPath(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const path = `${where}/${key}`;
    if (key.includes('\u0000')) return path;
    const found = nulPath(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation hook: refuses any body, query or path value that contains a NUL character.
 * PostgreSQL cannot store NUL in text, so such input would otherwise end in a 500 there
 * while SQLite accepted it: one clear 400 on both engines instead.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const found =
    nulPath(request.params, 'params') ??
    nulPath(request.query, 'querystring') ??
    nulPath(request.body, 'body');
  if (found) throw new HttpError(400, `${found} must not contain NUL characters`, 'ERR_VALIDATION');
}
