import { http } from './http/client';

export interface SharedConfig {
  /** Base URL of the API; '' (default) = same origin. */
  apiBaseUrl?: string;
}

/** Configure the kernel once at start (the shell does; remotes running alone may too). */
export function configureShared({ apiBaseUrl = '' }: SharedConfig = {}): void {
  http.defaults.baseURL = apiBaseUrl.replace(/\/+$/, '');
}
