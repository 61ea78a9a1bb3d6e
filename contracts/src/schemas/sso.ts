import { Type, type Static } from 'typebox';
import { SSO_NAME_MAX } from '../rules/sso';
import { Nullable } from './common';

/** GET /api/v2/sso: whether single sign-on is on, for the login page (public). */
export const SsoInfoSchema = Type.Object({
  enabled: Type.Boolean({ description: 'true: the login page offers "Sign in with {name}"' }),
  name: Nullable(Type.String({ maxLength: SSO_NAME_MAX }), { description: "The provider's name on the button (OIDC_NAME); null when off" }),
  start: Nullable(Type.String(), { description: 'Where the button goes (GET, a redirect to the provider); null when off' }),
});
export type SsoInfo = Static<typeof SsoInfoSchema>;

/** GET /api/v2/sso/start: the browser is sent to the provider. */
export const SsoStartQuerySchema = Type.Object({
  next: Type.Optional(
    Type.String({ maxLength: 2000, description: 'A same-origin path to open after signing in (the login page\'s "next")' }),
  ),
});
export type SsoStartQuery = Static<typeof SsoStartQuerySchema>;

/** GET /api/v2/sso/callback: where the provider sends the browser back (authorization response). */
export const SsoCallbackQuerySchema = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 500 })),
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    iss: Type.Optional(Type.String({ maxLength: 2000 })),
    session_state: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);
export type SsoCallbackQuery = Static<typeof SsoCallbackQuerySchema>;

/** POST /api/v2/sso/session: the login page fetches the session of a finished provider sign-in. */
export const SsoSessionBodySchema = Type.Object({
  handoff: Type.String({ minLength: 1, maxLength: 200, description: 'The single-use value the callback put in /login?sso=' }),
});
export type SsoSessionBody = Static<typeof SsoSessionBodySchema>;
