/**
 * The people screens' workflows: users (list, invite, edit, disable / enable, reset link), roles
 * (a name plus a set of rights) and the signed-out pages that choose a password through a link.
 *
 * Invariants:
 * - A user is never deleted (content and the activity log name them); disabling ends their sessions
 *   at once: the sessions are deleted (on PostgreSQL the triggers of migration 0020 tell every API
 *   process, NOTIFY session_revoked) and this process's cache forgets them.
 * - At least one enabled user keeps manage_users: every change that could take it away (disable,
 *   roles of a user, rights of a role) runs under one lock and is refused (409) when none would be left.
 * - Links (invitation, reset): 32 random bytes, only their SHA-256 stored, compared in constant
 *   time, single-use, expiring; never logged nor recorded in the activity log. A new link for a user
 *   ends the earlier ones.
 */
import { timingSafeEqual } from 'node:crypto';
import { diffFields } from 'contracts/rules/activity';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'contracts/rules/passwords';
import { normalScope, type Right } from 'contracts/rules/rights';
import type {
  AccountLink,
  AccountLinkInfo,
  InviteBody,
  RoleRecord,
  SaveRoleBody,
  UpdateUserBody,
  UserListQuery,
  UserRecord,
} from 'contracts/schemas/people';
import type { AppConfig } from '../config';
import type { DbRoot } from '../db/schema';
import { requireVersion, staleVersion } from '../lib/edit-version';
import { httpError } from '../lib/http-error';
import { hashToken, newToken } from '../lib/tokens';
import { articleScopeRepository } from '../repositories/article-scope';
import { peopleRepository as people } from '../repositories/people';
import { twoFactorRepository } from '../repositories/two-factor';
import { usersRepository } from '../repositories/users';
import { recordActivity } from './activity';
import { secondStepOf, type AuthService, type PasswordAccepted, type SignedInSession } from './auth-service';
import type { Mailer } from './mailer';

type LinkPurpose = 'invite' | 'reset';

/** What every link answers when it cannot be used (unknown, used, ended by a newer link, user disabled). */
const linkInvalid = () => httpError(400, 'link_invalid', undefined, { field: 'token' });

const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const USERNAME = /^[^\s\p{Cc}\p{Cs}]{1,100}$/u;

export function checkEmail(raw: string): string {
  const email = raw.trim();
  if (!EMAIL.test(email)) throw httpError(400, 'email_invalid', undefined, { field: 'email' });
  return email;
}

export function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '' || /[\p{Cc}\p{Cs}]/u.test(name)) throw httpError(400, 'name_invalid', undefined, { field: 'name' });
  return name;
}

/** The page of links: the signed-out screens of the shell read the token after '#', which browsers never send to a server. */
const LINK_PATHS: Record<LinkPurpose, string> = { invite: '/invitation', reset: '/password-reset' };

/** The logged fields of a user (never a password or a link). */
const USER_FIELDS = ['name', 'email', 'username', 'roles'] as const;
const loggable = (user: UserRecord) => ({ ...user, roles: user.roles.map((role) => role.name) });

export interface PeopleDeps {
  config: AppConfig;
  auth: AuthService;
  mailer: Mailer | undefined;
  /** Reports a mail that could not be sent (the link is then shown to the admin instead). */
  onMailError(error: Error): void;
}

export class PeopleService {
  constructor(
    private readonly db: DbRoot,
    private readonly deps: PeopleDeps,
  ) {}

  private readonly now = () => new Date();

