import { Type } from 'typebox';
import { Envelope, errors, Id, ListEnvelope } from 'contracts/schemas/common';
import { PasskeyOptionsSchema } from 'contracts/schemas/passkeys';
import { SessionDataSchema } from 'contracts/schemas/session';
import {
  AccountLinkInfoSchema,
  AccountLinkQueryBodySchema,
  AccountLinkSchema,
  InvitationPasskeyBodySchema,
  InviteBodySchema,
  RoleRecordSchema,
  SaveRoleBodySchema,
  SetPasswordBodySchema,
  SetPasswordResultSchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
  UserRecordSchema,
} from 'contracts/schemas/people';

// The OpenAPI description of the people routes; the shapes are the contracts'.

const idParams = Type.Object({ id: Id('User id') });

export const listUsersSchema = {
  tags: ['people'],
  summary: 'Users, searched, filtered, sorted and paged; right manage_users',
  querystring: UserListQuerySchema,
  response: { 200: ListEnvelope(UserRecordSchema), ...errors(400, 401, 403) },
};

export const getUserSchema = {
  tags: ['people'],
  summary: 'One user; right manage_users',
  params: idParams,
  response: { 200: Envelope(UserRecordSchema), ...errors(400, 401, 403, 404) },
};

export const inviteSchema = {
  tags: ['people'],
  summary: 'Invite a person: a new user and a single-use link to choose a password; right manage_users',
  description:
    'The link expires after INVITATION_HOURS (72). With SMTP_URL it is mailed to the email address (link: null); ' +
    'else it is answered once, for the admin to pass on. Username and email are unique (409). Message "Invited".',
  body: InviteBodySchema,
  response: { 200: Envelope(AccountLinkSchema), ...errors(400, 401, 403, 409) },
};

export const updateUserSchema = {
  tags: ['people'],
  summary: "Change a user's name, email or roles; right manage_users",
  description:
    'Needs the version the form loaded (409 with data.current when stale). Refused (409) when no enabled user would keep manage_users. ' +
    'A role change applies to the next request of the user on every API process. Message "Saved".',
  params: idParams,
  body: UpdateUserBodySchema,
  response: { 200: Envelope(UserRecordSchema), ...errors(400, 401, 403, 404, 409) },
};

export const enableUserSchema = {
  tags: ['people'],
  summary: 'Enable a user; right manage_users. Message "Enabled"',
  params: idParams,
  response: { 200: Envelope(UserRecordSchema), ...errors(400, 401, 403, 404) },
};

export const disableUserSchema = {
  tags: ['people'],
  summary: 'Disable a user: their sessions end at once on every API process; right manage_users. Message "Disabled"',
  description:
    'Users are never deleted: their articles keep them as author; disabled users leave the creator lists. ' +
    'Refused (409) for your own account and for the last enabled user with manage_users.',
  params: idParams,
  response: { 200: Envelope(UserRecordSchema), ...errors(400, 401, 403, 404, 409) },
};

export const resetLinkSchema = {
  tags: ['people'],
  summary: 'A single-use link for the user to choose a new password; right manage_users',
  description:
    'Expires after PASSWORD_RESET_HOURS (24); mailed with SMTP_URL, else answered once. An invited user gets a new invitation. ' +
    'Earlier links of the user stop working. 409 for a disabled user. Message "Link made".',
  params: idParams,
  response: { 200: Envelope(AccountLinkSchema), ...errors(400, 401, 403, 404, 409) },
};

export const listRolesSchema = {
  tags: ['people'],
  summary: 'Roles with their rights; right manage_users',
  response: { 200: Envelope(Type.Array(RoleRecordSchema)), ...errors(401, 403) },
};

export const saveRoleSchema = {
  tags: ['people'],
  summary: 'Create a role (no id) or change one (id + version); right manage_users',
  description:
    "The rights given replace the role's. Titles are unique (409). A stale version answers 409 with data.current. " +
    'Taking manage_users away is refused (409) when no enabled user would keep it. Applies to the next request of its users on every API process. Message "Saved".',
  body: SaveRoleBodySchema,
  response: { 200: Envelope(RoleRecordSchema), ...errors(400, 401, 403, 404, 409) },
};

export const linkInfoSchema = {
  tags: ['people'],
  summary: 'What an invitation or password-reset link is for (signed out)',
  description: 'The token is the part of the link after "#". 400 link_invalid (unknown, used, replaced) or link_expired.',
  security: [],
  body: AccountLinkQueryBodySchema,
  response: { 200: Envelope(AccountLinkInfoSchema), ...errors(400, 429) },
};

export const setPasswordSchema = {
  tags: ['people'],
  summary: 'Choose a password through an invitation or reset link, and be signed in (signed out)',
  description:
    'The password: at least 12 characters, at most 128, not a common or breached one, not the name, username or email (400 password_*). ' +
    'The link is used up when the password is accepted; every other session of the user ends. Answers like a sign-in: ' +
    'a user with a second factor gets no session yet but a challenge (message "Code needed") for the second step.',
  security: [],
  body: SetPasswordBodySchema,
  response: { 200: Envelope(SetPasswordResultSchema), ...errors(400, 429) },
};

export const invitationPasskeyOptionsSchema = {
  tags: ['people'],
  summary: 'Accept an invitation with a passkey instead of a password: the options for the browser (signed out)',
  description:
    'For an invitation link only (400 link_passkey_invitation_only for a reset link), and link_invalid / link_expired like the password. ' +
    'The options ask for a discoverable credential with user verification; answered within 5 minutes, once.',
  security: [],
  body: AccountLinkQueryBodySchema,
  response: { 200: Envelope(PasskeyOptionsSchema), ...errors(400, 429) },
};

export const invitationPasskeySchema = {
  tags: ['people'],
  summary: 'Accept an invitation with a passkey instead of a password, and be signed in (signed out)',
  description:
    "The browser's answer to the options is verified against the invitation's challenge (single use); the link is used up, every other " +
    'session of the user ends, and the person is signed in (a passkey is two factors itself). Message "Signed in".',
  security: [],
  body: InvitationPasskeyBodySchema,
  response: { 200: Envelope(SessionDataSchema), ...errors(400, 409, 429) },
};
