import { Type, type Static } from 'typebox';
import { INTERFACE_LANGUAGES } from '../rules/account';
import { RIGHTS } from '../rules/rights';
import { Nullable, StringEnum, UserSchema } from './common';

export { UserSchema, type User } from './common';

/** POST /api/v2/session: sign in (form or JSON). */
export const LoginBodySchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 150 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  remember: Type.Optional(
    Type.Union([Type.String({ maxLength: 10 }), Type.Boolean(), Type.Number()], {
      description: "'1' (or true) keeps the session for SESSION_REMEMBER_DAYS instead of SESSION_TTL_HOURS",
    }),
  ),
});
export type LoginBody = Static<typeof LoginBodySchema>;

/** `data` of POST /api/v2/session and GET /api/v2/session?auth=. */
export const SessionDataSchema = Type.Object({
  auth: Type.String({ description: 'The session token: send it as the AUTHENTICATION header' }),
  user: UserSchema,
  expires: Type.String({ format: 'date-time', description: 'When the session ends unless used (it slides)' }),
  permissions: Type.Array(StringEnum(RIGHTS), {
    description: "The user's rights, as GET /api/v2/user/permissions answers them (so signing in needs no second call)",
  }),
  language: Type.Optional(
    Nullable(StringEnum(INTERFACE_LANGUAGES), {
      description: 'The interface language kept in My account (the client switches to it); null: none chosen',
    }),
  ),
  second_factor_enrolment: Type.Optional(
    Type.Boolean({
      description:
        'true: a role requires two-factor sign-in and the user has none; the session may only enrol it (My account), ' +
        'every other call answers 403 two_factor_enrolment_required',
    }),
  ),
});
export type SessionData = Static<typeof SessionDataSchema>;

/** GET /api/v2/session?auth=: restore a session from its token. */
export const RestoreQuerySchema = Type.Object({ auth: Type.String({ minLength: 1, maxLength: 200 }) });

/** POST /api/v2/session for a user with two-factor on: the password is right, the code step makes the session. */
export const SecondFactorChallengeSchema = Type.Object({
  second_factor: StringEnum(['totp', 'passkey'] as const, {
    description: 'The factor asked for first: TOTP (or a recovery code), or a passkey when the user has no TOTP',
  }),
  methods: Type.Optional(
    Type.Array(StringEnum(['totp', 'passkey'] as const), {
      description: 'Every factor the user may answer with: totp (POST /api/v2/session/second-factor), passkey (…/second-factor/passkey)',
    }),
  ),
  challenge: Type.String({ description: 'Send it with the code to POST /api/v2/session/second-factor (single-use)' }),
  expires: Type.String({ format: 'date-time', description: 'Until when the code step is possible' }),
});
export type SecondFactorChallenge = Static<typeof SecondFactorChallengeSchema>;

/** POST /api/v2/session/second-factor. */
export const SecondFactorBodySchema = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  code: Type.String({ minLength: 1, maxLength: 40, description: 'The 6 digits of the authenticator app, or a recovery code' }),
});
export type SecondFactorBody = Static<typeof SecondFactorBodySchema>;
