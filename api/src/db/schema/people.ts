/** Tables of people and their access: rights, roles, users, their links, sessions and failed sign-ins. */
import type { Right } from 'contracts/rules/rights';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns';

export interface RightsTable {
  id: Generated<number>;
  name: Right;
  description: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  title: string;
  version: ColumnType<number, number | undefined, number>;
  /** Members must sign in with a second factor (migration 0032). */
  require_2fa: ColumnType<boolean, boolean | undefined, boolean>;
  /** Its article rights hold only under the categories of role_scopes (migration 0033). */
  scoped: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A scoped role's subtree roots (migration 0033). */
export interface RoleScopesTable {
  role_id: number;
  category_id: number;
}

export interface RoleRightsTable {
  role_id: number;
  right_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  /** scrypt$N$r$p$salt$hash, or null: the user cannot sign in with a password. */
  password_hash: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  version: ColumnType<number, number | undefined, number>;
  /** The interface language kept in My account (migration 0031); null: none chosen. */
  language: ColumnType<'en' | 'de' | null, 'en' | 'de' | null | undefined, 'en' | 'de' | null>;
  /** TOTP (migration 0032): the confirmed secret, the one being enrolled, the step of the last code accepted. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** The WebAuthn user handle (migration 0034), made at the first passkey. */
  webauthn_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A passkey (migration 0034): public data only. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<string | number, number | undefined, number>;
  /** Comma-separated transports the browser reported. */
  transports: ColumnType<string, string | undefined, string>;
  device_type: string;
  backed_up: ColumnType<boolean, boolean | undefined, boolean>;
  name: string;
  created_at: TimestampDefault;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A WebAuthn challenge handed out and not yet answered (migration 0034). */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  purpose: 'register' | 'sign_in' | 'second_factor' | 'invite';
  user_id: number | null;
  sign_in_challenge_id: number | null;
  expires_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SecondFactorFailuresTable {
  id: Generated<number>;
  user_id: number;
  failed_at: Timestamp;
  pending: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SignInChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  remember: boolean;
  ip: string | null;
  user_agent: string | null;
  expires_at: Timestamp;
  /** The provider's issuer when the first step was a single sign-on (migration 0035). */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An invitation or password-reset link (migration 0028): only the token's SHA-256 is stored. */
export interface UserLinksTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'invite' | 'reset';
  token_hash: string;
  created_at: TimestampDefault;
  created_by: number | null;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  remember: boolean;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  renewed_at: TimestampDefault;
  ip: string | null;
  user_agent: string | null;
  /** The user must enrol a second factor before anything else (migration 0032). */
  enrol_second_factor: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  ip: string;
  username: string;
  failed_at: Timestamp;
  /** The password of this attempt is still being checked (not a failure yet). */
  pending: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Which user an identity of the OpenID provider is (migration 0035). */
export interface SsoLinksTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: TimestampDefault;
  last_sign_in_at: Timestamp | null;
}

/** A sign-in sent to the OpenID provider and not back yet (migration 0035): SHA-256 of the state only. */
export interface SsoRequestsTable {
  id: Generated<number>;
  state_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  expires_at: Timestamp;
}

/** A finished provider sign-in waiting for the shell to fetch its session (migration 0035). */
export interface SsoHandoffsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  issuer: string;
  expires_at: Timestamp;
}
