/**
 * Passkeys (WebAuthn, by @simplewebauthn/server): added in My account, used to sign in without a
 * password (a discoverable credential: the authenticator names the account) or as the second factor
 * after the password. A passkey counts as two-factor: a role that requires it is satisfied.
 *
 * - Every challenge handed to a browser is stored in the database (webauthn_challenges), so the answer
 *   may reach another API process; it is taken (deleted) by the first answer, right or wrong, and
 *   refused after CHALLENGE_MINUTES.
 * - The relying party is the public origin (PUBLIC_URL) and its host name (lib/webauthn.ts).
 * - Signature counters: an answer whose counter does not grow past the stored one (when either is
 *   non-zero) is refused, as a cloned authenticator would give; the passkey row is locked meanwhile.
 * - Password-less sign-in needs user verification (PIN or biometrics on the device): the passkey then
 *   is two factors itself.
 * - Added, removed and used-for-sign-in are in the activity log (the passkey's id and name; never a key).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AddPasskeyBody, Passkey, PasskeyAuthenticationResponse, PasskeyOptions, RemovePasskeyBody } from 'contracts/schemas/passkeys';
import type { AppConfig } from '../config';
import type { DbRoot } from '../db/schema';
import { httpError } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { hashToken } from '../lib/tokens';
import { challengeOf, newUserHandle, relyingParty } from '../lib/webauthn';
import { passkeysRepository as passkeys, type ChallengePurpose, type StoredPasskey } from '../repositories/passkeys';
import { peopleRepository as people } from '../repositories/people';
import { twoFactorRepository } from '../repositories/two-factor';
import { usersRepository } from '../repositories/users';
import { recordActivity } from './activity';
import type { AuthService, SignedInSession } from './auth-service';
import type { TwoFactorService } from './two-factor';

/** How long a browser has to answer a passkey challenge. */
export const CHALLENGE_MINUTES = 5;

interface SignInMeta {
  ip: string;
  userAgent: string | null;
}

function toPasskey(stored: StoredPasskey): Passkey {
  return {
    id: stored.id,
    name: stored.name,
    created: stored.createdAt.toISOString(),
    last_used: stored.lastUsedAt ? stored.lastUsedAt.toISOString() : null,
  };
}

const CHALLENGE_MS = CHALLENGE_MINUTES * 60_000;

/** What every step needs: the database, sessions and clock, the TOTP service (removal by a code), the relying party. */
interface PasskeyContext {
  db: DbRoot;
  auth: AuthService;
  twoFactor: TwoFactorService;
  rp: ReturnType<typeof relyingParty>;
}

async function storeChallenge(
  ctx: PasskeyContext,
  options: { challenge: string },
  purpose: ChallengePurpose,
  userId: number | null,
  signInChallengeId: number | null = null,
): Promise<PasskeyOptions> {
  const now = ctx.auth.clock();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await passkeys.createChallenge(ctx.db, { challenge: options.challenge, purpose, userId, signInChallengeId, expiresAt, now });
  return { options, expires: expiresAt.toISOString() };
}

/** Takes the challenge the answer signed (single use); 400 when unknown, used, expired or of another purpose. */
async function takeChallenge(ctx: PasskeyContext, clientDataJSON: string, purpose: ChallengePurpose) {
  const challenge = challengeOf(clientDataJSON);
  const taken = challenge ? await passkeys.takeChallenge(ctx.db, challenge, purpose, ctx.auth.clock()) : undefined;
  if (!challenge || !taken) throw httpError(400, 'passkey_challenge_invalid', undefined, { field: 'response' });
  return { challenge, userId: taken.user_id, signInChallengeId: taken.sign_in_challenge_id };
}

/**
 * Checks an assertion by the stored passkey (row locked in `trx`) and records its new counter; 400
 * when unknown, of another user (`userId`), or when the signature or counter is wrong.
 */