  private async findUserOr404(trx: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<UserRecord> {
    const user = await people.findUser(trx, id, options);
    if (!user) throw httpError(404, 'user_not_found', { id });
    return user;
  }

  private async checkRoles(trx: DbRoot, roleIds: number[]): Promise<number[]> {
    const unique = [...new Set(roleIds)];
    const [unknown] = await people.unknownRoleIds(trx, unique);
    if (unknown !== undefined) throw httpError(400, 'role_unknown', { id: unknown }, { field: 'roles' });
    return unique;
  }

  private async keepsAUserManager(trx: DbRoot): Promise<void> {
    if ((await people.countUserManagers(trx)) === 0) throw httpError(409, 'last_user_manager');
  }

  /** A new link for `user` in `trx`: the token (returned once, never stored) and its expiry. */
  private async newLink(trx: DbRoot, user: UserRecord, purpose: LinkPurpose, actorId: number | null) {
    const token = newToken();
    const at = this.now();
    const hours = purpose === 'invite' ? this.deps.config.invitationHours : this.deps.config.passwordResetHours;
    const expiresAt = new Date(at.getTime() + hours * 3_600_000);
    await people.createLink(trx, { userId: user.id, purpose, tokenHash: hashToken(token), createdBy: actorId, now: at, expiresAt });
    return { token, expiresAt };
  }

  /** Mails the link when SMTP is configured and the user has an address; else (or when sending fails) it is for the admin to pass on. */
  private async deliver(user: UserRecord, purpose: LinkPurpose, link: string, expiresAt: Date): Promise<boolean> {
    if (!this.deps.mailer || !user.email) return false;
    const until = expiresAt.toISOString().slice(0, 16).replace('T', ' ');
    const text =
      purpose === 'invite'
        ? `Hello ${user.name},\n\nyou are invited to Newsdesk (username: ${user.username}). Choose your password here:\n${link}\n\nThe link works once, until ${until} UTC.\n\n---\n\nHallo ${user.name},\n\nSie sind zu Newsdesk eingeladen (Benutzername: ${user.username}). Wählen Sie hier Ihr Passwort:\n${link}\n\nDer Link funktioniert einmal, bis ${until} UTC.\n`
        : `Hello ${user.name},\n\nchoose a new Newsdesk password here:\n${link}\n\nThe link works once, until ${until} UTC. If you did not ask for it, tell your administrator.\n\n---\n\nHallo ${user.name},\n\nwählen Sie hier ein neues Newsdesk-Passwort:\n${link}\n\nDer Link funktioniert einmal, bis ${until} UTC.\n`;
    const subject =
      purpose === 'invite'
        ? 'Your Newsdesk invitation / Ihre Newsdesk-Einladung'
        : 'Newsdesk password reset / Newsdesk-Passwort zurücksetzen';
    try {
      await this.deps.mailer.send({ to: user.email, subject, text });
      return true;
    } catch (error) {
      this.deps.onMailError(error as Error);
      return false;
    }
  }

  private async answerLink(user: UserRecord, purpose: LinkPurpose, token: string, expiresAt: Date, origin: string): Promise<AccountLink> {
    const link = `${origin}${LINK_PATHS[purpose]}#${token}`;
    const emailed = await this.deliver(user, purpose, link, expiresAt);
    return { user, link: emailed ? null : link, emailed, expires: expiresAt.toISOString() };
  }

  /** The link of a token, locked, when it may still be used; else the refusal. */
  private async usableLink(trx: DbRoot, token: string) {
    const tokenHash = hashToken(token);
    const link = await people.findLink(trx, tokenHash, { lock: true });
    // The lookup is by hash; the comparison of what was found is constant-time all the same.
    if (!link || !timingSafeEqual(Buffer.from(link.tokenHash), Buffer.from(tokenHash))) throw linkInvalid();
    if (link.usedAt !== null) throw linkInvalid();
    if (link.expiresAt.getTime() <= this.now().getTime()) throw httpError(400, 'link_expired', undefined, { field: 'token' });
    if (!(await people.isEnabled(trx, link.userId))) throw linkInvalid();
    return link;
  }

  /** A usable link that is an invitation (a reset link keeps the password: it cannot be replaced by a passkey). */
  private async invitationLink(trx: DbRoot, token: string) {
    const link = await this.usableLink(trx, token);
    if (link.purpose !== 'invite') throw httpError(400, 'link_passkey_invitation_only', undefined, { field: 'token' });
    return link;
  }

  async listUsers(query: UserListQuery): Promise<{ items: UserRecord[]; total: number }> {
    const search = query.search?.trim();
    return people.listUsers(
      this.db,
      {
        search: search || undefined,
        roleId: query.role,
        status: query.status,
        twoFactor: query.two_factor === undefined ? undefined : query.two_factor === 'on',
      },
      { sort: query.sort ?? 'name', dir: query.dir ?? 'asc' },
      { limit: query.limit ?? 20, offset: query.limitStart ?? 0 },
    );
  }

  async getUser(id: number): Promise<UserRecord> {
    return this.findUserOr404(this.db, id);
  }

  async invite(actorId: number, body: InviteBody, origin: string): Promise<AccountLink> {
    const name = checkName(body.name);
    const email = checkEmail(body.email);
    const username = (body.username?.trim() || email).toLowerCase();
    if (!USERNAME.test(username)) throw httpError(400, 'username_invalid', undefined, { field: 'username' });
    const { user, token, expiresAt } = await this.db.transaction().execute(async (trx) => {
      await people.lockForChanges(trx);
      const roleIds = await this.checkRoles(trx, body.roles);
      if (await people.usernameTaken(trx, username)) throw httpError(409, 'username_taken', { username }, { field: 'username' });
      if (await people.findByEmail(trx, email)) throw httpError(409, 'email_taken', { email }, { field: 'email' });
      const id = await people.createWithoutPassword(trx, { username, name, email });
      await people.setRoles(trx, id, roleIds);
      const created = await this.findUserOr404(trx, id);
      const link = await this.newLink(trx, created, 'invite', actorId);
      await recordActivity(trx, {
        actorId,
        entity: 'user',
        entityId: id,
        action: 'invite',
        changes: diffFields(null, loggable(created), USER_FIELDS),
        details: { expires: link.expiresAt.toISOString() },
      });
      return { user: created, ...link };
    });
    return this.answerLink(user, 'invite', token, expiresAt, origin);
  }

  async update(actorId: number, id: number, body: UpdateUserBody): Promise<UserRecord> {
    const name = body.name === undefined ? undefined : checkName(body.name);
    const email = body.email === undefined ? undefined : checkEmail(body.email);
    const version = requireVersion(body.version);
    const updated = await this.db.transaction().execute(async (trx) => {
      await people.lockForChanges(trx);
      const before = await this.findUserOr404(trx, id, { lock: true });
      if (before.version !== version) throw staleVersion('user_stale_version', before);
      if (email !== undefined && (await people.findByEmail(trx, email, id))) {
        throw httpError(409, 'email_taken', { email }, { field: 'email' });
      }
      const roleIds = body.roles === undefined ? undefined : await this.checkRoles(trx, body.roles);
      if (!(await people.updateUser(trx, id, version, { name, email }))) throw staleVersion('user_stale_version', before);
      if (roleIds !== undefined) {
        await people.setRoles(trx, id, roleIds);
        await this.keepsAUserManager(trx);
      }
      const after = await this.findUserOr404(trx, id);
      await recordActivity(trx, {
        actorId,
        entity: 'user',
        entityId: id,
        action: 'update',
        changes: diffFields(loggable(before), loggable(after), USER_FIELDS),
      });
      return after;
    });
    if (body.roles !== undefined) this.deps.auth.evictUser(id);
    return updated;
  }

  async setEnabled(actorId: number, id: number, enabled: boolean): Promise<UserRecord> {
    const updated = await this.db.transaction().execute(async (trx) => {
      await people.lockForChanges(trx);
      const before = await this.findUserOr404(trx, id, { lock: true });
      if (!enabled && id === actorId) throw httpError(409, 'user_disable_self');
      if ((before.status !== 'disabled') === enabled) return before;
      await people.setEnabled(trx, id, enabled);
      if (!enabled) {
        await people.deleteSessions(trx, id);
        await this.keepsAUserManager(trx);
      }
      await recordActivity(trx, { actorId, entity: 'user', entityId: id, action: enabled ? 'enable' : 'disable', changes: {} });
      return this.findUserOr404(trx, id);
    });
    if (!enabled) this.deps.auth.evictUser(id);
    return updated;
  }

  async resetLink(actorId: number, id: number, origin: string): Promise<AccountLink> {
    const { user, purpose, token, expiresAt } = await this.db.transaction().execute(async (trx) => {
      const target = await this.findUserOr404(trx, id, { lock: true });
      if (target.status === 'disabled') throw httpError(409, 'user_disabled', { id });
      // An invited user who lost the invitation gets a new invitation, not a reset.
      const linkPurpose: LinkPurpose = target.status === 'invited' ? 'invite' : 'reset';
      const link = await this.newLink(trx, target, linkPurpose, actorId);
      await recordActivity(trx, {
        actorId,
        entity: 'user',
        entityId: id,
        action: linkPurpose === 'invite' ? 'invite' : 'reset_link',
        changes: {},
        details: { expires: link.expiresAt.toISOString() },
      });
      return { user: target, purpose: linkPurpose, ...link };
    });
    return this.answerLink(user, purpose, token, expiresAt, origin);
  }

  async listRoles(): Promise<RoleRecord[]> {
    return people.listRoles(this.db);
  }

  async saveRole(actorId: number, body: SaveRoleBody): Promise<RoleRecord> {
    const title = body.title.trim();
    if (title === '' || /[\p{Cc}\p{Cs}]/u.test(title)) throw httpError(400, 'role_title_invalid', undefined, { field: 'title' });
    const rights = [...new Set(body.rights)] as Right[];
    const scope = body.scope === undefined ? undefined : normalScope(body.scope);
    const saved = await this.db.transaction().execute(async (trx) => {
      await people.lockForChanges(trx);
      if (await people.roleTitleTaken(trx, title, body.id)) throw httpError(409, 'role_title_taken', { title }, { field: 'title' });
      let id = body.id;
      let before: RoleRecord | undefined;
      if (id === undefined) {
        let name =
          title
            .toLowerCase()
            .normalize('NFKD')
            .replace(/[^a-z0-9]+/g, '_')
            .replace(/^_+|_+$/g, '') || 'role';
        for (let n = 2; await people.roleNameTaken(trx, name); n += 1) name = `${name.replace(/_\d+$/, '')}_${n}`;
        id = await people.createRole(trx, { name, title, require_2fa: body.require_2fa ?? false });
      } else {
        const version = requireVersion(body.version);
        before = await people.findRole(trx, id);
        if (!before) throw httpError(404, 'role_not_found', { id });
        const require2fa = body.require_2fa ?? before.require_2fa;
        if (before.version !== version || !(await people.updateRole(trx, id, version, title, require2fa))) {
          throw staleVersion('role_stale_version', before);
        }
      }
      await people.setRoleRights(trx, id, rights);
      if (scope !== undefined) {
        const unknown = await articleScopeRepository.unknownCategories(trx, scope ?? []);
        if (unknown.length) throw httpError(400, 'role_scope_unknown_categories', { ids: unknown.join(', ') }, { field: 'scope' });
        await people.setRoleScope(trx, id, scope);
      }
      if (before?.rights.includes('manage_users') && !rights.includes('manage_users')) await this.keepsAUserManager(trx);
      const after = (await people.findRole(trx, id)) as RoleRecord;
      await recordActivity(trx, {
        actorId,
        entity: 'role',
        entityId: id,
        action: before ? 'update' : 'create',
        changes: diffFields(before ?? null, after, ['title', 'rights', 'require_2fa', 'scope']),
      });
      return after;
    });
    // This process's sessions hold their users' rights and scopes (other processes hear the triggers' NOTIFY).
    this.deps.auth.evictAll();
    return saved;
  }

  /** What a link is for (the signed-out page shows it before the password form). */
  async linkInfo(token: string): Promise<AccountLinkInfo> {
    return this.db.transaction().execute(async (trx) => {
      const link = await this.usableLink(trx, token);
      const user = await this.findUserOr404(trx, link.userId);
      return {
        purpose: link.purpose,
        username: user.username,
        name: user.name,
        email: user.email,
        expires: link.expiresAt.toISOString(),
      };
    });
  }

  /** The invited user of a usable invitation link, for the passkey that will take the password's place; 400 otherwise. */
  async invitedUserOf(token: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => (await this.invitationLink(trx, token)).userId);
  }

