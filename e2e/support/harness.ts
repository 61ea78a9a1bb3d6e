import type { Browser } from 'playwright-core';
import { startApi, type ApiServer, type StartApiOptions } from './api';
import { launchBrowser } from './browser';

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
