import { Type } from 'typebox';
import { Envelope, errors } from 'contracts/schemas/common';
import {
  LoginBodySchema,
  RestoreQuerySchema,
  SecondFactorBodySchema,
  SecondFactorChallengeSchema,
  SessionDataSchema,
} from 'contracts/schemas/session';
import {
  PasskeyOptionsSchema,
  PasskeySignInBodySchema,
  SecondFactorPasskeyBodySchema,
  SecondFactorPasskeyOptionsBodySchema,
} from 'contracts/schemas/passkeys';

// The OpenAPI description of the session routes; the shapes are the contracts'.

export const loginSchema = {
  tags: ['session'],
  summary: 'Sign in',
  description:
    'Form (application/x-www-form-urlencoded) or JSON. After too many failed attempts for one IP and username the call answers 429. ' +
    'A user with two-factor sign-in on gets no session yet but a challenge (message "Code needed") for POST /api/v2/session/second-factor.',
  security: [],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: LoginBodySchema,
  response: { 200: Envelope(Type.Union([SessionDataSchema, SecondFactorChallengeSchema])), ...errors(400, 401, 429) },
};

export const secondFactorSchema = {
  tags: ['session'],
  summary: 'Sign in, second step: the code of the authenticator app (or a recovery code) for the challenge of the password step',
  description:
    'Wrong codes are limited per user across API processes (SIGN_IN_MAX_FAILURES per SIGN_IN_WINDOW_MINUTES, 429). A TOTP code and a recovery code work once. ' +
    '400 sign_in_challenge_invalid when the challenge is unknown, used or expired (5 minutes).',
  security: [],
  body: SecondFactorBodySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400, 429) },
};

export const restoreSchema = {
  tags: ['session'],
  summary: 'Restore a session from its token',
  security: [],
  querystring: RestoreQuerySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400, 401) },
};

export const logoutSchema = {
  tags: ['session'],
  summary: 'Sign out (revokes the session)',
  response: { 200: Envelope(Type.Null()), ...errors(401) },
};

export const passkeySignInOptionsSchema = {
  tags: ['session'],
  summary: 'Sign in with a passkey, first step: the options for the browser (startAuthentication), any passkey of this site',
  description: 'The challenge is stored in the database (any API process takes the answer), single use, 5 minutes.',
  security: [],
  response: { 200: Envelope(PasskeyOptionsSchema), ...errors(400) },
};

export const passkeySignInSchema = {
  tags: ['session'],
  summary: "Sign in with a passkey alone: the browser's answer to the options makes the session",
  description:
    'The passkey must verify the person (PIN or biometrics): it is two factors itself, so a role requiring two-factor is satisfied. ' +
    '400 passkey_challenge_invalid, passkey_unknown (not registered, removed, or its user disabled), passkey_invalid (signature, origin, ' +
    'user verification or counter wrong).',
  security: [],
  body: PasskeySignInBodySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400) },
};

export const secondFactorPasskeyOptionsSchema = {
  tags: ['session'],
  summary: 'Sign in, second step by a passkey: the options for the browser, for the challenge of the password step',
  description:
    '400 sign_in_challenge_invalid when the challenge is unknown, used or expired; passkey_unknown when the user has no passkey.',
  security: [],
  body: SecondFactorPasskeyOptionsBodySchema,
  response: { 200: Envelope(PasskeyOptionsSchema), ...errors(400) },
};

export const secondFactorPasskeySchema = {
  tags: ['session'],
  summary: "Sign in, second step by a passkey: the browser's answer makes the session (the challenge of the password step is used up)",
  description: "400 sign_in_challenge_invalid, passkey_challenge_invalid, passkey_unknown (not one of this user's), passkey_invalid.",
  security: [],
  body: SecondFactorPasskeyBodySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400) },
};
