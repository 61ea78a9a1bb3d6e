/**
 * Single sign-on by OpenID Connect (authorization code + PKCE, state and nonce).
 *
 * - start: a sign-in is kept in the database (sso_requests: the state's hash, the PKCE verifier, the
 *   nonce, REQUEST_MINUTES), so the provider may send the browser back to any API process.
 * - callback: the state is taken (deleted) first, so a replayed callback finds nothing; the code is
 *   exchanged; the person is found by their provider identity (issuer + subject), else by verified
 *   email (then linked), else made just in time when OIDC_JIT is on. Refusals (no account, email not
 *   verified, a domain not allowed, an account linked to another identity, a disabled user) are coded errors the login page shows, and
 *   entries of the activity log. Roles follow the roles claim on every sign-in when one is configured.
 * - The session is not made in the callback: it leaves a single-use hand-off (HANDOFF_SECONDS) in the
 *   /login URL, and the login page exchanges it for the session like a password sign-in answers it,
 *   so the session token never travels in a URL.
 * - Two-factor: a user with TOTP on still gives a code after the provider (and a role requiring
 *   two-factor still takes its members through enrolment), unless OIDC_SKIP_SECOND_FACTOR says the
 *   provider's own authentication is enough.
 * No token, code, state or verifier is ever logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { diffFields } from 'contracts/rules/activity';
import type { SsoConfig } from '../lib/sso-config';
import type { DbRoot } from '../db/schema';
import { httpError } from '../lib/http-error';
import { oidcRelyingParty, type Claims, type OidcRelyingParty } from '../lib/oidc';
import { hashToken, newToken } from '../lib/tokens';
import { peopleRepository } from '../repositories/people';
import { ssoRepository as sso } from '../repositories/sso';
import { twoFactorRepository } from '../repositories/two-factor';
import { usersRepository } from '../repositories/users';
import { recordActivity } from './activity';
import type { SecondFactorChallenge } from 'contracts/schemas/session';
import { secondStepOf, type AuthService, type SignedInSession } from './auth-service';
import type { TwoFactorService } from './two-factor';

export type SsoSessionResult = { session: SignedInSession } | { challenge: SecondFactorChallenge };

/** How long the provider may take to send the browser back. */
export const REQUEST_MINUTES = 10;
/** How long the login page has to fetch the session of a finished provider sign-in. */
export const HANDOFF_SECONDS = 120;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Codes of the refusals a person can meet (shown on the login page). */
export type SsoRefusal =
  | 'sso_sign_in_expired'
  | 'sso_provider_refused'
  | 'sso_provider_unavailable'
  | 'sso_no_account'
  | 'sso_identity_mismatch'
  | 'sso_email_unverified'
  | 'sso_email_domain_refused'
  | 'sso_user_disabled';

class Refusal extends Error {
  constructor(
    readonly code: SsoRefusal,
    readonly userId: number | null = null,
  ) {
    super(code);
  }
}

