import Ajv from 'ajv';
import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { hasHiddenCharacters, HIDDEN_CHARACTERS_FAULT } from '@pos/shared/rules';
import { HttpError } from '../errors';

/**
 * Schema keyword of a string that names something people see and tell apart (an application,
 * a station): `{ [DISPLAY_TEXT]: true }` refuses bidi controls, zero-width and tag characters
 * with a 400 naming the field. An `x-` name, so the OpenAPI document stays valid.
 */
export const DISPLAY_TEXT = 'x-display-text';

const checkDisplayText: SchemaValidateFunction = (wanted: boolean, text: string) => {
  if (!wanted || !hasHiddenCharacters(text)) return true;
  checkDisplayText.errors = [
    { keyword: DISPLAY_TEXT, message: HIDDEN_CHARACTERS_FAULT, params: {} },
  ];
  return false;
};
const displayText: FuncKeywordDefinition = {
  keyword: DISPLAY_TEXT,
  type: 'string',
  schemaType: 'boolean',
  errors: true,
  validate: checkDisplayText,
};

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
bodyAjv.addKeyword(displayText);
textAjv.addKeyword(displayText);

/** Compiles route schemas: strict for bodies, coercing for querystring, params and headers. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema);
};

/** Why a piece of text is refused, or null when it may be stored. */
function textFault(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  // A lone half of a surrogate pair has no UTF-8 form: it would be stored as invalid bytes.
  if (!text.isWellFormed())
    return 'must be well-formed Unicode text (it holds an unpaired surrogate)';
  return null;
}

/** The first refused string inside `value` (a value or a key), as a path below `where`. */
function faultyText(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? `${where} ${fault}` : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const path = `${where}/${key.toWellFormed()}`;
    const keyFault = textFault(key);
    if (keyFault) return `${path} ${keyFault}`;
    const found = faultyText(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation hook: refuses any body, query or path value (or key) that is not text every
 * engine stores as sent: one with a NUL character (PostgreSQL cannot store it in text, so it
 * would end in a 500 there while SQLite accepted it) or an unpaired UTF-16 surrogate (such as
 * `"\ud800"` in JSON, which has no UTF-8 form). One clear 400 on both engines, for every
 * route, instead.
 */
export async function rejectMalformedText(request: FastifyRequest): Promise<void> {
  const found =
    faultyText(request.params, 'params') ??
    faultyText(request.query, 'querystring') ??
    faultyText(request.body, 'body');
  if (found) throw new HttpError(400, found, 'ERR_VALIDATION');
}
