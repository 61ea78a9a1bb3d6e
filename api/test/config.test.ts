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
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
