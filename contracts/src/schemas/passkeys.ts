import { Type, type Static } from 'typebox';
import { PASSKEY_NAME_MAX_LENGTH } from '../rules/account';
import { Id, Nullable } from './common';

// Passkeys (WebAuthn): My account adds and removes them; the sign-in uses one instead of the password
// (a discoverable credential) or as the second factor after it. The options are what
// @simplewebauthn/browser's startRegistration / startAuthentication take (optionsJSON), the responses
// what they answer; the server checks every field of a response cryptographically.

export { PASSKEY_NAME_MAX_LENGTH } from '../rules/account';

const Base64Url = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$', ...(description ? { description } : {}) });

const Transports = Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 });
const ExtensionResults = Type.Object({}, { additionalProperties: true, description: 'clientExtensionResults, as the browser gave them' });

/** The fields of every credential the browser answers (registration and authentication alike). */
const CREDENTIAL_FIELDS = {
  id: Base64Url(1400, 'The credential id'),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  clientExtensionResults: ExtensionResults,
};

/** What startRegistration answers. */
export const PasskeyRegistrationResponseSchema = Type.Object({
  ...CREDENTIAL_FIELDS,
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    attestationObject: Base64Url(40_000),
    authenticatorData: Type.Optional(Base64Url(40_000)),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(4000)),
  }),
});
export type PasskeyRegistrationResponse = Static<typeof PasskeyRegistrationResponseSchema>;

/** What startAuthentication answers. */
export const PasskeyAuthenticationResponseSchema = Type.Object({
  ...CREDENTIAL_FIELDS,
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    authenticatorData: Base64Url(40_000),
    signature: Base64Url(2000),
    userHandle: Type.Optional(Base64Url(200)),
  }),
});
export type PasskeyAuthenticationResponse = Static<typeof PasskeyAuthenticationResponseSchema>;

/** The options of a ceremony: hand `options` to the browser library as optionsJSON. */
export const PasskeyOptionsSchema = Type.Object({
  options: Type.Object(
    { challenge: Type.String() },
    { additionalProperties: true, description: 'PublicKeyCredential(Creation|Request)OptionsJSON' },
  ),
  expires: Type.String({ format: 'date-time', description: 'Until when the answer is taken (single use)' }),
});
export type PasskeyOptions = Static<typeof PasskeyOptionsSchema>;

/** One of my passkeys (GET /api/v2/account/passkeys). */
export const PasskeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created: Type.String({ format: 'date-time' }),
  last_used: Nullable(Type.String({ format: 'date-time' }), { description: 'The last sign-in with it (null: never)' }),
});
export type Passkey = Static<typeof PasskeySchema>;

export const PasskeyIdParamsSchema = Type.Object({ id: Id('Passkey id') });

/** POST /api/v2/account/passkeys: the browser's answer to the options, and a name to tell it apart. */
export const AddPasskeyBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH, description: 'e.g. "Laptop" or "Phone"' }),
  response: PasskeyRegistrationResponseSchema,
});
export type AddPasskeyBody = Static<typeof AddPasskeyBodySchema>;

/** POST /api/v2/account/passkeys/{id}/remove: the current password or a code of the authenticator app. */
export const RemovePasskeyBodySchema = Type.Object({
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  code: Type.Optional(
    Type.String({ minLength: 1, maxLength: 40, description: 'The 6 digits of the authenticator app (or a recovery code)' }),
  ),
});
export type RemovePasskeyBody = Static<typeof RemovePasskeyBodySchema>;

/** POST /api/v2/session/passkey: sign in with a passkey alone. */
export const PasskeySignInBodySchema = Type.Object({
  response: PasskeyAuthenticationResponseSchema,
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for SESSION_REMEMBER_DAYS' })),
});
export type PasskeySignInBody = Static<typeof PasskeySignInBodySchema>;

/** POST /api/v2/session/second-factor/passkey-options: the challenge of the password step. */
export const SecondFactorPasskeyOptionsBodySchema = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
});

/** POST /api/v2/session/second-factor/passkey: the challenge of the password step and the passkey's answer. */
export const SecondFactorPasskeyBodySchema = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  response: PasskeyAuthenticationResponseSchema,
});
export type SecondFactorPasskeyBody = Static<typeof SecondFactorPasskeyBodySchema>;
