import type { AppConfig } from '../src/config';
import type { SsoConfig } from '../src/lib/sso-config';
import { totpCode } from '../src/lib/totp';
import { body, DEMO, describeEachDatabase, describeTwoProcessesOnPostgres, type SuiteOptions } from './helpers';
import { signInAtProvider, startProvider, type TestProvider } from './oidc/provider';

/**
 * Single sign-on against a real OpenID provider (oidc-provider in its own process on loopback,
 * its development login page filled in as a browser would): the whole code flow with PKCE, state
 * and nonce, users matched by provider identity then verified email, just-in-time provisioning,
 * roles from the groups claim on every sign-in, refusals (no account, domain, disabled user, a
 * replayed state or hand-off) shown as coded errors and kept in the activity log.
 */
const REDIRECT_URI = 'http://127.0.0.1:8080/api/v2/sso/callback';
const CLIENT = { clientId: 'newsdesk', clientSecret: 'a-client-secret-long-enough-for-tests' };
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  // The demo submitter at the provider, in the group that maps to editor.
  'sub-sam': { email: 'Submitter@newsdesk.example', email_verified: true, name: 'Sam Submitter', groups: ['desk-chiefs', 'unmapped'] },
  'sub-new': { email: 'new.reporter@newsdesk.example', email_verified: true, name: 'Nia New', groups: 'staff' },
  'sub-unverified': { email: 'approver@newsdesk.example', email_verified: false, name: 'Not Avery', groups: ['desk-chiefs'] },
  'sub-elsewhere': { email: 'someone@elsewhere.example', email_verified: true, name: 'Someone Else', groups: ['staff'] },
  'sub-stranger': { email: 'stranger@newsdesk.example', email_verified: true, name: 'Stan Stranger', groups: ['staff'] },
  // Claims the email the demo submitter has once the first test moved it, under another subject.
  'sub-impostor': { email: 'moved@newsdesk.example', email_verified: true, name: 'Not Sam', groups: ['desk-chiefs'] },
  'sub-avery': { email: 'approver@newsdesk.example', email_verified: true, name: 'Avery Approver', groups: ['approvers'] },
};

let provider: TestProvider;
const sso: SsoConfig = {
  issuer: 'set when the provider runs',
  ...CLIENT,
  clientAuth: 'client_secret_basic',
  displayName: 'Newsroom ID',
  redirectUri: REDIRECT_URI,
  scopes: 'openid email profile',
  rolesClaim: 'groups',
  roleMap: new Map([
    ['desk-chiefs', 'editor'],
    ['staff', 'submitter'],
    ['approvers', 'approver'],
  ]),
  jit: true,
  allowedDomains: ['newsdesk.example'],
  skipSecondFactor: false,
};
const options: SuiteOptions & { config: Partial<AppConfig> } = { config: { sso } };

beforeAll(async () => {
  provider = await startProvider({ ...CLIENT, redirectUri: REDIRECT_URI, accounts: ACCOUNTS });
  sso.issuer = provider.issuer;
});
afterAll(() => provider?.stop());

