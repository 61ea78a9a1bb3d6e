import { Type } from 'typebox';
import {
  AccountRecordSchema,
  AccountSessionSchema,
  ChangePasswordBodySchema,
  EndedSessionsSchema,
  RecoveryCodesRenewBodySchema,
  RecoveryCodesSchema,
  SessionIdParamsSchema,
  TwoFactorConfirmBodySchema,
  TwoFactorRemoveBodySchema,
  TwoFactorSetupSchema,
  UpdateAccountBodySchema,
} from 'contracts/schemas/account';
import { Envelope, errors } from 'contracts/schemas/common';
import {
  AddPasskeyBodySchema,
  PasskeyIdParamsSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  RemovePasskeyBodySchema,
} from 'contracts/schemas/passkeys';

// The OpenAPI description of My account; the shapes are the contracts'. Every signed-in user, about themselves.

export const getAccountSchema = {
  tags: ['account'],
  summary: 'My account: name, email, interface language and version',
  response: { 200: Envelope(AccountRecordSchema), ...errors(401) },
};

export const updateAccountSchema = {
  tags: ['account'],
  summary: 'Change my name, email or interface language',
  description:
    'Needs the version the form loaded (409 account_stale_version with data.current when stale). The language is answered at every ' +
    'sign-in (SessionData.language), so it applies on any device. Message "Saved".',
  body: UpdateAccountBodySchema,
  response: { 200: Envelope(AccountRecordSchema), ...errors(400, 401, 409) },
};

export const changePasswordSchema = {
  tags: ['account'],
  summary: 'Change my password (the current one is needed)',
  description:
    'The new password follows the rule of the invitation page (400 password_*); a wrong current password answers 400 password_current_wrong. ' +
    'Every other session of the user ends at once on every API process; this one stays. Message "Password changed".',
  body: ChangePasswordBodySchema,
  response: { 200: Envelope(EndedSessionsSchema), ...errors(400, 401) },
};

export const listSessionsSchema = {
  tags: ['account'],
  summary: 'My sessions (device, address, last seen; the current one marked)',
  response: { 200: Envelope(Type.Array(AccountSessionSchema)), ...errors(401) },
};

export const endSessionSchema = {
  tags: ['account'],
  summary: 'Sign one of my sessions out',
  description:
    'Another user\'s session answers 404 like an unknown one. Ending the current one signs this device out. Message "Signed out".',
  params: SessionIdParamsSchema,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 404) },
};

export const endOtherSessionsSchema = {
  tags: ['account'],
  summary: 'Sign out everywhere else (every session of mine but this one)',
  response: { 200: Envelope(EndedSessionsSchema), ...errors(401) },
};

export const twoFactorSetupSchema = {
  tags: ['account'],
  summary: 'Start setting up two-factor sign-in: a new TOTP secret (QR code and text), confirmed by a code',
  description: 'Each call replaces a secret shown before and not confirmed. 409 two_factor_already_on.',
  response: { 200: Envelope(TwoFactorSetupSchema), ...errors(401, 409) },
};

export const twoFactorConfirmSchema = {
  tags: ['account'],
  summary: 'Confirm two-factor sign-in with a code of the app: it is on; the 10 recovery codes are answered this once',
  description:
    'Wrong codes are limited per user (429 too_many_second_factor_attempts). A session that had to enrol may do everything its rights allow from now on. ' +
    'Message "Two-factor sign-in is on".',
  body: TwoFactorConfirmBodySchema,
  response: { 200: Envelope(RecoveryCodesSchema), ...errors(400, 401, 409, 429) },
};

export const twoFactorRemoveSchema = {
  tags: ['account'],
  summary: 'Remove two-factor sign-in, proven by a current code (or a recovery code) or the password',
  description:
    '409 two_factor_required_by_role while one of the roles requires it. Limited like the codes (429). Message "Two-factor sign-in is off".',
  body: TwoFactorRemoveBodySchema,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 409, 429) },
};

export const renewRecoveryCodesSchema = {
  tags: ['account'],
  summary: 'New recovery codes, proven by a current code (or a recovery code) or the password; the old ones stop working',
  description:
    'The 10 new codes are answered this once. 409 two_factor_not_on. Limited like the codes (429). Message "New recovery codes made".',
  body: RecoveryCodesRenewBodySchema,
  response: { 200: Envelope(RecoveryCodesSchema), ...errors(400, 401, 409, 429) },
};

export const listPasskeysSchema = {
  tags: ['account'],
  summary: 'My passkeys: name, when added and last used for a sign-in',
  response: { 200: Envelope(Type.Array(PasskeySchema)), ...errors(401) },
};

export const passkeyOptionsSchema = {
  tags: ['account'],
  summary: 'Start adding a passkey: the options for the browser (startRegistration), answered within 5 minutes, once',
  description: 'The relying party is the public origin (PUBLIC_URL) and its host name. The passkeys I have are excluded.',
  response: { 200: Envelope(PasskeyOptionsSchema), ...errors(401) },
};

export const addPasskeySchema = {
  tags: ['account'],
  summary: "Add a passkey: the browser's answer to the options, and a name",
  description:
    'A passkey is a second factor: a role that requires two-factor is satisfied, and a session that had to enrol may do everything its rights allow. ' +
    '400 passkey_challenge_invalid (unknown, used or expired options), passkey_invalid (the answer does not verify); 409 passkey_already_added. Message "Passkey added".',
  body: AddPasskeyBodySchema,
  response: { 200: Envelope(PasskeySchema), ...errors(400, 401, 409) },
};

export const removePasskeySchema = {
  tags: ['account'],
  summary: 'Remove one of my passkeys, proven by the current password or a code of the authenticator app',
  description:
    '400 passkey_proof_needed, password_current_wrong, second_factor_code_wrong; 404 passkey_not_found (none of mine); 409 two_factor_required_by_role ' +
    'when it is the last second factor and a role requires one. Limited like the codes (429). Message "Passkey removed".',
  params: PasskeyIdParamsSchema,
  body: RemovePasskeyBodySchema,
  response: { 200: Envelope(Type.Null()), ...errors(400, 401, 404, 409, 429) },
};
