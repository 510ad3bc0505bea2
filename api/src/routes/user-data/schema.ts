import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, NoContent, Nullable, Ref } from '../common';

export const UserDataSchema = Type.Object(
  {
    fullName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    isVerified: Type.Boolean(),
    registeredAt: Type.String({
      format: 'date-time',
      description:
        'When the account first signed in here: the email is to be confirmed within 14 days of it (spec 4, 9)',
    }),
  },
  { $id: 'UserData', additionalProperties: false },
);
/** The caller's profile as the api returns it. */
export type UserData = Static<typeof UserDataSchema>;

export const getUserDataSchema = {
  tags: ['user'],
  summary: "The caller's profile",
  response: { 200: Ref(UserDataSchema), ...authErrors },
};

export const resendActivationSchema = {
  tags: ['user'],
  summary: 'Asks the login provider to send the email-verification message again',
  response: { 204: NoContent, ...authErrors, 502: ErrorAnswer },
};
