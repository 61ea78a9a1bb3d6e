import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';

/**
 * The `./routes` contract (docs/ARCHITECTURE.md): every remote exposes `./routes` exporting
 * `screens`, and the shell renders each screen inside its own providers and router.
 */
export interface RemoteScreen {
  loader?: LoaderFunction;
  Component: ComponentType;
}
export interface RemoteRoutesModule {
  screens: Record<string, RemoteScreen>;
}

export { lazyScreen, type LazyScreen } from './lazyScreen';
export { lazyCode, useLazyCode, type LazyCode } from './lazyCode';

/**
 * Remotes use each other's components only through federation (docs/ARCHITECTURE.md): the host
 * (the shell) owns the Module Federation runtime and the remotes manifest, and hands `shared` the
 * function that loads `<remote>/<module>`. A remote never imports another remote's code.
 */
export type RemoteModuleLoader = <T>(id: string) => Promise<T>;

let loader: RemoteModuleLoader | null = null;

/** Set by the host at start (`configureShared({ loadRemoteModule })`); `null` forgets it (tests). */
export function setRemoteModuleLoader(next: RemoteModuleLoader | null): void {
  loader = next;
}

export class RemoteModuleUnavailableError extends Error {
  constructor(id: string) {
    super(`${id} is only available inside the Newsdesk shell (no host has configured remote loading).`);
    this.name = 'RemoteModuleUnavailableError';
  }
}

/** Loads an exposed module of another remote, e.g. `loadRemoteModule('remote_categories/CategoryTree')`. */
export function loadRemoteModule<T>(id: string): Promise<T> {
  if (!loader) return Promise.reject(new RemoteModuleUnavailableError(id));
  try {
    return loader<T>(id);
  } catch (error) {
    return Promise.reject(error);
  }
}

export interface RemoteModuleState<T> {
  module: T | undefined;
  error: Error | undefined;
  /** Tries again after a failure (the host does not cache failed loads). */
  retry(): void;
}

/** `loadRemoteModule` for render: the module once loaded, or the error (then `retry`). */
export function useRemoteModule<T>(id: string): RemoteModuleState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ id: string; module?: T; error?: Error }>({ id });
  useEffect(() => {
    let active = true;
    loadRemoteModule<T>(id).then(
      (module) => active && setState({ id, module }),
      (error: unknown) => active && setState({ id, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
  }, [id, attempt]);
  const retry = useCallback(() => {
    setState({ id });
    setAttempt((n) => n + 1);
  }, [id]);
  const current = state.id === id ? state : { id };
  return { module: current.module, error: current.error, retry };
}
