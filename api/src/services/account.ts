/**
 * My account: a signed-in user's own name, email, interface language, password and sessions.
 *
 * - Saves carry the version the form loaded (the user row's, shared with the Users screen): a stale
 *   one answers 409 with the account as it is now.
 * - A password change needs the current password; every other session of the user ends (on
 *   PostgreSQL migration 0020's triggers tell every API process), the one that changed it stays.
 * - Ending sessions touches only the user's own: another user's session id answers 404 like an
 *   unknown one (no oracle).
 * - Every change is an identity event in the activity log; no password ever is.
 */
import { diffFields } from 'contracts/rules/activity';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'contracts/rules/passwords';
import type { AccountRecord, AccountSession, ChangePasswordBody, UpdateAccountBody } from 'contracts/schemas/account';
import type { DbRoot } from '../db/schema';
import { requireVersion, staleVersion } from '../lib/edit-version';
import { httpError } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { accountRepository as accounts } from '../repositories/account';
import { peopleRepository as people } from '../repositories/people';
import { recordActivity } from './activity';
import type { AuthService } from './auth-service';
import { checkEmail, checkName } from './people';

/** Who asks: the user and the session of the request. */
export interface AccountActor {
  userId: number;
  sessionId: number;
}

const ACCOUNT_FIELDS = ['name', 'email', 'language'] as const;

/** Runs a proof of the person (a password or a code) under the per-user limit of wrong proofs (services/two-factor.ts). */
export type ProofLimit = <T>(userId: number, work: () => Promise<T>) => Promise<T>;

export class AccountService {
  constructor(
    private readonly db: DbRoot,
    private readonly auth: AuthService,
    private readonly limitProofs: ProofLimit,
  ) {}

  private async findOr401(trx: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<AccountRecord> {
    const account = await accounts.find(trx, id, options);
    // The session was checked by the request's hook; a user row gone since is a session gone.
    if (!account) throw httpError(401, 'unauthorized');
    return account;
  }

  async get(actor: AccountActor): Promise<AccountRecord> {
    return this.findOr401(this.db, actor.userId);
  }

  async update(actor: AccountActor, body: UpdateAccountBody): Promise<AccountRecord> {
    const name = body.name === undefined ? undefined : checkName(body.name);
    const email = body.email === undefined ? undefined : checkEmail(body.email);
    const version = requireVersion(body.version);
    const updated = await this.db.transaction().execute(async (trx) => {
      const before = await this.findOr401(trx, actor.userId, { lock: true });
      if (before.version !== version) throw staleVersion('account_stale_version', before);
      if (email !== undefined && (await people.findByEmail(trx, email, actor.userId))) {
        throw httpError(409, 'email_taken', { email }, { field: 'email' });
      }
      if (!(await accounts.update(trx, actor.userId, version, { name, email, language: body.language }))) {
        throw staleVersion('account_stale_version', before);
      }
      const after = await this.findOr401(trx, actor.userId);
      await recordActivity(trx, {
        actorId: actor.userId,
        entity: 'user',
        entityId: actor.userId,
        action: 'update',
        changes: diffFields(before, after, ACCOUNT_FIELDS),
      });
      return after;
    });
    // Cached sessions carry the name and email.
    this.auth.evictUser(actor.userId);
    return updated;
  }

  async changePassword(actor: AccountActor, body: ChangePasswordBody): Promise<{ ended: number }> {
    const stored = await people.passwordHashOf(this.db, actor.userId);
    // Wrong current passwords count like wrong codes: a stolen session cannot guess the password.
    await this.limitProofs(actor.userId, async () => {
      if (stored && (await verifyPassword(body.current_password, stored))) return;
      await recordActivity(this.db, {
        actorId: actor.userId,
        entity: 'user',
        entityId: actor.userId,
        action: 'password_change_refused',
        changes: {},
      });
      throw httpError(400, 'password_current_wrong', undefined, { field: 'current_password' });
    });
    const ended = await this.db.transaction().execute(async (trx) => {
      const account = await this.findOr401(trx, actor.userId, { lock: true });
      // A change made meanwhile by another session with the same password is not overwritten blindly.
      if ((await people.passwordHashOf(trx, actor.userId)) !== stored) {
        throw httpError(400, 'password_current_wrong', undefined, { field: 'current_password' });
      }
      const problem = passwordProblem(body.password, account);
      if (problem) {
        throw httpError(400, problem, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }, { field: 'password' });
      }
      await people.setPassword(trx, actor.userId, await this.auth.hashPassword(body.password));
      const count = await accounts.deleteOtherSessions(trx, actor.userId, actor.sessionId);
      await recordActivity(trx, {
        actorId: actor.userId,
        entity: 'user',
        entityId: actor.userId,
        action: 'password_change',
        changes: {},
        details: { sessions_ended: count },
      });
      return count;
    });
    this.auth.evictUser(actor.userId);
    return { ended };
  }

  async listSessions(actor: AccountActor): Promise<AccountSession[]> {
    return accounts.listSessions(this.db, actor.userId, actor.sessionId, this.auth.clock());
  }

  async endSession(actor: AccountActor, sessionId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await accounts.deleteSession(trx, actor.userId, sessionId))) {
        throw httpError(404, 'session_not_found', { id: sessionId });
      }
      await recordActivity(trx, {
        actorId: actor.userId,
        entity: 'user',
        entityId: actor.userId,
        action: 'end_sessions',
        changes: {},
        details: { sessions_ended: 1, this_device: sessionId === actor.sessionId },
      });
    });
    this.auth.evictUser(actor.userId);
  }

  async endOtherSessions(actor: AccountActor): Promise<{ ended: number }> {
    const ended = await this.db.transaction().execute(async (trx) => {
      const count = await accounts.deleteOtherSessions(trx, actor.userId, actor.sessionId);
      await recordActivity(trx, {
        actorId: actor.userId,
        entity: 'user',
        entityId: actor.userId,
        action: 'end_sessions',
        changes: {},
        details: { sessions_ended: count, this_device: false },
      });
      return count;
    });
    this.auth.evictUser(actor.userId);
    return { ended };
  }
}