async function verifyAssertion(
  ctx: PasskeyContext,
  trx: DbRoot,
  response: PasskeyAuthenticationResponse,
  challenge: string,
  options: { userId?: number; requireUserVerification: boolean },
): Promise<StoredPasskey> {
  const stored = await passkeys.findByCredential(trx, response.id, { lock: true });
  if (!stored || (options.userId !== undefined && stored.userId !== options.userId)) {
    throw httpError(400, 'passkey_unknown', undefined, { field: 'response' });
  }
  if (response.response.userHandle && response.response.userHandle !== (await passkeys.userHandleOf(trx, stored.userId))) {
    throw httpError(400, 'passkey_unknown', undefined, { field: 'response' });
  }
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.rpID,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: options.requireUserVerification,
  }).catch(() => undefined);
  if (!verification?.verified) throw httpError(400, 'passkey_invalid', undefined, { field: 'response' });
  const now = ctx.auth.clock();
  await passkeys.markUsed(trx, stored.id, verification.authenticationInfo.newCounter, now);
  return { ...stored, counter: verification.authenticationInfo.newCounter, lastUsedAt: now };
}

/** A session for the passkey's user (the sign-in's entry names the passkey), or 400 when the user may not sign in. */
async function sessionFor(
  ctx: PasskeyContext,
  trx: DbRoot,
  passkey: StoredPasskey,
  meta: SignInMeta & { remember: boolean },
  details: Record<string, unknown>,
): Promise<SignedInSession> {
  const user = await usersRepository.findById(trx, passkey.userId);
  if (!user || !(await people.isEnabled(trx, passkey.userId))) throw httpError(400, 'passkey_unknown', undefined, { field: 'response' });
  return ctx.auth.startSession(trx, user, meta, ctx.auth.clock(), { ...details, passkey_id: passkey.id, passkey_name: passkey.name });
}

async function list(ctx: PasskeyContext, userId: number): Promise<Passkey[]> {
  return (await passkeys.listOf(ctx.db, userId)).map(toPasskey);
}

/** My account: the options to create a passkey (discoverable, so it signs in without a name). */
async function registrationOptions(ctx: PasskeyContext, userId: number): Promise<PasskeyOptions> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw httpError(401, 'unauthorized');
  const handle = await passkeys.ensureUserHandle(ctx.db, userId, newUserHandle());
  const existing = await passkeys.listOf(ctx.db, userId);
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.rpName,
    rpID: ctx.rp.rpID,
    userName: user.username,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(handle, 'base64url')),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MS,
  });
  return storeChallenge(ctx, options, 'register', userId);
}

/** The browser's answer to registration options of `purpose` for `userId`, verified; 400 when it is not one. */
async function verifiedRegistration(ctx: PasskeyContext, userId: number, body: AddPasskeyBody, purpose: 'register' | 'invite') {
  const { challenge, userId: owner } = await takeChallenge(ctx, body.response.response.clientDataJSON, purpose);
  if (owner !== userId) throw httpError(400, 'passkey_challenge_invalid', undefined, { field: 'response' });
  const verification = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.rpID,
    // A passkey that replaces the password signs in alone: the device must verify its user.
    requireUserVerification: purpose === 'invite',
  }).catch(() => undefined);
  if (!verification?.verified) throw httpError(400, 'passkey_invalid', undefined, { field: 'response' });
  return verification.registrationInfo;
}

/** Stores a verified passkey of the user in `trx` (their enrolment-only sessions may do everything now) and logs it. */
async function storePasskey(
  ctx: PasskeyContext,
  trx: DbRoot,
  userId: number,
  info: Awaited<ReturnType<typeof verifiedRegistration>>,
  name: string,
): Promise<StoredPasskey> {
  if (await passkeys.findByCredential(trx, info.credential.id)) throw httpError(409, 'passkey_already_added');
  const stored = await passkeys.insert(trx, {
    userId,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: name.trim() || 'Passkey',
    now: ctx.auth.clock(),
  });
  await passkeys.endEnrolment(trx, userId);
  await recordActivity(trx, {
    actorId: userId,
    entity: 'user',
    entityId: userId,
    action: 'passkey_add',
    changes: {},
    details: { passkey_id: stored.id, name: stored.name },
  });
  return stored;
}

