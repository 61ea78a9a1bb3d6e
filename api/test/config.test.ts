import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';

describe('loadConfig', () => {
  it('has working defaults, demo mode on without DATABASE_URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      demo: true,
      adminPassword: undefined,
      staticRoot: REPO_ROOT,
      sessionTtlHours: 12,
      sessionRememberDays: 30,
      passwordHashCost: 14,
      logLevel: 'info',
    });
    expect(path.basename(path.join(REPO_ROOT, 'api'))).toBe('api');
  });

  it('turns demo mode off by default with DATABASE_URL, and obeys NEWSDESK_DEMO', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@y/z' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@y/z', NEWSDESK_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ NEWSDESK_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ NEWSDESK_DEMO: '' }).demo).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '18090',
      HOST: '0.0.0.0',
      DATA_DIR: 'some/dir',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/newsdesk',
      NEWSDESK_DEMO: '0',
      ADMIN_PASSWORD: 's3cret',
      REMOTES_MANIFEST_FILE: 'remotes.json',
      REMOTES_MANIFEST: '{"remote_articles":"https://cdn.example/a.json"}',
      STATIC_ROOT: '/srv/newsdesk',
      SESSION_TTL_HOURS: '2',
      SESSION_REMEMBER_DAYS: '7',
      LOG_LEVEL: 'WARN',
      METRICS_TOKEN: 'a-scraper-token-of-24-chars',
      COMPILED_SCHEMA_DIR: 'cache/schemas',
      PASSWORD_HASH_COST: '16',
    });
    expect(config).toMatchObject({
      port: 18090,
      host: '0.0.0.0',
      dataDir: path.resolve('some/dir'),
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/newsdesk',
      demo: false,
      adminPassword: 's3cret',
      remotesManifestFile: path.resolve('remotes.json'),
      remotesManifest: { remote_articles: 'https://cdn.example/a.json' },
      staticRoot: '/srv/newsdesk',
      sessionTtlHours: 2,
      sessionRememberDays: 7,
      logLevel: 'warn',
      metricsToken: 'a-scraper-token-of-24-chars',
      compiledSchemaDir: path.resolve('cache/schemas'),
      passwordHashCost: 16,
    });
  });

  it('refuses a password hash cost outside 10-20', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(ConfigError);
  });

  it("reads TRUST_PROXY as proxy hops or the proxies' addresses, trusting nobody by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.1 ,Loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('reads the sign-in limits', () => {
    expect(loadConfig({})).toMatchObject({ loginMaxFailures: 5, loginFailureWindowMinutes: 15, loginAddressMaxFailures: 100 });
    expect(loadConfig({ SIGN_IN_MAX_FAILURES: '8', SIGN_IN_WINDOW_MINUTES: '30', SIGN_IN_ADDRESS_MAX_FAILURES: '500' })).toMatchObject({
      loginMaxFailures: 8,
      loginFailureWindowMinutes: 30,
      loginAddressMaxFailures: 500,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ SESSION_TTL_HOURS: '0' }, /SESSION_TTL_HOURS/],
    [{ NEWSDESK_DEMO: 'maybe' }, /NEWSDESK_DEMO must be 1 or 0/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ REMOTES_MANIFEST: '{oops' }, /REMOTES_MANIFEST is not valid JSON/],
    [{ REMOTES_MANIFEST: '["a"]' }, /must be a JSON object/],
    [{ REMOTES_MANIFEST: '{"remote_articles": 3}' }, /"remote_articles" must be a URL string/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must name the proxies/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: "10.0.0.0\/33" is not an IP address or CIDR range/],
    [{ TRUST_PROXY: '99' }, /TRUST_PROXY must be a whole number from 0 to 16/],
    [{ SIGN_IN_ADDRESS_MAX_FAILURES: '0' }, /SIGN_IN_ADDRESS_MAX_FAILURES/],
    [{ METRICS_TOKEN: 'short-token' }, /METRICS_TOKEN must be at least 24 characters long/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('single sign-on settings (OIDC_*)', () => {
  const base = { OIDC_ISSUER: 'https://id.newsroom.example', OIDC_CLIENT_ID: 'newsdesk', PUBLIC_URL: 'https://newsdesk.example/' };

  it('is off without OIDC_ISSUER, and decodes a full set once', () => {
    expect(loadConfig({}).sso).toBeUndefined();
    const sso = loadConfig({
      ...base,
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Newsroom ID',
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'staff=submitter, desk=chiefs=editor',
      OIDC_JIT: '1',
      OIDC_ALLOWED_DOMAINS: 'Newsroom.example, @example.org',
    }).sso;
    expect(sso).toMatchObject({
      issuer: 'https://id.newsroom.example',
      clientSecret: 'secret',
      clientAuth: 'client_secret_basic',
      displayName: 'Newsroom ID',
      redirectUri: 'https://newsdesk.example/api/v2/sso/callback',
      scopes: 'openid email profile',
      rolesClaim: 'groups',
      jit: true,
      allowedDomains: ['newsroom.example', 'example.org'],
      skipSecondFactor: false,
    });
    expect([...(sso?.roleMap ?? [])]).toEqual([
      ['staff', 'submitter'],
      ['desk=chiefs', 'editor'],
    ]);
  });

  it.each([
    [{ OIDC_CLIENT_ID: 'x' }, /OIDC_CLIENT_ID is set but OIDC_ISSUER is not/],
    [{ ...base, OIDC_ISSUER: 'http://id.newsroom.example' }, /OIDC_ISSUER must be an https URL/],
    [{ ...base, OIDC_CLIENT_ID: '' }, /OIDC_CLIENT_ID is required/],
    [{ ...base, PUBLIC_URL: '' }, /OIDC_REDIRECT_URI \(or PUBLIC_URL\) is required/],
    [{ ...base, OIDC_ROLES_CLAIM: 'groups' }, /OIDC_ROLES_CLAIM needs OIDC_ROLE_MAP/],
    [{ ...base, OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'staff' }, /OIDC_ROLE_MAP: "staff" is not/],
    [{ ...base, OIDC_ALLOWED_DOMAINS: 'not a domain' }, /OIDC_ALLOWED_DOMAINS/],
    [{ ...base, OIDC_JIT: 'maybe' }, /OIDC_JIT must be 1 or 0/],
    [{ ...base, OIDC_SCOPES: 'email' }, /must include "openid"/],
    [
      { ...base, OIDC_CLIENT_SECRET: 'secret', OIDC_CLIENT_AUTH: 'private_key_jwt' },
      /OIDC_CLIENT_AUTH must be client_secret_basic or client_secret_post/,
    ],
    [{ ...base, OIDC_CLIENT_AUTH: 'client_secret_post' }, /OIDC_CLIENT_AUTH needs OIDC_CLIENT_SECRET/],
  ])('refuses %j at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('sends the client secret in the form body with OIDC_CLIENT_AUTH=client_secret_post', () => {
    expect(loadConfig({ ...base, OIDC_CLIENT_SECRET: 'secret', OIDC_CLIENT_AUTH: 'Client_Secret_Post' }).sso?.clientAuth).toBe(
      'client_secret_post',
    );
  });

  it('allows plain http for a provider on loopback only', () => {
    expect(loadConfig({ ...base, OIDC_ISSUER: 'http://127.0.0.1:9000' }).sso?.issuer).toBe('http://127.0.0.1:9000');
  });
});
