import { LRUCache } from 'lru-cache';
import { Client } from 'pg';
import type { AppConfig } from '../config';
import type { Right, DbRoot } from '../db/schema';
import { httpError, type HttpError } from '../lib/http-error';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';
import { activityRepository } from '../repositories/activity';
import { loginFailuresRepository, type LoginFailure } from '../repositories/login-failures';
import { peopleRepository } from '../repositories/people';
import { sessionsRepository, type ActiveSession } from '../repositories/sessions';
import { twoFactorRepository } from '../repositories/two-factor';
import { usersRepository, type User } from '../repositories/users';
import { recordActivity } from './activity';

export interface SignedInSession {
  token: string;
  user: User;
  rights: Right[];
  /** The interface language kept in My account (null: none chosen). */
  language: 'en' | 'de' | null;
  expiresAt: Date;
  /** A role requires two-factor and the user has none: the session may only enrol. */
  enrolSecondFactor: boolean;
}

/** The password step of a user with two-factor on: no session yet, a challenge for the code step. */
export interface PasswordAccepted {
  userId: number;
  secondFactor: true;
  /** The factors the user may answer with (TOTP first when on). */
  methods: Array<'totp' | 'passkey'>;
}

export interface LoginAttempt {
  username: string;
  password: string;
  remember: boolean;
  ip: string;
  userAgent: string | null;
}

/**
 * Sign-in, session lookup and sign-out. Tokens are 32 random bytes; only their SHA-256 is stored.
 * Sessions slide: each use pushes the expiry forward by the full lifetime, written at most once per
 * `sessionRenewIntervalSeconds` so reads don't turn into writes.
 *
 * Failed sign-ins are counted in the database (table login_failures), not in memory: the counts then
 * hold across restarts and across several API processes sharing one database. Two limits, both per
 * window of `loginFailureWindowMinutes`:
 * - per client address + the name's hash: `loginMaxFailures` refuse that name from that address only,
 *   so someone guessing a colleague's password elsewhere cannot lock the colleague out;
 * - per client address, any name: `loginAddressMaxFailures` refuse every sign-in from that address
 *   (a password spray). Correct sign-ins never count, so a newsroom behind one address is not limited.
 * The client address is the one TRUST_PROXY allows (Fastify's trustProxy: the forwarded address of a
 * trusted proxy, else the socket's). An attempt is recorded before the password is checked (removed
 * again on success or refusal), so parallel attempts cannot get more than `loginMaxFailures` password
 * checks per name and window.
 *
 * Session cache: looking the session up costs a query on every signed-in request, which capped the
 * API at a fraction of what it serves otherwise. So a resolved session is kept in this process for
 * `sessionCacheSeconds` (never past its expiry), keyed by the token's hash. Sign-out and
 * `evictUser` (password change, disabling, rights change) drop entries at once in this process.
 * On PostgreSQL, changes made elsewhere (another API process, SQL by hand) arrive as NOTIFY
 * session_revoked (migration 0020's triggers: `session:<id>`, `user:<id>` or `all`) on a LISTEN
 * connection (`listen()`), and evict at once; while that connection is down nothing is served from
 * the cache. PGlite is one process: the in-process eviction is all there is. 0 turns the cache off.
 */
/** The second factors a user has, TOTP first (what the code step asks for unless they choose a passkey). */
function secondFactorMethods(factor: { secret: string | null; passkeys: number }): Array<'totp' | 'passkey'> {
  return [...(factor.secret ? (['totp'] as const) : []), ...(factor.passkeys > 0 ? (['passkey'] as const) : [])];
}

/** A password step of this user needs a second step (the user has a second factor): its pending state, else undefined. */
export function secondStepOf(
  userId: number,
  factor: { secret: string | null; passkeys: number } | undefined,
): PasswordAccepted | undefined {
  return factor && (factor.secret || factor.passkeys > 0)
    ? { userId, secondFactor: true, methods: secondFactorMethods(factor) }
    : undefined;
}

