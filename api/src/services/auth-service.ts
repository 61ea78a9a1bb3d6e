import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database, Right } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';
import { loginFailuresRepository, type LoginFailure } from '../repositories/login-failures';
import { sessionsRepository, type ActiveSession } from '../repositories/sessions';
import { usersRepository, type User } from '../repositories/users';

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

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Sign-in, session lookup and sign-out. Tokens are 32 random bytes; only their SHA-256 is stored.
 * Sessions slide: each use pushes the expiry forward by the full lifetime, written at most once per
 * `sessionRenewIntervalSeconds` so reads don't turn into writes.
 *
 * Failed sign-ins are counted per IP + username in the database (table login_failures), not in memory:
 * the count then holds across restarts and across several API processes sharing one database.
 * An attempt is recorded before the password is checked (and removed again on success or refusal),
 * so parallel attempts cannot get more than `loginMaxFailures` password checks per window.
 */
export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  lifetimeMs(remember: boolean): number {
    return remember ? this.config.sessionRememberDays * 86_400_000 : this.config.sessionTtlHours * 3_600_000;
  }

  async login(attempt: LoginAttempt): Promise<SignedInSession> {
    const now = this.now();
    const username = attempt.username.trim();
    const key = username.toLowerCase();
    const windowMs = this.config.loginFailureWindowMinutes * 60_000;
    const windowStart = new Date(now.getTime() - windowMs);
    const max = this.config.loginMaxFailures;

    // Locked already: answer without recording or checking anything.
    const earlier = await loginFailuresRepository.since(this.db, attempt.ip, key, windowStart);
    if (earlier.length >= max) throw this.tooManyAttempts(earlier, now, windowMs, max);
    // Record the attempt first and count again, so parallel attempts can't slip past the limit.
    const attemptId = await loginFailuresRepository.record(this.db, attempt.ip, key, now);
    const others = (await loginFailuresRepository.since(this.db, attempt.ip, key, windowStart)).filter(
      (failure) => failure.id !== attemptId,
    );
    if (others.length >= max) {
      await loginFailuresRepository.delete(this.db, attemptId);
      throw this.tooManyAttempts(others, now, windowMs, max);
    }

    const credentials = await usersRepository.findCredentials(this.db, username);
    const valid = credentials?.passwordHash
      ? await verifyPassword(attempt.password, credentials.passwordHash)
      : await verifyAgainstDummy(attempt.password);
    if (!valid || !credentials) {
      // The recorded attempt stays: it is a failure now.
      await loginFailuresRepository.prune(this.db, windowStart);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }

    await loginFailuresRepository.clear(this.db, attempt.ip, key);
    await sessionsRepository.deleteExpired(this.db, now);
    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeMs(attempt.remember));
    await sessionsRepository.create(this.db, {
      tokenHash: hashToken(token),
      userId: credentials.id,
      remember: attempt.remember,
      expiresAt,
      now,
      ip: attempt.ip,
      userAgent: attempt.userAgent ? attempt.userAgent.slice(0, 500) : null,
    });
    const user = await usersRepository.findById(this.db, credentials.id);
    if (!user) throw new Error('The user vanished while signing in');
    const { rights, ...profile } = user;
    return { token, user: profile, rights, expiresAt };
  }

  /** 429, saying when signing in is possible again (once enough failures have left the window). */
  private tooManyAttempts(failures: LoginFailure[], now: Date, windowMs: number, max: number): HttpError {
    const unlockAt = (failures[failures.length - max] as LoginFailure).failedAt.getTime() + windowMs;
    const seconds = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new HttpError(
      429,
      `Too many failed sign-in attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { 'retry-after': String(seconds) },
    );
  }

  /** The live session for a token (renewing it when due), or undefined when unknown or expired. */
  async resolve(token: string): Promise<ActiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const now = this.now();
    const session = await sessionsRepository.findActive(this.db, hashToken(token), now);
    if (!session) return undefined;
    if (now.getTime() - session.renewedAt.getTime() >= this.config.sessionRenewIntervalSeconds * 1000) {
      const expiresAt = new Date(now.getTime() + this.lifetimeMs(session.remember));
      await sessionsRepository.renew(this.db, session.id, expiresAt, now);
      return { ...session, expiresAt, renewedAt: now };
    }
    return session;
  }

  async logout(sessionId: number): Promise<void> {
    await sessionsRepository.delete(this.db, sessionId);
  }
}
