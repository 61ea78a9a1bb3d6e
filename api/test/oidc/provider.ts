import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** A real OpenID provider (oidc-provider, provider-server.mjs) in its own process on loopback. */
export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Account id (also the login on the provider's page and the subject) → its claims. */
  accounts: Record<string, Record<string, unknown>>;
  /** How the client must authenticate at the token endpoint (the only method the provider accepts from it); default client_secret_basic. */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

export async function startProvider(settings: ProviderSettings): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'provider-server.mjs'), JSON.stringify(settings)], {
    cwd: path.join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`The OpenID provider stopped (${code}): ${errors.join('')}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Signs in at the provider as a browser would, from the authorization URL: its login page (any
 * password) is filled in, cookies kept, redirects followed until the one back to `redirectUri`,
 * which is answered (not fetched: the API under test is not listening).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    form = undefined;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) throw new Error(`Unexpected page at the provider (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('Too many redirects at the provider');
}
