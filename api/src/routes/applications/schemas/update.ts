// Schema of PUT applications/{id} (../update.ts).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ErrorAnswer, Ref } from '../../common';
import {
  ApplicationParams,
  ApplicationSchema,
  AuthTypeSchema,
  HomeUrlSchema,
  managerErrors,
  NameSchema,
  TAGS,
} from './entities';

// At least one visible character: keys of spaces only are a typing slip, not a store answer.
const KeySchema = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const UpdateBody = Type.Object(
  {
    name: Type.Optional(NameSchema),
    homeUrl: Type.Optional(HomeUrlSchema),
    consumerKey: Type.Optional(KeySchema),
    consumerSecret: Type.Optional(KeySchema),
    deauth: Type.Optional(Type.Literal(true)),
    authType: Type.Optional(AuthTypeSchema),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      'Exactly one of: {name}, {homeUrl}, {consumerKey, consumerSecret}, {deauth: true}, {authType}',
  },
);
export type UpdateBody = Static<typeof UpdateBody>;

export const updateSchema = {
  tags: TAGS,
  summary: 'Renames, moves, connects with keys, disconnects, or sets the authorization type',
  description:
    'Keys are checked against the store first: on failure the answer is 200 with the unchanged ' +
    'application and keysFail filled in. Key checks are limited per account and per client ' +
    'address (429 ERR_RATE_LIMITED with Retry-After, the keys not checked).',
  params: ApplicationParams,
  body: UpdateBody,
  response: {
    200: Type.Object(
      {
        data: Ref(ApplicationSchema),
        message: Type.Optional(Type.String()),
        keyRevoked: Type.Optional(
          Type.Boolean({
            description:
              "Disconnect only: true when the store's Cloud POS plugin revoked the key; false " +
              'when the store lacks the plugin or could not be asked (the owner revokes it in ' +
              'WooCommerce → Settings → Advanced → REST API)',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorAnswer,
    429: ErrorAnswer,
  },
};
