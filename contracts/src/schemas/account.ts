import { Type, type Static } from 'typebox';
import { INTERFACE_LANGUAGES } from '../rules/account';
import { PASSWORD_MAX_LENGTH } from '../rules/passwords';
import { Id, Nullable, StringEnum, VersionField } from './common';

// My account (/api/v2/account…): every signed-in user, about themselves only.

export { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../rules/account';

const LanguageField = StringEnum(INTERFACE_LANGUAGES, { description: 'The interface language, applied at sign-in on any device' });

/** GET /api/v2/account. */
export const AccountRecordSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  language: Nullable(LanguageField, { description: "null: none chosen (the browser's language)" }),
  version: Type.Integer({ description: 'Send it back to save the account' }),
  two_factor: Type.Boolean({ description: 'Two-factor sign-in (TOTP) is on' }),
  two_factor_required: Type.Boolean({ description: 'One of the roles requires two-factor sign-in' }),
  recovery_codes_left: Type.Integer({ description: 'Unused recovery codes' }),
});
export type AccountRecord = Static<typeof AccountRecordSchema>;

/** POST /api/v2/account: fields left out keep their value. */
export const UpdateAccountBodySchema = Type.Object({
  version: VersionField,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254, description: 'An email address' })),
  language: Type.Optional(Nullable(LanguageField)),
});
export type UpdateAccountBody = Static<typeof UpdateAccountBodySchema>;

/** POST /api/v2/account/password. */
export const ChangePasswordBodySchema = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 4 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

/** One of the user's own sessions (GET /api/v2/account/sessions). */
export const AccountSessionSchema = Type.Object({
  id: Type.Integer(),
  user_agent: Nullable(Type.String({ description: 'The browser or device, as it named itself at sign-in' })),
  ip: Nullable(Type.String({ description: 'The client address at sign-in' })),
  created: Type.String({ description: 'ISO date-time of the sign-in' }),
  last_seen: Type.String({ description: 'ISO date-time the session was last used (to SESSION_RENEW_INTERVAL_SECONDS)' }),
  current: Type.Boolean({ description: 'The session of this request ("this device")' }),
});
export type AccountSession = Static<typeof AccountSessionSchema>;

export const SessionIdParamsSchema = Type.Object({ id: Id('Session id') });

/** POST /api/v2/account/sessions/end-others. */
export const EndedSessionsSchema = Type.Object({ ended: Type.Integer({ description: 'How many sessions ended' }) });
export type EndedSessions = Static<typeof EndedSessionsSchema>;

/** POST /api/v2/account/two-factor: a new secret to enrol (shown once; confirmed by a code). */
export const TwoFactorSetupSchema = Type.Object({
  secret: Type.String({ description: 'The base32 secret, for typing into the app' }),
  uri: Type.String({ description: 'The otpauth:// URI the QR code holds' }),
  qr: Type.String({ description: 'The QR code of the URI, an SVG data URL' }),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetupSchema>;

const CodeField = Type.String({ minLength: 1, maxLength: 40, description: 'The 6 digits of the authenticator app (or a recovery code)' });

/** POST /api/v2/account/two-factor/confirm. */
export const TwoFactorConfirmBodySchema = Type.Object({ code: CodeField });
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBodySchema>;

export const RecoveryCodesSchema = Type.Object({
  recovery_codes: Type.Array(Type.String(), { description: 'The 10 single-use recovery codes, shown this once' }),
});
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** POST /api/v2/account/two-factor/remove: a current code or the password. */
export const TwoFactorRemoveBodySchema = Type.Object({
  code: Type.Optional(CodeField),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
});
export type TwoFactorRemoveBody = Static<typeof TwoFactorRemoveBodySchema>;

/** POST /api/v2/account/two-factor/recovery-codes: proven like a removal (a current code or the password). */
export const RecoveryCodesRenewBodySchema = TwoFactorRemoveBodySchema;
export type RecoveryCodesRenewBody = TwoFactorRemoveBody;
