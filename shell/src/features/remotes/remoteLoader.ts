import type { RemoteRoutesModule, RemoteScreen } from 'shared';
import { fetchRemotesManifest, manifestTimeoutMs, type RemotesManifest } from './manifest';
import { describeSkew, type SkewFinding } from './skew';
import { buildTimeoutMs, seconds, withDeadline } from './timeout';

/** docs/ARCHITECTURE.md "`./routes` contract" (the types live in shared). */
export type { RemoteRoutesModule, RemoteScreen };

/** A remote (or one of its screens) could not be loaded: server down, manifest 404, script error… */
export class RemoteLoadError extends Error {
  readonly remote: string;
  /** Set when the remote was refused for version skew: what it needs that the page does not have. */
  readonly skew?: readonly SkewFinding[];
  constructor(remote: string, message: string, options?: { cause?: unknown; skew?: readonly SkewFinding[] }) {
    super(message, options);
    this.name = 'RemoteLoadError';
    this.remote = remote;
    if (options?.skew) this.skew = options.skew;
  }
}

export function isRemoteLoadError(error: unknown): error is RemoteLoadError {
  return error instanceof RemoteLoadError || (error instanceof Error && error.name === 'RemoteLoadError');
}

/** The part of the Module Federation runtime the loader uses (injected, so tests need no runtime). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteLoaderOptions {
  runtime: FederationRuntime;
  /** Reads /remotes.json (default: fetch + parse, relative URLs resolved against the page). */
  fetchManifest?: () => Promise<RemotesManifest>;
  /** Wraps each load (the shell passes shared `loading.track` so the overlay shows). */
  track?: <T>(work: Promise<T>) => Promise<T>;
  /**
   * The time-out of one load of a remote (manifest, entry, module), in ms: `$timeoutMs` of the
   * remotes manifest, else this (default: the build's NEWSDESK_REMOTE_TIMEOUT_MS, else 8 s).
   */
  timeoutMs?: number;
  /**
   * Before a remote's first load: the singletons it requires in versions the page does not have
   * (an empty list lets it load). Given the remote's name and its mf-manifest.json URL.
   */
  checkVersions?: (remote: string, manifestUrl: string) => Promise<readonly SkewFinding[]>;
  /** Called when a remote is reset or failed, with its manifest URL (the shell drops its cached manifest). */
  forget?: (manifestUrl: string) => void;
}

export interface RemoteLoader {
  /** Fetches /remotes.json (once; again after a failure) and registers every remote. */
  init(): Promise<RemotesManifest>;
  /** `<remote>/routes`, loaded once; a failure is not cached (the next call tries again). */
  loadRoutes(remote: string): Promise<RemoteRoutesModule>;
  /** One screen of a remote's `./routes`. */
  loadScreen(remote: string, screen: string): Promise<RemoteScreen>;
  /** The screen if it is already loaded (for render), else undefined. */
  peekScreen(remote: string, screen: string): RemoteScreen | undefined;
  /**
   * Any other exposed module, `<remote>/<module>` (e.g. `remote_categories/CategoryTree`), for remotes
   * that use each other's components through federation (shared `loadRemoteModule`). Loaded once;
   * a failure is not cached.
   */
  loadModule<T>(id: string): Promise<T>;
  /**
   * Forget everything about a remote so the next load starts from scratch: the shell's cache,
   * and, through `registerRemotes(…, { force: true })`, the runtime's manifest, entry and module
   * caches. The remotes manifest is fetched again too if it had failed.
   */
  reset(remote: string): void;
  /** The time-out of one load in ms (the remotes manifest's `$timeoutMs` once read, else the option). */
  timeoutMs(): number;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (typeof value !== 'object' || value === null) return false;
  const screens = (value as { screens?: unknown }).screens;
  return typeof screens === 'object' && screens !== null;
}