function text(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/** The values of the roles claim: a string (space- or comma-separated) or an array of strings. */
export function claimValues(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

/** The verified email of the claims, lower-cased (undefined when there is none or it is not verified). */
function verifiedEmail(claims: Claims): string | undefined {
  const email = text(claims.email, 254)?.toLowerCase();
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return email && verified && /^[^@\s]+@[^@\s]+$/.test(email) ? email : undefined;
}

export class SsoService {
  constructor(
    private readonly db: DbRoot,
    private readonly settings: SsoConfig,
    private readonly deps: { auth: AuthService; twoFactor: TwoFactorService; log: FastifyBaseLogger; relyingParty?: OidcRelyingParty },
  ) {
    this.relyingParty = this.deps.relyingParty ?? oidcRelyingParty(this.settings);
  }

  private readonly relyingParty: OidcRelyingParty;

  private async refuse(refusal: Refusal, meta: RequestMeta, claims: Claims | undefined): Promise<never> {
    const now = this.deps.auth.clock();
    await recordActivity(this.db, {
      actorId: null,
      entity: 'user',
      entityId: refusal.userId,
      action: 'sso_sign_in_refused',
      changes: {},
      details: {
        reason: refusal.code,
        ip: meta.ip,
        issuer: this.settings.issuer,
        ...(claims ? { subject: claims.sub.slice(0, 200) } : {}),
        ...(claims && text(claims.email) ? { email: text(claims.email) } : {}),
      },
      at: now,
    });
    throw httpError(400, refusal.code);
  }

  /** A username for a new user: their email, made unique with a number when it is taken. */
  private async freeUsername(trx: DbRoot, email: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? email : `${email}-${n}`;
      if (!(await peopleRepository.usernameTaken(trx, candidate))) return candidate;
    }
  }

  /** The user these claims are: linked, matched by verified email (then linked) or made now. */
  private async findOrProvision(trx: DbRoot, claims: Claims): Promise<number> {
    const now = this.deps.auth.clock();
    const email = verifiedEmail(claims);
    if (this.settings.allowedDomains.length > 0) {
      if (!email) throw new Refusal('sso_email_unverified');
      if (!this.settings.allowedDomains.includes(email.slice(email.lastIndexOf('@') + 1))) throw new Refusal('sso_email_domain_refused');
    }
    const linked = await sso.findLinkedUser(trx, this.settings.issuer, claims.sub);
    if (linked !== undefined) return linked;
    const byEmail = email ? await sso.userByEmail(trx, email) : undefined;
    if (byEmail !== undefined) {
      // An account already known by another identity of this provider is not taken over by an email.
      if (await sso.linkedToOther(trx, this.settings.issuer, claims.sub, byEmail)) throw new Refusal('sso_identity_mismatch', byEmail);
      await sso.link(trx, this.settings.issuer, claims.sub, byEmail, now);
      return byEmail;
    }
    if (!this.settings.jit) throw new Refusal(text(claims.email) && !email ? 'sso_email_unverified' : 'sso_no_account');
    if (!email) throw new Refusal('sso_email_unverified');
    // Two first sign-ins of one person at once (two tabs, two processes) make one user: the second waits here and finds the first's.
    await peopleRepository.lockForChanges(trx);
    const meanwhile = (await sso.findLinkedUser(trx, this.settings.issuer, claims.sub)) ?? (await sso.userByEmail(trx, email));
    if (meanwhile !== undefined) {
      if (await sso.linkedToOther(trx, this.settings.issuer, claims.sub, meanwhile)) throw new Refusal('sso_identity_mismatch', meanwhile);
      await sso.link(trx, this.settings.issuer, claims.sub, meanwhile, now);
      return meanwhile;
    }
    const name = text(claims.name) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || email);
    const id = await peopleRepository.createWithoutPassword(trx, { username: await this.freeUsername(trx, email), name, email });
    await sso.link(trx, this.settings.issuer, claims.sub, id, now);
    await recordActivity(trx, {
      actorId: id,
      entity: 'user',
      entityId: id,
      action: 'sso_provision',
      changes: diffFields(null, { name, email }, ['name', 'email']),
      details: { issuer: this.settings.issuer },
      at: now,
    });
    return id;
  }

  /**
   * The roles the claim maps to, set when they differ from the user's (an activity entry). The one
   * change refused is the last user manager's loss of manage_users: their roles stay and a warning
   * is logged (the rule of the Users screen holds for SSO too).
   */
  private async applyRoles(trx: DbRoot, userId: number, claims: Claims): Promise<boolean> {
    if (!this.settings.rolesClaim) return false;
    const names = [...new Set(claimValues(claims[this.settings.rolesClaim]).flatMap((value) => this.settings.roleMap.get(value) ?? []))];
    const roles = await sso.roleIdsByName(trx, names);
    const missing = names.filter((name) => !roles.some((role) => role.name === name));
    if (missing.length > 0) this.deps.log.warn({ roles: missing }, 'OIDC_ROLE_MAP names roles that do not exist');
    const before = await sso.roleIdsOf(trx, userId);
    const after = roles.map((role) => role.id);
    if (before.join(',') === after.join(',')) return false;
    await peopleRepository.lockForChanges(trx);
    const beforeNames = (await peopleRepository.findUser(trx, userId))?.roles.map((role) => role.name) ?? [];
    await peopleRepository.setRoles(trx, userId, after);
    if ((await peopleRepository.countUserManagers(trx)) === 0) {
      await peopleRepository.setRoles(trx, userId, before);
      this.deps.log.warn({ userId }, 'SSO roles not applied: the user is the last one who manages users');
      return false;
    }
    await recordActivity(trx, {
      actorId: userId,
      entity: 'user',
      entityId: userId,
      action: 'update',
      changes: diffFields({ roles: beforeNames }, { roles: roles.map((role) => role.name) }, ['roles']),
      details: { via: 'sso', issuer: this.settings.issuer },
      at: this.deps.auth.clock(),
    });
    return true;
  }

  info() {
    return { enabled: true, name: this.settings.displayName, start: '/api/v2/sso/start' };
  }

  /** The provider's authorization URL for a new sign-in (kept for REQUEST_MINUTES). */
  async start(returnTo: string | null): Promise<string> {
    const now = this.deps.auth.clock();
    let begun;
    try {
      begun = await this.relyingParty.begin();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'OpenID provider discovery failed');
      throw httpError(400, 'sso_provider_unavailable');
    }
    await Promise.all([
      sso.pruneExpired(this.db, now),
      sso.createRequest(this.db, {
        stateHash: hashToken(begun.state),
        codeVerifier: begun.codeVerifier,
        nonce: begun.nonce,
        returnTo,
        expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
      }),
    ]);
    return begun.url;
  }

  /** The provider sent the browser back: a hand-off for the login page, and where to go after. */
  async callback(query: string, meta: RequestMeta): Promise<{ handoff: string; returnTo: string | null }> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    const request = state ? await sso.takeRequest(this.db, hashToken(state), this.deps.auth.clock()) : undefined;
    if (!state || !request) return this.refuse(new Refusal('sso_sign_in_expired'), meta, undefined);
    if (params.has('error')) {
      this.deps.log.info({ error: text(params.get('error')) }, 'The OpenID provider answered an error');
      return this.refuse(new Refusal('sso_provider_refused'), meta, undefined);
    }
    let claims: Claims;
    try {
      claims = await this.relyingParty.finish(query, { state, codeVerifier: request.code_verifier, nonce: request.nonce });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'OpenID code exchange failed');
      return this.refuse(new Refusal('sso_provider_refused'), meta, undefined);
    }
    const userId = await this.db
      .transaction()
      .execute(async (trx) => {
        const id = await this.findOrProvision(trx, claims);
        if (!(await peopleRepository.isEnabled(trx, id))) throw new Refusal('sso_user_disabled', id);
        await sso.link(trx, this.settings.issuer, claims.sub, id, this.deps.auth.clock());
        if (await this.applyRoles(trx, id, claims)) return { id, rolesChanged: true };
        return { id, rolesChanged: false };
      })
      .catch((error: unknown) => (error instanceof Refusal ? this.refuse(error, meta, claims) : Promise.reject(error)));
    if (userId.rolesChanged) this.deps.auth.evictUser(userId.id);
    const handoff = newToken();
    await sso.createHandoff(this.db, {
      tokenHash: hashToken(handoff),
      userId: userId.id,
      issuer: this.settings.issuer,
      expiresAt: new Date(this.deps.auth.clock().getTime() + HANDOFF_SECONDS * 1000),
    });
    this.deps.log.info({ userId: userId.id }, 'Signed in at the OpenID provider');
    return { handoff, returnTo: request.return_to };
  }

  /** The login page fetches the session of a hand-off (or, with two-factor on, a challenge for the code step). */
  async session(handoff: string, meta: RequestMeta): Promise<SsoSessionResult> {
    const now = this.deps.auth.clock();
    const found = await sso.takeHandoff(this.db, hashToken(handoff), now);
    if (!found) throw httpError(400, 'sso_handoff_invalid', undefined, { field: 'handoff' });
    const [user, factor, enabled] = await Promise.all([
      usersRepository.findById(this.db, found.user_id),
      twoFactorRepository.state(this.db, found.user_id),
      peopleRepository.isEnabled(this.db, found.user_id),
    ]);
    if (!user || !enabled) return this.refuse(new Refusal('sso_user_disabled', found.user_id), meta, undefined);
    const secondStep = this.settings.skipSecondFactor ? undefined : secondStepOf(found.user_id, factor);
    if (secondStep) {
      return { challenge: await this.deps.twoFactor.challengeAnswer(secondStep, { remember: false, ...meta, ssoIssuer: found.issuer }) };
    }
    const enrol = (factor?.required ?? false) && !this.settings.skipSecondFactor;
    const session = await this.db.transaction().execute((trx) =>
      this.deps.auth.startSession(trx, user, { remember: false, ...meta, enrolSecondFactor: enrol }, now, {
        via: 'sso',
        issuer: found.issuer,
      }),
    );
    return { session };
  }
}
