import { Type } from 'typebox';
import { RIGHTS } from '../../db/schema';
import { Envelope, errors, StringEnum, UserSchema } from 'contracts/schemas/common';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 150 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  remember: Type.Optional(
    Type.Union([Type.String({ maxLength: 10 }), Type.Boolean(), Type.Number()], {
      description: "'1' (or true) keeps the session for SESSION_REMEMBER_DAYS instead of SESSION_TTL_HOURS",
    }),
  ),
});

export const SessionData = Type.Object({
  auth: Type.String({ description: 'The session token: send it as the AUTHENTICATION header' }),
  user: UserSchema,
  expires: Type.String({ format: 'date-time', description: 'When the session ends unless used (it slides)' }),
  permissions: Type.Array(StringEnum(RIGHTS), {
    description: "The user's rights, as GET /api/v2/user/permissions answers them (so signing in needs no second call)",
  }),
});

export const loginSchema = {
  tags: ['session'],
  summary: 'Sign in',
  description:
    'Form (application/x-www-form-urlencoded) or JSON. After too many failed attempts for one IP and username the call answers 429.',
  security: [],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: LoginBody,
  response: { 200: Envelope(SessionData), ...errors(400, 401, 429) },
};

export const restoreSchema = {
  tags: ['session'],
  summary: 'Restore a session from its token',
  security: [],
  querystring: Type.Object({ auth: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: { 200: Envelope(SessionData), ...errors(400, 401) },
};

export const logoutSchema = {
  tags: ['session'],
  summary: 'Sign out (revokes the session)',
  response: { 200: Envelope(Type.Null()), ...errors(401) },
};
