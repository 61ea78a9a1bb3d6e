import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';
import { SecondFactorChallengeSchema, SessionDataSchema } from 'contracts/schemas/session';
import { SsoCallbackQuerySchema, SsoInfoSchema, SsoSessionBodySchema, SsoStartQuerySchema } from 'contracts/schemas/sso';

// The OpenAPI description of the single sign-on routes; the shapes are the contracts'.

export const infoSchema = {
  tags: ['session'],
  summary: 'Single sign-on: whether it is on and the provider name for the login page button',
  security: [],
  response: { 200: Envelope(SsoInfoSchema) },
};

export const startSchema = {
  tags: ['session'],
  summary: 'Single sign-on, step 1: redirects the browser to the OpenID provider (authorization code, PKCE, state, nonce)',
  description:
    'A redirect (302) to the provider; when it cannot be reached, a redirect to /login?sso_error=sso_provider_unavailable. ' +
    '404 sso_not_configured without OIDC_ISSUER.',
  security: [],
  querystring: SsoStartQuerySchema,
  response: { ...errors(400, 404) },
};

export const callbackSchema = {
  tags: ['session'],
  summary: "Single sign-on, step 2: the provider's redirect back (OIDC_REDIRECT_URI)",
  description:
    'Always a redirect to the login page: /login?sso={hand-off} after a sign-in at the provider, or /login?sso_error={code} ' +
    '(sso_sign_in_expired: the state is unknown, used or older than 10 minutes; sso_provider_refused; sso_no_account; ' +
    'sso_email_unverified; sso_email_domain_refused; sso_identity_mismatch; sso_user_disabled). 404 sso_not_configured without OIDC_ISSUER.',
  security: [],
  querystring: SsoCallbackQuerySchema,
  response: { ...errors(400, 404) },
};

export const sessionSchema = {
  tags: ['session'],
  summary: 'Single sign-on, step 3: the session of a finished provider sign-in (the hand-off of /login?sso=)',
  description:
    'Answers like POST /api/v2/session: the session, or for a user with two-factor on (unless OIDC_SKIP_SECOND_FACTOR) a challenge ' +
    'for POST /api/v2/session/second-factor. A hand-off works once, for 2 minutes (400 sso_handoff_invalid).',
  security: [],
  body: SsoSessionBodySchema,
  response: { 200: Envelope(Type.Union([SessionDataSchema, SecondFactorChallengeSchema])), ...errors(400, 404) },
};