/** The channel of migration 0020's triggers. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';
const RELISTEN_MS = 1_000;

export class AuthService {
  private readonly cache: LRUCache<string, ActiveSession> | undefined;
  /** PostgreSQL: the cache is trusted only while this process hears other processes' revocations. */
  private listener: { url: string; client: Client | undefined; listening: boolean; closed: boolean; retry?: NodeJS.Timeout } | undefined;

  constructor(
    private readonly db: DbRoot,
    private readonly config: AppConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    const ttlMs = config.sessionCacheSeconds * 1000;
    this.cache =
      ttlMs > 0
        ? new LRUCache<string, ActiveSession>({
            max: config.sessionCacheMax,
            ttl: ttlMs,
            // Our clock (tests move it), not performance.now(), read on every lookup (no 1 ms reuse).
            perf: { now: () => this.now().getTime() },
            ttlResolution: 0,
          })
        : undefined;
  }

  /** A new password's stored hash, at the configured cost (PASSWORD_HASH_COST). */
  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.config.passwordHashCost);
  }

  /** Starts hearing revocations made by other processes (PostgreSQL); until then the cache is not served. */
  async listen(databaseUrl: string, onError: (error: Error) => void = () => undefined): Promise<void> {
    if (!this.cache) return;
    this.listener ??= { url: databaseUrl, client: undefined, listening: false, closed: false };
    const listener = this.listener;
    if (listener.closed) return;
    const client = new Client({ connectionString: databaseUrl });
    listener.client = client;
    const lost = (error?: Error) => {
      if (listener.client !== client) return;
      listener.client = undefined;
      listener.listening = false;
      this.cache?.clear();
      if (error) onError(error);
      client.end().catch(() => undefined);
      if (!listener.closed) listener.retry = setTimeout(() => void this.listen(databaseUrl, onError), RELISTEN_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === SESSION_REVOKED_CHANNEL) this.evictByNotice(message.payload ?? 'all');
    });
    try {
      await client.connect();
      await client.query(`listen ${SESSION_REVOKED_CHANNEL}`);
      // Revocations before LISTEN took effect were not heard: start from an empty cache.
      this.cache.clear();
      if (listener.client === client) listener.listening = true;
    } catch (error) {
      lost(error as Error);
    }
  }

  /** Stops listening (the app closes). */
  async stopListening(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    listener.closed = true;
    listener.listening = false;
    if (listener.retry) clearTimeout(listener.retry);
    const client = listener.client;
    listener.client = undefined;
    if (client) await client.end().catch(() => undefined);
  }

  /** Whether cached sessions may be served now (cache on and, on PostgreSQL, revocations heard). */
  private get cacheServes(): boolean {
    return this.cache !== undefined && (this.listener === undefined || this.listener.listening);
  }

  private evictByNotice(payload: string): void {
    const [kind, rawId] = payload.split(':');
    const id = Number(rawId);
    if (kind === 'session') this.evictSession(id);
    else if (kind === 'user') this.evictUser(id);
    else this.cache?.clear();
  }

  private evictSession(sessionId: number): void {
    if (!this.cache) return;
    for (const [key, session] of this.cache.entries()) {
      if (session.id === sessionId) this.cache.delete(key);
    }
  }

  lifetimeMs(remember: boolean): number {
    return remember ? this.config.sessionRememberDays * 86_400_000 : this.config.sessionTtlHours * 3_600_000;
  }

  async login(attempt: LoginAttempt): Promise<SignedInSession | PasswordAccepted> {
    const now = this.now();
    const username = attempt.username.trim();
    // The throttle's key: the name's hash, so what was typed (often a password) is never stored.
    const key = hashToken(username.toLowerCase());
    const windowMs = this.config.loginFailureWindowMinutes * 60_000;
    const windowStart = new Date(now.getTime() - windowMs);
    const max = this.config.loginMaxFailures;

    // Record the attempt first and count the others, so parallel attempts can't slip past the limit
    // (a locked caller's record is removed again at once). The account is looked up meanwhile.
    const addressMax = this.config.loginAddressMaxFailures;
    const [{ attemptId, others }, fromAddress, credentials] = await Promise.all([
      this.recordAttempt(attempt.ip, key, now, windowStart),
      loginFailuresRepository.sinceFromAddress(this.db, attempt.ip, windowStart, addressMax),
      usersRepository.findCredentials(this.db, username),
    ]);
    // This name from this address (a colleague elsewhere is not affected), or this address with any name.
    const [refusal, failures, limit] =
      others.length >= max
        ? (['too_many_attempts', others, max] as const)
        : fromAddress.length >= addressMax
          ? (['address_blocked', fromAddress, addressMax] as const)
          : [undefined, [], 0];
    if (refusal) {
      await Promise.all([
        loginFailuresRepository.delete(this.db, attemptId),
        this.recordRefusal(username, credentials?.id ?? null, refusal, attempt.ip, now),
      ]);
      throw this.tooManyAttempts(failures, now, windowMs, limit);
    }

    // The profile and rights are read while the password is checked (scrypt runs off the main thread).
    const [valid, user] = await Promise.all([
      credentials?.passwordHash
        ? verifyPassword(attempt.password, credentials.passwordHash)
        : verifyAgainstDummy(attempt.password, this.config.passwordHashCost),
      credentials ? usersRepository.findById(this.db, credentials.id) : undefined,
    ]);
    if (!valid || !credentials) {
      // The recorded attempt stays: it is a failure now, of this name and of this address.
      await Promise.all([
        loginFailuresRepository.settle(this.db, attemptId),
        loginFailuresRepository.prune(this.db, windowStart),
        this.recordRefusal(username, credentials?.id ?? null, 'invalid_credentials', attempt.ip, now),
      ]);
      throw httpError(401, 'invalid_credentials');
    }
    if (!user) throw new Error('The user vanished while signing in');
    const factor = await twoFactorRepository.state(this.db, credentials.id);

    // Independent writes: none waits for another.
    const [, , session] = await Promise.all([
      loginFailuresRepository.clear(this.db, attempt.ip, key),
      sessionsRepository.deleteExpired(this.db, now),
      // Two-factor on: the code step makes the session. A role requiring it of a user without it: a session that may only enrol.
      secondStepOf(user.id, factor) ??
        this.db
          .transaction()
          .execute((trx) => this.startSession(trx, user, { ...attempt, enrolSecondFactor: factor?.required ?? false }, now)),
      // A hash made with older parameters is replaced now that the password is known.
      credentials.passwordHash && needsRehash(credentials.passwordHash, this.config.passwordHashCost)
        ? this.hashPassword(attempt.password).then((hash) => peopleRepository.setPassword(this.db, credentials.id, hash))
        : undefined,
    ]);
    return session;
  }

  /**
   * A new session for `user` and its sign-in entry in the activity log, in `trx` (both or neither):
   * a sign-in, or a password chosen through an invitation or reset link.
   */
  async startSession(
    trx: DbRoot,
    user: User & { rights: Right[]; language?: 'en' | 'de' | null },
    meta: { remember: boolean; ip: string; userAgent: string | null; enrolSecondFactor?: boolean },
    now: Date = this.now(),
    details: Record<string, unknown> = {},
  ): Promise<SignedInSession> {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeMs(meta.remember));
    await sessionsRepository.create(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      remember: meta.remember,
      expiresAt,
      now,
      ip: meta.ip,
      userAgent: meta.userAgent ? meta.userAgent.slice(0, 500) : null,
      enrolSecondFactor: meta.enrolSecondFactor ?? false,
    });
    await recordActivity(trx, {
      actorId: user.id,
      entity: 'user',
      entityId: user.id,
      action: 'sign_in',
      changes: {},
      details: { remember: meta.remember, ip: meta.ip, ...details },
      at: now,
    });
    const { rights, language = null, ...profile } = user;
    return { token, user: profile, rights, language, expiresAt, enrolSecondFactor: meta.enrolSecondFactor ?? false };
  }

  /** The clock of this service (tests move it). */
  clock(): Date {
    return this.now();
  }

  /**
   * A refused sign-in in the activity log: the account's id and name when the name is a user's, else
   * neither (what was typed is often a password); never the password. Refusals are kept
   * `refusedSignInRetentionDays`: older ones go as a new one is recorded.
   */
  private async recordRefusal(username: string, userId: number | null, reason: string, ip: string, now: Date): Promise<void> {
    const before = new Date(now.getTime() - this.config.refusedSignInRetentionDays * 86_400_000);
    await Promise.all([
      recordActivity(this.db, {
        actorId: null,
        entity: 'user',
        entityId: userId,
        action: 'sign_in_refused',
        changes: {},
        details: { ...(userId !== null ? { username: username.slice(0, 200) } : {}), reason, ip },
        at: now,
      }),
      activityRepository.pruneRefusedSignIns(this.db, before),
    ]);
  }

  /** Records a sign-in attempt; answers its id and the other attempts in the window, oldest first. */
  private async recordAttempt(
    ip: string,
    key: string,
    now: Date,
    windowStart: Date,
  ): Promise<{ attemptId: number; others: LoginFailure[] }> {
    const attemptId = await loginFailuresRepository.record(this.db, ip, key, now);
    const all = await loginFailuresRepository.since(this.db, ip, key, windowStart);
    return { attemptId, others: all.filter((failure) => failure.id !== attemptId) };
  }

  /** 429, saying when signing in is possible again (once enough failures have left the window). */
  private tooManyAttempts(failures: readonly LoginFailure[], now: Date, windowMs: number, max: number): HttpError {
    const unlockAt = (failures[failures.length - max] as LoginFailure).failedAt.getTime() + windowMs;
    const seconds = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return httpError(
      429,
      minutes === 1 ? 'too_many_sign_in_attempts_minute' : 'too_many_sign_in_attempts',
      { minutes },
      {
        headers: { 'retry-after': String(seconds) },
      },
    );
  }

  /** The live session for a token (renewing it when due), or undefined when unknown or expired. */
  async resolve(token: string): Promise<ActiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const now = this.now();
    const tokenHash = hashToken(token);
    const cached = this.cacheServes ? this.cache?.get(tokenHash) : undefined;
    if (cached) {
      if (cached.expiresAt.getTime() > now.getTime()) return cached;
      this.cache?.delete(tokenHash);
      return undefined;
    }
    let session = await sessionsRepository.findActive(this.db, tokenHash, now);
    if (!session) return undefined;
    if (now.getTime() - session.renewedAt.getTime() >= this.config.sessionRenewIntervalSeconds * 1000) {
      const expiresAt = new Date(now.getTime() + this.lifetimeMs(session.remember));
      await sessionsRepository.renew(this.db, session.id, expiresAt, now);
      session = { ...session, expiresAt, renewedAt: now };
    }
    if (this.cache && this.cacheServes) {
      // Never keep it past its expiry (the TTL runs from now).
      const ttl = Math.min(this.config.sessionCacheSeconds * 1000, session.expiresAt.getTime() - now.getTime());
      if (ttl > 0) this.cache.set(tokenHash, session, { ttl });
    }
    return session;
  }

  /**
   * The session for a token as the database has it now, never from the cache (a revocation notice
   * may reach a caller before it reaches this cache's own LISTEN connection).
   */
  async refresh(token: string): Promise<ActiveSession | undefined> {
    if (token) this.cache?.delete(hashToken(token));
    return this.resolve(token);
  }

  /** Forgets the cached sessions of a user (password change, disabled, other roles), in this process. */
  evictUser(userId: number): void {
    if (!this.cache) return;
    for (const [key, session] of this.cache.entries()) {
      if (session.user.id === userId) this.cache.delete(key);
    }
  }

  /** Forgets every cached session in this process (a role's rights or scope changed: many users at once). */
  evictAll(): void {
    this.cache?.clear();
  }

  /** How many sessions the cache holds now (for tests and diagnostics). */
  cachedSessions(): number {
    return this.cache?.size ?? 0;
  }

  /** Ends the session of `userId` (recorded in the activity log with the deletion). */
  async logout(sessionId: number, userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sessionsRepository.delete(trx, sessionId);
      await recordActivity(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'sign_out', changes: {}, at: this.now() });
    });
    this.evictSession(sessionId);
  }
}
