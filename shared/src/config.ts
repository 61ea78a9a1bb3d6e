import { setRemoteModuleLoader, type RemoteModuleLoader } from './federation';
import { http } from './http/client';

export interface SharedConfig {
  /** Base URL of the API; '' (default) = same origin. */
  apiBaseUrl?: string;
  /** The host's loader of other remotes' exposed modules (see `loadRemoteModule`). */
  loadRemoteModule?: RemoteModuleLoader;
}

/** Configure the kernel once at start (the shell does; remotes running alone may too). */
export function configureShared({ apiBaseUrl = '', loadRemoteModule }: SharedConfig = {}): void {
  http.defaults.baseURL = apiBaseUrl.replace(/\/+$/, '');
  if (loadRemoteModule) setRemoteModuleLoader(loadRemoteModule);
}
