/**
 * Two-factor sign-in by TOTP, with 10 single-use recovery codes.
 *
 * - Enrolment: a new secret is shown (QR code + text) and kept pending; a code from the app confirms
 *   it, and the 10 recovery codes are answered once (only their hashes are stored).
 * - Sign-in with two-factor on: the password step answers a challenge (random, stored hashed,
 *   single-use, CHALLENGE_MINUTES); the session is made only by the code step.
 * - Wrong codes are counted per user in the database (second_factor_failures), so the limit holds
 *   across API processes: loginMaxFailures per loginFailureWindowMinutes, like the sign-in limit.
 *   An attempt is recorded before the code is checked, so parallel guesses count too.
 * - A TOTP code works once (the step of the last one accepted is kept).
 * - The secret is stored sealed (AES-256-GCM, lib/secret-box.ts), opened only to check a code.
 * - Every enrolment, removal and refused code is an identity event in the activity log; no secret,
 *   code or recovery code ever is.
 */
import type { DbRoot } from '../db/schema';
import type { AppConfig } from '../config';
import { HttpError, httpError } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { open, seal, totpBinding, totpSecretKey } from '../lib/secret-box';
import { hashToken, newToken } from '../lib/tokens';
import { acceptedStep, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment } from '../lib/totp';
import { peopleRepository as people } from '../repositories/people';
import { twoFactorRepository as twoFactor } from '../repositories/two-factor';
import { usersRepository } from '../repositories/users';
import { recordActivity } from './activity';
import type { SecondFactorChallenge } from 'contracts/schemas/session';
import type { AuthService, PasswordAccepted, SignedInSession } from './auth-service';

/** How long a password step waits for its code. */
export const CHALLENGE_MINUTES = 5;

/** A challenge handed out by a password step, for its second step. */
export interface IssuedChallenge {
  challenge: string;
  expiresAt: Date;
}

export class TwoFactorService {
  constructor(
    private readonly db: DbRoot,
    private readonly config: AppConfig,
    private readonly auth: AuthService,
  ) {
    this.windowMs = this.config.loginFailureWindowMinutes * 60_000;
  }

  private readonly windowMs: number;
  private key: Buffer | undefined;
  private readonly totpKey = (): Buffer => (this.key ??= totpSecretKey(this.config.secretKey, this.config.dataDir));
  private readonly sealed = (userId: number, secret: string): string => seal(this.totpKey(), secret, totpBinding(userId));
  private readonly opened = (userId: number, stored: string): string => open(this.totpKey(), stored, totpBinding(userId));