  /**
   * An invitation accepted with a passkey instead of a password (verified already for `userId`, the
   * link's user): `store` keeps the passkey in the same transaction as the link is used up; other
   * sessions end, and the person is signed in (a passkey is two factors itself, so no second step).
   */
  async acceptWithPasskey(
    token: string,
    userId: number,
    store: (trx: DbRoot) => Promise<{ id: number; name: string }>,
    meta: { ip: string; userAgent: string | null },
  ): Promise<SignedInSession> {
    const session = await this.db.transaction().execute(async (trx) => {
      const link = await this.invitationLink(trx, token);
      if (link.userId !== userId) throw linkInvalid();
      const passkey = await store(trx);
      await people.markLinkUsed(trx, link.id, this.now());
      await people.deleteSessions(trx, link.userId);
      await recordActivity(trx, {
        actorId: link.userId,
        entity: 'user',
        entityId: link.userId,
        action: 'accept_invitation',
        changes: {},
        details: { passkey_id: passkey.id },
      });
      const profile = await usersRepository.findById(trx, link.userId);
      if (!profile) throw linkInvalid();
      return this.deps.auth.startSession(trx, profile, { remember: false, ...meta }, this.now(), {
        second_factor: 'passkey',
        passkey_id: passkey.id,
        passkey_name: passkey.name,
      });
    });
    this.deps.auth.evictUser(session.user.id);
    return session;
  }

