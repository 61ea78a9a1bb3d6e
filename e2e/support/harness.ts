import type { Browser } from 'playwright-core';
import { REMOTE_FOLDERS, REMOTE_NAMES, remoteDist, type RemoteFolder } from './paths';
import { getFreePort, launchBrowser, startApi, type ApiServer, type StartApiOptions } from './product';
import { serveStatic, type StaticServer } from './static-server';

export interface ApiAndBrowser {
  /** The file's own API process (its own database), set once the file's first beforeAll has run. */
  readonly api: ApiServer;
  /** Headless Chromium, set once the file's first beforeAll has run. */
  readonly browser: Browser;
}

/**
 * One API and one browser per test file: started before its tests, stopped after them. Call it at
 * the top of the file, before the file's own beforeAll (which then runs after the start). `options`
 * may be a function for what is known only at start (a port, a server started first).
 */
export function withApiAndBrowser(options: StartApiOptions | (() => Promise<StartApiOptions>) = {}): ApiAndBrowser {
  const started = {} as { api: ApiServer; browser: Browser };
  beforeAll(async () => {
    started.api = await startApi(typeof options === 'function' ? await options() : options);
    started.browser = await launchBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.api?.stop();
  });
  return started;
}

export interface ApiBrowserAndRemote extends ApiAndBrowser {
  /** The remote's own static server, set once the file's first beforeAll has run. */
  readonly remote: StaticServer;
}

/**
 * withApiAndBrowser with one remote deployed on its own origin (its dist on a static server, which
 * a test can stop, break or point at another build); the two others stay on the API's origin.
 * `settings`: `$` settings of the remotes manifest (e.g. `$timeoutMs`).
 */
export function withRemoteOnItsOwnOrigin(folder: RemoteFolder, settings: Record<string, string> = {}): ApiBrowserAndRemote {
  let remote: StaticServer | undefined;
  const started = withApiAndBrowser(async () => {
    remote = await serveStatic(remoteDist(folder));
    const port = await getFreePort();
    const origin = `http://127.0.0.1:${port}`;
    const manifestUrl = (other: RemoteFolder) =>
      other === folder ? `${remote!.url}/mf-manifest.json` : `${origin}/remotes/${other}/mf-manifest.json`;
    const remotes = Object.fromEntries(REMOTE_FOLDERS.map((other) => [REMOTE_NAMES[other], manifestUrl(other)]));
    return { port, remotesManifest: { ...remotes, ...settings } };
  });
  afterAll(async () => {
    await remote?.stop();
  });
  return {
    get api() {
      return started.api;
    },
    get browser() {
      return started.browser;
    },
    get remote() {
      return remote!;
    },
  };
}
