import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { Client } from 'pg';
import type { AppConfig } from '../config';
import type { Database, Right } from '../db/schema';
import { httpError, type HttpError } from '../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';
import { activityRepository } from '../repositories/activity';
import { loginFailuresRepository, type LoginFailure } from '../repositories/login-failures';
import { sessionsRepository, type ActiveSession } from '../repositories/sessions';
import { usersRepository, type User } from '../repositories/users';
import { recordActivity } from './activity';

export interface SignedInSession {
  token: string;
  user: User;
  rights: Right[];
  expiresAt: Date;
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
 * Failed sign-ins are counted per IP + the name's hash in the database (table login_failures), not in memory:
 * the count then holds across restarts and across several API processes sharing one database.
 * An attempt is recorded before the password is checked (and removed again on success or refusal),
 * so parallel attempts cannot get more than `loginMaxFailures` password checks per window.
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
/** The channel of migration 0020's triggers. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';
const RELISTEN_MS = 1_000;

export class AuthService {
  private readonly cache: LRUCache<string, ActiveSession> | undefined;
  /** PostgreSQL: the cache is trusted only while this process hears other processes' revocations. */
  private listener: { url: string; client: Client | undefined; listening: boolean; closed: boolean; retry?: NodeJS.Timeout } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
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

  async login(attempt: LoginAttempt): Promise<SignedInSession> {
    const now = this.now();
    const username = attempt.username.trim();
    // The throttle's key: the name's hash, so what was typed (often a password) is never stored.
    const key = hashToken(username.toLowerCase());
    const windowMs = this.config.loginFailureWindowMinutes * 60_000;
    const windowStart = new Date(now.getTime() - windowMs);
    const max = this.config.loginMaxFailures;

    // Record the attempt first and count the others, so parallel attempts can't slip past the limit
    // (a locked caller's record is removed again at once). The account is looked up meanwhile.
    const [{ attemptId, others }, credentials] = await Promise.all([
      this.recordAttempt(attempt.ip, key, now, windowStart),
      usersRepository.findCredentials(this.db, username),
    ]);
    if (others.length >= max) {
      await Promise.all([
        loginFailuresRepository.delete(this.db, attemptId),
        this.recordRefusal(username, credentials?.id ?? null, 'too_many_attempts', attempt.ip, now),
      ]);
      throw this.tooManyAttempts(others, now, windowMs, max);
    }

    // The profile and rights are read while the password is checked (scrypt runs off the main thread).
    const [valid, user] = await Promise.all([
      credentials?.passwordHash ? verifyPassword(attempt.password, credentials.passwordHash) : verifyAgainstDummy(attempt.password),
      credentials ? usersRepository.findById(this.db, credentials.id) : undefined,
    ]);
    if (!valid || !credentials) {
      // The recorded attempt stays: it is a failure now.
      await Promise.all([
        loginFailuresRepository.prune(this.db, windowStart),
        this.recordRefusal(username, credentials?.id ?? null, 'invalid_credentials', attempt.ip, now),
      ]);
      throw httpError(401, 'invalid_credentials');
    }
    if (!user) throw new Error('The user vanished while signing in');

    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeMs(attempt.remember));
    // Independent writes: none waits for another.
    await Promise.all([
      loginFailuresRepository.clear(this.db, attempt.ip, key),
      sessionsRepository.deleteExpired(this.db, now),
      // The session and its activity entry: both or neither.
      this.db.transaction().execute(async (trx) => {
        await sessionsRepository.create(trx, {
          tokenHash: hashToken(token),
          userId: credentials.id,
          remember: attempt.remember,
          expiresAt,
          now,
          ip: attempt.ip,
          userAgent: attempt.userAgent ? attempt.userAgent.slice(0, 500) : null,
        });
        await recordActivity(trx, {
          actorId: credentials.id,
          entity: 'user',
          entityId: credentials.id,
          action: 'sign_in',
          changes: {},
          details: { remember: attempt.remember, ip: attempt.ip },
          at: now,
        });
      }),
    ]);
    const { rights, ...profile } = user;
    return { token, user: profile, rights, expiresAt };
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
  private tooManyAttempts(failures: LoginFailure[], now: Date, windowMs: number, max: number): HttpError {
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