describeEachDatabase(
  'single sign-on (OpenID Connect)',
  (ctx) => {
    /** Start → provider login as `account` → the callback's redirect (its Location). */
    async function ssoRound(account: string, next = '/articles') {
      const start = await ctx.inject({ method: 'GET', url: `/api/v2/sso/start?next=${encodeURIComponent(next)}` });
      expect(start.statusCode).toBe(302);
      const authorization = new URL(start.headers.location as string);
      expect(authorization.origin).toBe(provider.issuer);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('nonce')).toBeTruthy();
      const back = await signInAtProvider(authorization.href, account, REDIRECT_URI);
      const callbackUrl = `/api/v2/sso/callback${back.search}`;
      const callback = await ctx.inject({ method: 'GET', url: callbackUrl, headers: { 'user-agent': 'jest' } });
      expect(callback.statusCode).toBe(302);
      return { location: new URL(callback.headers.location as string, 'http://x'), callbackUrl };
    }
    async function signIn(account: string) {
      const { location } = await ssoRound(account);
      expect(location.pathname).toBe('/login');
      const handoff = location.searchParams.get('sso');
      expect(handoff).toBeTruthy();
      const response = await ctx.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff } });
      expect(response.statusCode).toBe(200);
      return { data: body(response).data, handoff: handoff as string, location };
    }
    const refusals = () =>
      ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'entity_id', 'details'])
        .where('action', '=', 'sso_sign_in_refused')
        .execute();

    it('tells the login page the provider name', async () => {
      expect(body(await ctx.get('/api/v2/sso')).data).toEqual({ enabled: true, name: 'Newsroom ID', start: '/api/v2/sso/start' });
    });

    it('matches an existing user by verified email, sets the roles of the claim, then knows them by subject', async () => {
      const { data, location } = await signIn('sub-sam');
      expect(location.searchParams.get('next')).toBe('/articles');
      expect(data.user.username).toBe('submitter');
      // desk-chiefs → editor; the submitter role (not in the claim) is gone, "unmapped" maps to nothing.
      expect(data.permissions).toEqual(expect.arrayContaining(['import', 'edit_all_articles', 'manage_categories']));
      const me = await ctx.get('/api/v2/user/permissions', data.auth);
      expect(body(me).data).toContain('edit_all_articles');
      const link = await ctx.app.db.selectFrom('sso_links').selectAll().where('subject', '=', 'sub-sam').executeTakeFirstOrThrow();
      expect(link).toMatchObject({ issuer: provider.issuer, user_id: data.user.id });
      const entries = await ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'details', 'changes'])
        .where('entity_id', '=', data.user.id)
        .where('action', 'in', ['sign_in', 'update'])
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        expect.objectContaining({ action: 'update', details: expect.objectContaining({ via: 'sso' }) }),
        expect.objectContaining({ action: 'sign_in', details: expect.objectContaining({ via: 'sso', issuer: provider.issuer }) }),
      ]);
      expect(JSON.stringify(entries)).not.toMatch(/code_verifier|access_token|id_token/);
      // Known by subject now: a second sign-in needs no email match and changes nothing.
      await ctx.app.db.updateTable('users').set({ email: 'moved@newsdesk.example' }).where('id', '=', data.user.id).execute();
      expect((await signIn('sub-sam')).data.user.id).toBe(data.user.id);
      // Another subject with that (verified) email does not take the linked account over.
      expect((await ssoRound('sub-impostor')).location.search).toBe('?sso_error=sso_identity_mismatch');
    });

    it('provisions an unknown person just in time with the mapped role (OIDC_JIT on), a password sign-in impossible', async () => {
      const { data } = await signIn('sub-new');
      expect(data.user).toMatchObject({ username: 'new.reporter@newsdesk.example', name: 'Nia New' });
      expect(data.permissions).toEqual(['create_article']);
      const provisioned = await ctx.app.db
        .selectFrom('activity_log')
        .select(['action', 'details'])
        .where('action', '=', 'sso_provision')
        .where('entity_id', '=', data.user.id)
        .execute();
      expect(provisioned).toEqual([{ action: 'sso_provision', details: { issuer: provider.issuer } }]);
      const user = await ctx.app.db.selectFrom('users').select('password_hash').where('id', '=', data.user.id).executeTakeFirstOrThrow();
      expect(user.password_hash).toBeNull();
      // Active on the Users screen (not "invited": they sign in through the provider).
      const admin = await ctx.login('admin');
      expect(body(await ctx.get(`/api/v2/users/${data.user.id}`, admin)).data).toMatchObject({ status: 'active' });
    });

    it('the Users screen marks SSO-linked users with their issuer; others have none', async () => {
      const linked = (await signIn('sub-new')).data.user.id as number;
      const admin = await ctx.login('admin');
      const users = body(await ctx.get('/api/v2/users?limit=100', admin)).data as Array<{
        id: number;
        username: string;
        sso_issuers: string[];
      }>;
      expect(users.find((user) => user.id === linked)?.sso_issuers).toEqual([provider.issuer]);
      expect(users.find((user) => user.username === 'admin')?.sso_issuers).toEqual([]);
      expect(body(await ctx.get(`/api/v2/users/${linked}`, admin)).data.sso_issuers).toEqual([provider.issuer]);
    });

    it('refuses an unknown person with JIT off (sso_no_account), an unverified email and a domain not allowed', async () => {
      sso.jit = false; // the service reads its settings object (tests only flip it)
      try {
        expect((await ssoRound('sub-stranger')).location.search).toBe('?sso_error=sso_no_account');
      } finally {
        sso.jit = true;
      }
      expect((await ssoRound('sub-unverified')).location.search).toBe('?sso_error=sso_email_unverified');
      expect((await ssoRound('sub-elsewhere')).location.search).toBe('?sso_error=sso_email_domain_refused');
      const users = await ctx.app.db
        .selectFrom('users')
        .select('email')
        .where('email', 'in', ['stranger@newsdesk.example', 'someone@elsewhere.example'])
        .execute();
      expect(users).toEqual([]);
      expect((await refusals()).map((entry) => (entry.details as { reason: string }).reason)).toEqual(
        expect.arrayContaining(['sso_no_account', 'sso_email_unverified', 'sso_email_domain_refused']),
      );
    });

    it('refuses a user disabled in Newsdesk, at the callback and at the hand-off', async () => {
      const { data } = await signIn('sub-new');
      // Disabled between the callback and the hand-off.
      const { location } = await ssoRound('sub-new');
      await ctx.app.db.updateTable('users').set({ enabled: false }).where('id', '=', data.user.id).execute();
      const late = await ctx.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff: location.searchParams.get('sso') } });
      expect(late.statusCode).toBe(400);
      expect(body(late).data.error).toBe('sso_user_disabled');
      // Disabled before: refused at the callback.
      expect((await ssoRound('sub-new')).location.search).toBe('?sso_error=sso_user_disabled');
      expect((await refusals()).filter((entry) => entry.entity_id === data.user.id)).toHaveLength(2);
      await ctx.app.db.updateTable('users').set({ enabled: true }).where('id', '=', data.user.id).execute();
    });

    it('refuses a replayed callback (the state works once) and a replayed hand-off', async () => {
      const { location, callbackUrl } = await ssoRound('sub-new');
      const replay = await ctx.inject({ method: 'GET', url: callbackUrl });
      expect(replay.headers.location).toBe('/login?sso_error=sso_sign_in_expired');
      const handoff = location.searchParams.get('sso');
      const first = await ctx.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff } });
      expect(first.statusCode).toBe(200);
      const again = await ctx.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff } });
      expect(again.statusCode).toBe(400);
      expect(body(again)).toMatchObject({ data: { error: 'sso_handoff_invalid' } });
      // A state never issued.
      const forged = await ctx.inject({ method: 'GET', url: '/api/v2/sso/callback?state=forged&code=x' });
      expect(forged.headers.location).toBe('/login?sso_error=sso_sign_in_expired');
    });

    it('a user with two-factor on still gives their code after the provider, unless OIDC_SKIP_SECOND_FACTOR', async () => {
      // The approver enrols TOTP with their password session (as in My account).
      const password = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session',
        payload: { username: 'approver', password: DEMO.approver },
      });
      const token = body(password).data.auth as string;
      const setup = await ctx.inject({ method: 'POST', url: '/api/v2/account/two-factor', headers: { authentication: token } });
      const secret = body(setup).data.secret as string;
      const confirm = await ctx.inject({
        method: 'POST',
        url: '/api/v2/account/two-factor/confirm',
        headers: { authentication: token },
        payload: { code: totpCode(secret, new Date()) },
      });
      expect(confirm.statusCode).toBe(200);

      const { data } = await signIn('sub-avery');
      expect(data).toEqual({ second_factor: 'totp', methods: ['totp'], challenge: expect.any(String), expires: expect.any(String) });
      const code = await ctx.inject({
        method: 'POST',
        url: '/api/v2/session/second-factor',
        payload: { challenge: data.challenge, code: totpCode(secret, new Date(Date.now() + 30_000)) },
      });
      expect(code.statusCode).toBe(200);
      expect(body(code).data).toMatchObject({ user: { username: 'approver' }, permissions: expect.arrayContaining(['approve_article']) });
      const entry = await ctx.app.db
        .selectFrom('activity_log')
        .select('details')
        .where('action', '=', 'sign_in')
        .where('entity_id', '=', body(code).data.user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry.details).toMatchObject({ second_factor: 'totp', via: 'sso', issuer: provider.issuer });

      sso.skipSecondFactor = true; // the service reads its settings object (tests only flip it)
      try {
        const trusted = await signIn('sub-avery');
        expect(trusted.data).toMatchObject({ auth: expect.any(String), user: { username: 'approver' } });
      } finally {
        sso.skipSecondFactor = false;
      }
    });

    it('a role that requires two-factor takes an SSO member without it through enrolment, unless OIDC_SKIP_SECOND_FACTOR', async () => {
      await ctx.app.db.updateTable('roles').set({ require_2fa: true }).where('name', '=', 'submitter').execute();
      try {
        expect((await signIn('sub-new')).data).toMatchObject({ second_factor_enrolment: true });
        sso.skipSecondFactor = true;
        expect((await signIn('sub-new')).data).toMatchObject({ second_factor_enrolment: false });
      } finally {
        sso.skipSecondFactor = false;
        await ctx.app.db.updateTable('roles').set({ require_2fa: false }).where('name', '=', 'submitter').execute();
      }
    });

    it('sign-out ends the Newsdesk session of an SSO sign-in', async () => {
      const { data } = await signIn('sub-new');
      expect((await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: data.auth } })).statusCode).toBe(200);
      expect((await ctx.get('/api/v2/user', data.auth)).statusCode).toBe(401);
    });
  },
  options,
);

describeTwoProcessesOnPostgres('single sign-on behind a load balancer', { sso }, (processes) => {
  it('starts on one API process, comes back to the other, and the hand-off works on either (once)', async () => {
    const start = await processes.a.inject({ method: 'GET', url: '/api/v2/sso/start' });
    const back = await signInAtProvider(start.headers.location as string, 'sub-new', REDIRECT_URI);
    const callback = await processes.b.inject({ method: 'GET', url: `/api/v2/sso/callback${back.search}` });
    const location = new URL(callback.headers.location as string, 'http://x');
    const handoff = location.searchParams.get('sso');
    expect(handoff).toBeTruthy();
    const [onA, onB] = await Promise.all(
      [processes.a, processes.b].map((app) => app.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff } })),
    );
    // Exactly one process gets the session: the hand-off is taken in the database.
    expect([onA?.statusCode, onB?.statusCode].sort()).toEqual([200, 400]);
    // The state was used up on B: the same callback on A is refused.
    const replay = await processes.a.inject({ method: 'GET', url: `/api/v2/sso/callback${back.search}` });
    expect(replay.headers.location).toBe('/login?sso_error=sso_sign_in_expired');
  });
});