export function createRemoteLoader({
  runtime,
  fetchManifest = () => fetchRemotesManifest(),
  track,
  timeoutMs = buildTimeoutMs(),
  checkVersions,
  forget,
}: RemoteLoaderOptions): RemoteLoader {
  let manifest: Promise<RemotesManifest> | null = null;
  let effectiveTimeoutMs = timeoutMs;
  /** Remote name → the entry it is registered with. */
  const registered = new Map<string, string>();
  /** Remotes whose last load failed: re-register them with force before the next attempt. */
  const stale = new Set<string>();
  const routes = new Map<string, Promise<RemoteRoutesModule>>();
  const loaded = new Map<string, RemoteRoutesModule>();
  const tracked = <T>(work: Promise<T>): Promise<T> => (track ? track(work) : work);

  function register(name: string, entry: string): void {
    const force = stale.has(name) || (registered.has(name) && registered.get(name) !== entry);
    if (registered.get(name) === entry && !force) return;
    runtime.registerRemotes([{ name, entry }], force ? { force: true } : undefined);
    registered.set(name, entry);
    stale.delete(name);
  }

  function init(): Promise<RemotesManifest> {
    if (!manifest) {
      const attempt = fetchManifest().then((remotes) => {
        effectiveTimeoutMs = manifestTimeoutMs(remotes) ?? timeoutMs;
        for (const [name, entry] of Object.entries(remotes)) if (!name.startsWith('$')) register(name, entry);
        return remotes;
      });
      manifest = attempt;
      attempt.catch(() => {
        if (manifest === attempt) manifest = null;
      });
    }
    return manifest;
  }

  /** Registers `remote` from the manifest and loads one of its exposed modules. */
  async function loadExposed(remote: string, id: string): Promise<unknown> {
    let remotes: RemotesManifest;
    try {
      remotes = await init();
    } catch (error) {
      throw new RemoteLoadError(remote, messageOf(error), { cause: error });
    }
    const entry = remote.startsWith('$') ? undefined : remotes[remote];
    if (!entry) {
      throw new RemoteLoadError(remote, `The remotes manifest does not list "${remote}".`);
    }
    register(remote, entry);
    const ms = effectiveTimeoutMs;
    let skew: readonly SkewFinding[] = [];
    const load = async () => {
      skew = checkVersions ? await checkVersions(remote, entry) : [];
      if (skew.length > 0) return undefined;
      return runtime.loadRemote<unknown>(id);
    };
    let module: unknown;
    try {
      // A host that never answers must not keep the user waiting (on /login, under "Loading…").
      module = await withDeadline(load(), ms, `no answer within ${seconds(ms)}`);
    } catch (error) {
      forget?.(entry);
      throw new RemoteLoadError(remote, `${id} could not be loaded from ${entry}: ${messageOf(error)}`, { cause: error });
    }
    if (skew.length > 0) {
      forget?.(entry);
      throw new RemoteLoadError(remote, describeSkew(remote, skew), { skew });
    }
    return module;
  }

  const modules = new Map<string, Promise<unknown>>();

  function loadModule<T>(id: string): Promise<T> {
    const cached = modules.get(id);
    if (cached) return cached as Promise<T>;
    const remote = id.split('/')[0] ?? id;
    // Not tracked: the component that asked shows its own placeholder instead of the page overlay.
    const attempt = loadExposed(remote, id).then((module) => {
      if (module === null || module === undefined) throw new RemoteLoadError(remote, `${id} is empty.`);
      return module;
    });
    modules.set(id, attempt);
    attempt.catch(() => {
      if (modules.get(id) === attempt) modules.delete(id);
      stale.add(remote);
    });
    return attempt as Promise<T>;
  }

  function loadRoutes(remote: string): Promise<RemoteRoutesModule> {
    const cached = routes.get(remote);
    if (cached) return cached;
    const attempt = tracked(
      (async () => {
        const module = await loadExposed(remote, `${remote}/routes`);
        if (!isRoutesModule(module)) {
          throw new RemoteLoadError(remote, `${remote}/routes does not export "screens" (see the ./routes contract).`);
        }
        loaded.set(remote, module);
        return module;
      })(),
    );
    routes.set(remote, attempt);
    attempt.catch(() => {
      if (routes.get(remote) === attempt) routes.delete(remote);
      stale.add(remote);
    });
    return attempt;
  }

  async function loadScreen(remote: string, screen: string): Promise<RemoteScreen> {
    const module = await loadRoutes(remote);
    const found = module.screens[screen];
    if (!found || (typeof found.Component !== 'function' && typeof found.Component !== 'object')) {
      throw new RemoteLoadError(remote, `${remote}/routes has no screen "${screen}".`);
    }
    return found;
  }

  function peekScreen(remote: string, screen: string): RemoteScreen | undefined {
    return loaded.get(remote)?.screens[screen];
  }

  function reset(remote: string): void {
    const entry = registered.get(remote);
    if (entry) forget?.(entry);
    for (const id of modules.keys()) if (id.startsWith(`${remote}/`)) modules.delete(id);
    routes.delete(remote);
    loaded.delete(remote);
    stale.add(remote);
  }

  return { init, loadRoutes, loadScreen, peekScreen, reset, loadModule, timeoutMs: () => effectiveTimeoutMs };
}