/** My account: the browser's answer to the options becomes a passkey of the user. */
async function add(ctx: PasskeyContext, userId: number, body: AddPasskeyBody): Promise<Passkey> {
  const info = await verifiedRegistration(ctx, userId, body, 'register');
  const added = await ctx.db.transaction().execute((trx) => storePasskey(ctx, trx, userId, info, body.name));
  ctx.auth.evictUser(userId);
  return toPasskey(added);
}

/**
 * An invitation accepted with a passkey: the options for the invited user (the caller has checked the
 * link), a discoverable credential that then signs in without a password.
 */
async function invitationOptions(ctx: PasskeyContext, userId: number): Promise<PasskeyOptions> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw httpError(400, 'link_invalid', undefined, { field: 'token' });
  const handle = await passkeys.ensureUserHandle(ctx.db, userId, newUserHandle());
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.rpName,
    rpID: ctx.rp.rpID,
    userName: user.username,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(handle, 'base64url')),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  });
  return storeChallenge(ctx, options, 'invite', userId);
}

/** A passkey checked but not stored yet (an invitation's, stored in the acceptance's transaction). */
export interface VerifiedPasskey {
  userId: number;
  name: string;
  info: Awaited<ReturnType<typeof verifiedRegistration>>;
}

/**
 * The answer to invitationOptions, verified against the invitation's challenge. The challenge is taken
 * here, outside the acceptance's transaction, so a wrong answer uses it up too.
 */
async function verifyForInvitation(ctx: PasskeyContext, userId: number, body: AddPasskeyBody): Promise<VerifiedPasskey> {
  return { userId, name: body.name, info: await verifiedRegistration(ctx, userId, body, 'invite') };
}

/** Stores an invitation's verified passkey in the acceptance's transaction. */
async function storeForInvitation(ctx: PasskeyContext, trx: DbRoot, verified: VerifiedPasskey): Promise<StoredPasskey> {
  return storePasskey(ctx, trx, verified.userId, verified.info, verified.name);
}

/** My account: removes a passkey, proven by the current password or a code of the authenticator app. */
async function remove(ctx: PasskeyContext, userId: number, id: number, proof: RemovePasskeyBody): Promise<void> {
  if (!proof.password && !proof.code) throw httpError(400, 'passkey_proof_needed', undefined, { field: 'password' });
  const work = () =>
    ctx.db.transaction().execute(async (trx) => {
      const state = await twoFactorRepository.state(trx, userId, { lock: true });
      if (!state) throw httpError(401, 'unauthorized');
      const owned = (await passkeys.listOf(trx, userId)).find((passkey) => passkey.id === id);
      if (!owned) throw httpError(404, 'passkey_not_found');
      if (proof.code) {
        await ctx.twoFactor.proveByCode(trx, userId, proof.code);
      } else {
        const stored = await people.passwordHashOf(trx, userId);
        if (!proof.password || !stored || !(await verifyPassword(proof.password, stored))) {
          throw httpError(400, 'password_current_wrong', undefined, { field: 'password' });
        }
      }
      // The last second factor of someone whose role requires one stays.
      if (state.required && !state.secret && state.passkeys <= 1) throw httpError(409, 'two_factor_required_by_role');
      await passkeys.delete(trx, userId, id);
      await recordActivity(trx, {
        actorId: userId,
        entity: 'user',
        entityId: userId,
        action: 'passkey_remove',
        changes: {},
        details: { passkey_id: owned.id, name: owned.name },
      });
    });
  // Proofs are limited like the codes: both prove the person.
  await ctx.twoFactor.limited(userId, work);
  ctx.auth.evictUser(userId);
}

