import { Type, type Static } from 'typebox';
import { RIGHTS } from '../rules/rights';
import { StringEnum, UserSchema } from './common';

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
});
export type SessionData = Static<typeof SessionDataSchema>;

/** GET /api/v2/session?auth=: restore a session from its token. */
export const RestoreQuerySchema = Type.Object({ auth: Type.String({ minLength: 1, maxLength: 200 }) });
