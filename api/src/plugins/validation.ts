import Ajv from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

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