  /**
   * Sets the password of a link's user and signs them in — or, when the user has a second factor,
   * answers like a password step (the link proves the mailbox, not the second factor). The link is
   * used up only when the password is accepted; every other session of the user ends.
   */
  async setPassword(
    token: string,
    password: string,
    meta: { ip: string; userAgent: string | null },
  ): Promise<SignedInSession | PasswordAccepted> {
    const session = await this.db.transaction().execute(async (trx) => {
      const link = await this.usableLink(trx, token);
      const user = await this.findUserOr404(trx, link.userId);
      const problem = passwordProblem(password, user);
      if (problem) {
        throw httpError(400, problem, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }, { field: 'password' });
      }
      await people.setPassword(trx, user.id, await this.deps.auth.hashPassword(password));
      await people.markLinkUsed(trx, link.id, this.now());
      await people.deleteSessions(trx, user.id);
      await recordActivity(trx, {
        actorId: user.id,
        entity: 'user',
        entityId: user.id,
        action: link.purpose === 'invite' ? 'accept_invitation' : 'password_reset',
        changes: {},
      });
      const profile = await usersRepository.findById(trx, user.id);
      if (!profile) throw linkInvalid();
      const factor = await twoFactorRepository.state(trx, user.id);
      const secondStep = secondStepOf(user.id, factor);
      if (secondStep) return secondStep;
      // A role requiring two-factor of a user without it: the session may only enrol.
      return this.deps.auth.startSession(trx, profile, {
        remember: false,
        ...meta,
        enrolSecondFactor: Boolean(factor?.required && !factor.secret),
      });
    });
    this.deps.auth.evictUser('secondFactor' in session ? session.userId : session.user.id);
    return session;
  }
}
