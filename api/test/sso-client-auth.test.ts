import type { SsoConfig } from '../src/lib/sso-config';
import { body, describeEachDatabase } from './helpers';
import { signInAtProvider, startProvider, type TestProvider } from './oidc/provider';

/**
 * The client secret reaches the token endpoint the way the provider registered the client:
 * OIDC_CLIENT_AUTH=client_secret_post against a provider that accepts only client_secret_post signs
 * in; the default (HTTP Basic) against it is refused at the code exchange (sso_provider_refused, no session).
 */
const REDIRECT_URI = 'http://127.0.0.1:8080/api/v2/sso/callback';
const CLIENT = { clientId: 'newsdesk-post', clientSecret: 'a-client-secret-sent-in-the-form-body' };
const ACCOUNTS = { 'sub-post': { email: 'post.person@newsdesk.example', email_verified: true, name: 'Pat Post', groups: ['staff'] } };

let provider: TestProvider;
const base: Omit<SsoConfig, 'clientAuth'> = {
  issuer: 'set when the provider runs',
  ...CLIENT,
  displayName: 'Post ID',
  redirectUri: REDIRECT_URI,
  scopes: 'openid email profile',
  rolesClaim: 'groups',
  roleMap: new Map([['staff', 'submitter']]),
  jit: true,
  allowedDomains: [],
  skipSecondFactor: false,
};
const post: SsoConfig = { ...base, clientAuth: 'client_secret_post' };
const basic: SsoConfig = { ...base, clientAuth: 'client_secret_basic' };

beforeAll(async () => {
  provider = await startProvider({
    ...CLIENT,
    redirectUri: REDIRECT_URI,
    accounts: ACCOUNTS,
    tokenEndpointAuthMethod: 'client_secret_post',
  });
  post.issuer = provider.issuer;
  basic.issuer = provider.issuer;
});
afterAll(() => provider?.stop());

function suite(expectSignedIn: boolean) {
  return (ctx: Parameters<Parameters<typeof describeEachDatabase>[1]>[0]) => {
    it(expectSignedIn ? 'signs in with the secret in the form body' : 'is refused at the code exchange with HTTP Basic', async () => {
      const start = await ctx.inject({ method: 'GET', url: '/api/v2/sso/start?next=/articles' });
      expect(start.statusCode).toBe(302);
      const back = await signInAtProvider(start.headers.location as string, 'sub-post', REDIRECT_URI);
      const callback = await ctx.inject({ method: 'GET', url: `/api/v2/sso/callback${back.search}` });
      expect(callback.statusCode).toBe(302);
      const location = new URL(callback.headers.location as string, 'http://x');
      if (!expectSignedIn) {
        expect(location.searchParams.get('sso_error')).toBe('sso_provider_refused');
        expect(await ctx.app.db.selectFrom('sso_links').select('subject').execute()).toEqual([]);
        return;
      }
      const handoff = location.searchParams.get('sso');
      const session = await ctx.inject({ method: 'POST', url: '/api/v2/sso/session', payload: { handoff } });
      expect(session.statusCode).toBe(200);
      expect(body(session).data.user.name).toBe('Pat Post');
    });
  };
}

describeEachDatabase('single sign-on with client_secret_post', suite(true), { config: { sso: post } });
describeEachDatabase('single sign-on with client_secret_basic at a client_secret_post provider', suite(false), { config: { sso: basic } });
