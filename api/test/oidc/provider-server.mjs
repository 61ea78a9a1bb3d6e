// A real OpenID provider (oidc-provider) on loopback for the single sign-on tests, as its own Node
// process (oidc-provider is ES modules only; jest's CommonJS sandbox would have to compile it).
// Settings come as JSON in argv[2]: { clientId, clientSecret, redirectUri, accounts: { id: claims },
// tokenEndpointAuthMethod? (default client_secret_basic) }.
// It prints one line {"issuer": "http://127.0.0.1:<port>"} once it listens. The sign-in is
// oidc-provider's development login page (any password); consent is granted without asking, as for
// a first-party client.
import http from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.argv[2] ?? '{}');
const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uris: [settings.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: settings.tokenEndpointAuthMethod ?? 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
  cookies: { keys: ['newsdesk-test-provider-cookie-key'] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const claims = settings.accounts?.[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
// The development login page warns on every start; the tests know.
provider.on('server_error', (_ctx, error) => console.error('provider error', error));
// oidc-provider takes client_secret_basic and client_secret_post for each other; some providers take
// only the registered one. With client_secret_post registered, this one refuses the Basic header at
// the token endpoint as they do.
if (settings.tokenEndpointAuthMethod === 'client_secret_post') {
  provider.use(async (ctx, next) => {
    if (ctx.path === '/token' && ctx.get('authorization')) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'this client authenticates with client_secret_post' };
      return;
    }
    await next();
  });
}
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
