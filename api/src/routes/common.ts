import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';

/** Body of every error answer. */
export const ErrorSchema = Type.Object(
  { message: Type.String(), code: Type.Optional(Type.String()) },
  { $id: 'Error', additionalProperties: false },
);

/** An error answer, by reference to {@link ErrorSchema} (components.schemas.Error). */
export const ErrorAnswer = Ref(ErrorSchema);

/** The error answers every authenticated route may give. */
export const authErrors = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  402: ErrorAnswer,
} as const;

/** A nullable value. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * Highest page number a list accepts. Unbounded, `page=1e300` passes as an integer and its
 * offset overflows the database's integer type (a 500 instead of a 400).
 */
/**
 * The header carrying a list's total (the store's users, the staff, the Assistant's tasks),
 * exposed to cross-origin callers by the routes that send it.
 */
export const TOTAL_ALL_HEADER = 'x-biz-total-all';

export const MAX_PAGE = 1_000_000;

/** The `page` query parameter of a paged list (1-based). */
export const PageNumber = () => Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

/** An empty answer (204). */
export const NoContent = Type.Null({ description: 'No content' });

/**
 * A string that must be one of `values`, as a plain JSON-schema enum: clients get one clear
 * error ("must be equal to one of the allowed values") instead of one per alternative.
 */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A reference to a schema registered with `app.addSchema` (see `./schemas`): the OpenAPI
 * document names it in components.schemas, so the generated client types name it too. The
 * TypeScript type stays the referenced schema's.
 */
export function Ref<T extends TSchema>(schema: T) {
  if (!schema.$id) throw new Error('Ref needs a schema with an $id');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}