  /**
   * Runs `work` (which checks a code of `userId` in its own transaction) under the per-user limit of
   * wrong codes: 429 once the user has too many in the window. The attempt is recorded before the
   * check, outside the transaction, so its count holds when the transaction rolls back.
   */
  async limited<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const now = this.auth.clock();
    const windowStart = new Date(now.getTime() - this.windowMs);
    const attemptId = await twoFactor.recordAttempt(this.db, userId, now);
    const others = (await twoFactor.attemptsSince(this.db, userId, windowStart)).filter((attempt) => attempt.id !== attemptId);
    if (others.length >= this.config.loginMaxFailures) {
      await twoFactor.deleteAttempt(this.db, attemptId);
      const unlockAt = (others[others.length - this.config.loginMaxFailures] as { failedAt: Date }).failedAt.getTime() + this.windowMs;
      const seconds = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
      throw httpError(
        429,
        'too_many_second_factor_attempts',
        { minutes: Math.ceil(seconds / 60) },
        { headers: { 'retry-after': String(seconds) } },
      );
    }
    try {
      const result = await work();
      await twoFactor.clearAttempts(this.db, userId, windowStart);
      return result;
    } catch (error) {
      // A wrong code or a wrong password proving the person counts; anything else was not a guess.
      if (error instanceof HttpError && error.code === 'second_factor_code_wrong') {
        await Promise.all([
          twoFactor.settleAttempt(this.db, attemptId),
          recordActivity(this.db, {
            actorId: userId,
            entity: 'user',
            entityId: userId,
            action: 'two_factor_refused',
            changes: {},
            at: now,
          }),
        ]);
      } else if (error instanceof HttpError && error.code === 'password_current_wrong') {
        await twoFactor.settleAttempt(this.db, attemptId);
      } else {
        await twoFactor.deleteAttempt(this.db, attemptId);
      }
      throw error;
    }
  }

  /** Which kind of code of the user `code` is against the stored (sealed) `secret` (TOTP, or an unused recovery code when `recovery`), used up in `trx`; else 400. */
  private async matchCode(
    trx: DbRoot,
    userId: number,
    secret: string,
    code: string,
    options: { recovery: boolean; lastStep: number | null },
  ): Promise<'totp' | 'recovery'> {
    const now = this.auth.clock();
    const step = acceptedStep(this.opened(userId, secret), code, now, options.lastStep);
    if (step !== null) {
      await twoFactor.setLastStep(trx, userId, step);
      return 'totp';
    }
    if (options.recovery && isRecoveryCodeShape(code) && (await twoFactor.useRecoveryCode(trx, userId, recoveryCodeHash(code), now))) {
      return 'recovery';
    }
    throw httpError(400, 'second_factor_code_wrong', undefined, { field: 'code' });
  }

  /** The person proven by a current code (or an unused recovery code, used up) or the password; else 400. */
  private async proveByCodeOrPassword(
    trx: DbRoot,
    userId: number,
    state: { secret: string | null; lastStep: number | null },
    proof: { code?: string; password?: string },
  ): Promise<void> {
    if (proof.code && state.secret) {
      await this.matchCode(trx, userId, state.secret, proof.code, { recovery: true, lastStep: state.lastStep });
      return;
    }
    const stored = await people.passwordHashOf(trx, userId);
    if (!proof.password || !stored || !(await verifyPassword(proof.password, stored))) {
      throw httpError(400, 'password_current_wrong', undefined, { field: 'password' });
    }
  }

  private async stateOr401(trx: DbRoot, userId: number, lock = false) {
    const state = await twoFactor.state(trx, userId, { lock });
    if (!state) throw httpError(401, 'unauthorized');
    return state;
  }

  /** Proves the person by a current TOTP code (or an unused recovery code), used up in `trx`; 400 when wrong or TOTP is off. Run it under `limited`. */
  async proveByCode(trx: DbRoot, userId: number, code: string): Promise<void> {
    const state = await this.stateOr401(trx, userId, true);
    if (!state.secret) throw httpError(400, 'second_factor_code_wrong', undefined, { field: 'code' });
    await this.matchCode(trx, userId, state.secret, code, { recovery: true, lastStep: state.lastStep });
  }

  /** A new secret to enrol (replacing one shown before and not confirmed): its QR code and text. */
  async setup(userId: number): Promise<{ secret: string; uri: string; qr: string }> {
    const state = await this.stateOr401(this.db, userId);
    if (state.secret) throw httpError(409, 'two_factor_already_on');
    const account = await usersRepository.findById(this.db, userId);
    const secret = newTotpSecret();
    await twoFactor.setPending(this.db, userId, this.sealed(userId, secret));
    const { uri, qr } = await totpEnrolment(secret, account?.username ?? String(userId));
    return { secret, uri, qr };
  }

  /** A code from the app confirms the pending secret: two-factor is on; the recovery codes are answered once. */
  async confirm(userId: number, code: string): Promise<{ recovery_codes: string[] }> {
    const codes = newRecoveryCodes();
    await this.limited(userId, () =>
      this.db.transaction().execute(async (trx) => {
        const state = await this.stateOr401(trx, userId, true);
        if (state.secret) throw httpError(409, 'two_factor_already_on');
        if (!state.pending) throw httpError(409, 'two_factor_not_set_up');
        await this.matchCode(trx, userId, state.pending, code, { recovery: false, lastStep: null });
        const step = (await twoFactor.state(trx, userId))?.lastStep ?? 0;
        await twoFactor.enable(trx, userId, state.pending, step, codes.map(recoveryCodeHash));
        await recordActivity(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'two_factor_enrol', changes: {} });
      }),
    );
    this.auth.evictUser(userId);
    return { recovery_codes: codes };
  }

  /** Two-factor off, proven by a current code (or a recovery code) or the password; refused while a role requires it. */
  async remove(userId: number, proof: { code?: string; password?: string }): Promise<void> {
    const work = () =>
      this.db.transaction().execute(async (trx) => {
        const state = await this.stateOr401(trx, userId, true);
        if (!state.secret) throw httpError(409, 'two_factor_not_on');
        // A passkey satisfies a role that requires two-factor.
        if (state.required && state.passkeys === 0) throw httpError(409, 'two_factor_required_by_role');
        await this.proveByCodeOrPassword(trx, userId, state, proof);
        await twoFactor.disable(trx, userId);
        await recordActivity(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'two_factor_remove', changes: {} });
      });
    // A password is limited like a code here: both prove the person.
    await this.limited(userId, work);
    this.auth.evictUser(userId);
  }

  /**
   * 10 new recovery codes, answered this once, proven by a current code (or a recovery code) or the
   * password; every earlier code stops working. 409 while TOTP is off.
   */
  async renewRecoveryCodes(userId: number, proof: { code?: string; password?: string }): Promise<{ recovery_codes: string[] }> {
    const codes = newRecoveryCodes();
    await this.limited(userId, () =>
      this.db.transaction().execute(async (trx) => {
        const state = await this.stateOr401(trx, userId, true);
        if (!state.secret) throw httpError(409, 'two_factor_not_on');
        await this.proveByCodeOrPassword(trx, userId, state, proof);
        await twoFactor.replaceRecoveryCodes(trx, userId, codes.map(recoveryCodeHash));
        await recordActivity(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'recovery_codes_renew', changes: {} });
      }),
    );
    return { recovery_codes: codes };
  }

  /** The password step of a user with two-factor on: a challenge for the code step (no session yet). */
  async challenge(
    userId: number,
    meta: { remember: boolean; ip: string; userAgent: string | null; ssoIssuer?: string },
  ): Promise<IssuedChallenge> {
    const token = newToken();
    const expiresAt = new Date(this.auth.clock().getTime() + CHALLENGE_MINUTES * 60_000);
    await twoFactor.createChallenge(this.db, {
      tokenHash: hashToken(token),
      userId,
      remember: meta.remember,
      ip: meta.ip,
      userAgent: meta.userAgent ? meta.userAgent.slice(0, 500) : null,
      expiresAt,
      ssoIssuer: meta.ssoIssuer,
    });
    return { challenge: token, expiresAt };
  }

  /**
   * The answer to a password step that needs a second factor (a sign-in, or a password chosen through
   * a link): a challenge for the factors the user has, no session.
   */
  async challengeAnswer(
    accepted: PasswordAccepted,
    meta: { remember: boolean; ip: string; userAgent: string | null; ssoIssuer?: string },
  ): Promise<SecondFactorChallenge> {
    const { challenge, expiresAt } = await this.challenge(accepted.userId, meta);
    const [first = 'totp'] = accepted.methods;
    return { second_factor: first, methods: accepted.methods, challenge, expires: expiresAt.toISOString() };
  }

  /** The code step: a TOTP or recovery code for the challenge's user makes the session (the challenge is used up). */
  async completeChallenge(token: string, code: string, meta: { ip: string; userAgent: string | null }): Promise<SignedInSession> {
    const now = this.auth.clock();
    const found = await twoFactor.findChallenge(this.db, hashToken(token), now);
    if (!found) throw httpError(400, 'sign_in_challenge_invalid', undefined, { field: 'challenge' });
    return this.limited(found.user_id, () =>
      this.db.transaction().execute(async (trx) => {
        const state = await this.stateOr401(trx, found.user_id, true);
        const user = await usersRepository.findById(trx, found.user_id);
        if (!state.secret || !user || !(await people.isEnabled(trx, found.user_id))) {
          throw httpError(400, 'sign_in_challenge_invalid', undefined, { field: 'challenge' });
        }
        const matched = await this.matchCode(trx, found.user_id, state.secret, code, { recovery: true, lastStep: state.lastStep });
        await twoFactor.deleteChallenge(trx, found.id, now);
        const session = await this.auth.startSession(trx, user, { remember: found.remember, ip: meta.ip, userAgent: meta.userAgent }, now, {
          second_factor: matched,
          ...(found.sso_issuer ? { via: 'sso', issuer: found.sso_issuer } : {}),
        });
        return session;
      }),
    );
  }
}
