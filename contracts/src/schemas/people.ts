import { Type, type Static } from 'typebox';
import { RIGHTS } from '../rules/rights';
import { USER_SORTS, USER_STATUSES } from '../rules/people';
import { PASSWORD_MAX_LENGTH } from '../rules/passwords';
import { Id, Nullable, StringEnum, VersionField } from './common';
import { SecondFactorChallengeSchema, SessionDataSchema } from './session';
import { AddPasskeyBodySchema } from './passkeys';

// The people screens: users (/api/v2/users…), roles (/api/v2/roles…) and the signed-out pages that
// accept an invitation or reset a password (/api/v2/account-link…). Right manage_users except the last.

export { USER_SORTS, USER_STATUSES, type UserSort, type UserStatus } from '../rules/people';

/** A role as a user row names it. */
export const RoleRefSchema = Type.Object({ id: Type.Integer(), name: Type.String(), title: Type.String() });
export type RoleRef = Static<typeof RoleRefSchema>;

/** One user as the Users screen lists and edits it. */
export const UserRecordSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  roles: Type.Array(RoleRefSchema),
  status: StringEnum(USER_STATUSES, { description: 'active; invited: has not chosen a password yet; disabled: cannot sign in' }),
  last_sign_in: Nullable(Type.String({ description: 'ISO date-time of the last sign-in, null when never' })),
  created: Type.String({ description: 'ISO date-time' }),
  version: Type.Integer({ description: 'Send it back to update the user' }),
  two_factor: Type.Boolean({ description: 'Two-factor sign-in (TOTP) is on' }),
  sso_issuers: Type.Array(Type.String(), {
    description: 'The single sign-on providers (issuer URLs) this user is linked to, by first sign-in through them; empty: none',
  }),
});
export type UserRecord = Static<typeof UserRecordSchema>;

/** GET /api/v2/users. */
export const UserListQuerySchema = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name, username or email (any case)' })),
  role: Type.Optional(Id('Only users holding this role')),
  status: Type.Optional(StringEnum(USER_STATUSES)),
  two_factor: Type.Optional(StringEnum(['on', 'off'] as const, { description: 'Only users with two-factor sign-in on / off' })),
  sort: Type.Optional(StringEnum(USER_SORTS, { description: 'Default name' })),
  dir: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 20' })),
  limitStart: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Rows to skip' })),
});
export type UserListQuery = Static<typeof UserListQuerySchema>;

const NameField = Type.String({ minLength: 1, maxLength: 200 });
const EmailField = Type.String({ minLength: 3, maxLength: 254, description: 'An email address' });
const RoleIds = Type.Array(Id('A role'), { maxItems: 50, description: 'The roles (ids), replacing the current ones' });

/** POST /api/v2/users/invite. */
export const InviteBodySchema = Type.Object({
  name: NameField,
  email: EmailField,
  username: Type.Optional(Type.String({ maxLength: 100, description: 'Default: the email address' })),
  roles: RoleIds,
});
export type InviteBody = Static<typeof InviteBodySchema>;

/** A link for a person to set their password (an invitation or a reset). */
export const AccountLinkSchema = Type.Object({
  user: UserRecordSchema,
  link: Nullable(Type.String(), {
    description: 'The link, shown once for the admin to pass on; null when it was sent by email',
  }),
  emailed: Type.Boolean({ description: 'Sent by email (SMTP_URL set and the user has an email address)' }),
  expires: Type.String({ description: 'ISO date-time the link stops working' }),
});
export type AccountLink = Static<typeof AccountLinkSchema>;

/** POST /api/v2/users/{id}: fields left out keep their value. */
export const UpdateUserBodySchema = Type.Object({
  version: VersionField,
  name: Type.Optional(NameField),
  email: Type.Optional(EmailField),
  roles: Type.Optional(RoleIds),
});
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>;

/** A role: a name plus a set of rights. */
export const RoleRecordSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'Stable key (users list it in `roles`)' }),
  title: Type.String(),
  rights: Type.Array(StringEnum(RIGHTS)),
  users: Type.Integer({ description: 'How many users hold it' }),
  version: Type.Integer({ description: 'Send it back to update the role' }),
  require_2fa: Type.Boolean({ description: 'Members must sign in with a second factor (those without are taken through enrolment)' }),
  scope: Nullable(Type.Array(Type.Integer()), {
    description:
      'null: the article rights hold everywhere; else the category ids whose subtrees (the category and its descendants) they are limited to (empty: nowhere)',
  }),
});
export type RoleRecord = Static<typeof RoleRecordSchema>;

/** POST /api/v2/roles: create (no id) or update (id + version). */
export const SaveRoleBodySchema = Type.Object({
  id: Type.Optional(Id('The role to update; missing creates one')),
  version: Type.Optional(VersionField),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  rights: Type.Array(StringEnum(RIGHTS), { maxItems: RIGHTS.length * 2 }),
  require_2fa: Type.Optional(
    Type.Boolean({ description: 'Members must sign in with a second factor; missing keeps it (a new role: false)' }),
  ),
  scope: Type.Optional(
    Nullable(Type.Array(Id('A category: its subtree'), { maxItems: 200 }), {
      description:
        "Limits the role's article rights to these categories' subtrees; null: everywhere; [] nowhere; missing keeps it (a new role: null)",
    }),
  ),
});
export type SaveRoleBody = Static<typeof SaveRoleBodySchema>;

/** What a signed-out page sends: the link's token. */
const TokenField = Type.String({ minLength: 1, maxLength: 200, description: 'The token of the link (after #)' });

/** POST /api/v2/account-link: what the link is for, before the form is shown. */
export const AccountLinkQueryBodySchema = Type.Object({ token: TokenField });
export const AccountLinkInfoSchema = Type.Object({
  purpose: StringEnum(['invite', 'reset'] as const),
  username: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  expires: Type.String(),
});
export type AccountLinkInfo = Static<typeof AccountLinkInfoSchema>;

/** POST /api/v2/account-link/password: choose the password, and be signed in. */
export const SetPasswordBodySchema = Type.Object({
  token: TokenField,
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 4 }),
});
export type SetPasswordBody = Static<typeof SetPasswordBodySchema>;

/** POST /api/v2/account-link/passkey: accept an invitation with a passkey instead of a password, and be signed in. */
export const InvitationPasskeyBodySchema = Type.Object({
  token: TokenField,
  name: AddPasskeyBodySchema.properties.name,
  response: AddPasskeyBodySchema.properties.response,
});
export type InvitationPasskeyBody = Static<typeof InvitationPasskeyBodySchema>;

/** Signed in; or, for a user with a second factor, the second step of a sign-in (the link proves the mailbox only). */
export const SetPasswordResultSchema = Type.Union([SessionDataSchema, SecondFactorChallengeSchema]);