/** The sign-in page: options for any passkey of this site (the authenticator offers the accounts it holds). */
async function signInOptions(ctx: PasskeyContext): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({ rpID: ctx.rp.rpID, userVerification: 'required', timeout: CHALLENGE_MS });
  return storeChallenge(ctx, options, 'sign_in', null);
}

/** Password-less sign-in: a verified passkey (with user verification) makes the session. */
async function signIn(
  ctx: PasskeyContext,
  response: PasskeyAuthenticationResponse,
  meta: SignInMeta & { remember: boolean },
): Promise<SignedInSession> {
  const { challenge } = await takeChallenge(ctx, response.response.clientDataJSON, 'sign_in');
  return ctx.db.transaction().execute(async (trx) => {
    const passkey = await verifyAssertion(ctx, trx, response, challenge, { requireUserVerification: true });
    return sessionFor(ctx, trx, passkey, meta, { method: 'passkey' });
  });
}

/** After the password step: options for one of that user's passkeys. */
async function secondFactorOptions(ctx: PasskeyContext, token: string): Promise<PasskeyOptions> {
  const found = await twoFactorRepository.findChallenge(ctx.db, hashToken(token), ctx.auth.clock());
  if (!found) throw httpError(400, 'sign_in_challenge_invalid', undefined, { field: 'challenge' });
  const own = await passkeys.listOf(ctx.db, found.user_id);
  if (own.length === 0) throw httpError(400, 'passkey_unknown', undefined, { field: 'challenge' });
  const options = await generateAuthenticationOptions({
    rpID: ctx.rp.rpID,
    allowCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  });
  return storeChallenge(ctx, options, 'second_factor', found.user_id, found.id);
}

/** The second step by a passkey of the password step's user: the session (the sign-in challenge is used up). */
async function completeSecondFactor(
  ctx: PasskeyContext,
  token: string,
  response: PasskeyAuthenticationResponse,
  meta: SignInMeta,
): Promise<SignedInSession> {
  const now = ctx.auth.clock();
  const found = await twoFactorRepository.findChallenge(ctx.db, hashToken(token), now);
  if (!found) throw httpError(400, 'sign_in_challenge_invalid', undefined, { field: 'challenge' });
  const taken = await takeChallenge(ctx, response.response.clientDataJSON, 'second_factor');
  if (taken.signInChallengeId !== found.id) throw httpError(400, 'passkey_challenge_invalid', undefined, { field: 'response' });
  return ctx.db.transaction().execute(async (trx) => {
    const passkey = await verifyAssertion(ctx, trx, response, taken.challenge, { userId: found.user_id, requireUserVerification: false });
    await twoFactorRepository.deleteChallenge(trx, found.id, now);
    return sessionFor(ctx, trx, passkey, { ...meta, remember: found.remember }, { second_factor: 'passkey' });
  });
}

/** Each step with the context given (the routes call them as methods). */
function bindTo(ctx: PasskeyContext) {
  return <A extends unknown[], R>(step: (ctx: PasskeyContext, ...args: A) => R) =>
    (...args: A): R =>
      step(ctx, ...args);
}

/** The passkey steps, each with this process's database, sessions and relying party. */
export function passkeyService(db: DbRoot, config: AppConfig, auth: AuthService, twoFactor: TwoFactorService) {
  const ctx: PasskeyContext = { db, auth, twoFactor, rp: relyingParty(config) };
  const bind = bindTo(ctx);
  return {
    list: bind(list),
    registrationOptions: bind(registrationOptions),
    add: bind(add),
    invitationOptions: bind(invitationOptions),
    verifyForInvitation: bind(verifyForInvitation),
    storeForInvitation: bind(storeForInvitation),
    remove: bind(remove),
    signInOptions: bind(signInOptions),
    signIn: bind(signIn),
    secondFactorOptions: bind(secondFactorOptions),
    completeSecondFactor: bind(completeSecondFactor),
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;
