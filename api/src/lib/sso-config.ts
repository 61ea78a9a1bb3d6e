/**
 * Single sign-on by OpenID Connect, configured by environment (OIDC_*), decoded once at start-up:
 * a wrong value stops the start with a ConfigError naming the variable, never a failing sign-in later.
 */
import { SSO_NAME_MAX } from 'contracts/rules/sso';

export class SsoConfigError extends Error {}

export interface SsoConfig {
  /** OIDC_ISSUER: the provider's issuer URL (its discovery document is at {issuer}/.well-known/openid-configuration). */
  issuer: string;
  /** OIDC_CLIENT_ID. */
  clientId: string;
  /** OIDC_CLIENT_SECRET; unset: a public client (PKCE only). */
  clientSecret: string | undefined;
  /**
   * OIDC_CLIENT_AUTH: how the secret goes to the token endpoint, `client_secret_basic` (HTTP Basic,
   * the default) or `client_secret_post` (in the form body), as registered at the provider.
   */
  clientAuth: SsoClientAuth;
  /** OIDC_NAME: the provider's name on the button "Sign in with {name}", default "SSO". */
  displayName: string;
  /** OIDC_REDIRECT_URI: the callback registered at the provider, default {PUBLIC_URL}/api/v2/sso/callback. */
  redirectUri: string;
  /** OIDC_SCOPES, default "openid email profile". */
  scopes: string;
  /** OIDC_ROLES_CLAIM: the claim (string or array of strings) whose values map to roles; unset: roles are kept as they are in Newsdesk. */
  rolesClaim: string | undefined;
  /** OIDC_ROLE_MAP: claim value → Newsdesk role name ("staff=submitter,desk-chiefs=editor"); claim values not listed give no role. */
  roleMap: ReadonlyMap<string, string>;
  /** OIDC_JIT: create a user at the first SSO sign-in of an unknown person (default off). */
  jit: boolean;
  /** OIDC_ALLOWED_DOMAINS: the (verified) email domains allowed to sign in by SSO ("example.com,example.org"); empty: any. */
  allowedDomains: string[];
  /** OIDC_SKIP_SECOND_FACTOR: trust the provider's authentication and skip Newsdesk's own two-factor step for SSO sign-ins (default off). */
  skipSecondFactor: boolean;
}

export const SSO_CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type SsoClientAuth = (typeof SSO_CLIENT_AUTH_METHODS)[number];

function clientAuth(env: NodeJS.ProcessEnv, clientSecret: string | undefined): SsoClientAuth {
  const raw = get(env, 'OIDC_CLIENT_AUTH')?.toLowerCase();
  if (raw === undefined) return 'client_secret_basic';
  if (!(SSO_CLIENT_AUTH_METHODS as readonly string[]).includes(raw)) {
    throw new SsoConfigError(`OIDC_CLIENT_AUTH must be ${SSO_CLIENT_AUTH_METHODS.join(' or ')} (got "${env.OIDC_CLIENT_AUTH}")`);
  }
  if (clientSecret === undefined) throw new SsoConfigError('OIDC_CLIENT_AUTH needs OIDC_CLIENT_SECRET (a public client sends no secret)');
  return raw as SsoClientAuth;
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether plain http is acceptable for this URL: only on the loopback interface (development and tests). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);
}

function get(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function url(name: string, raw: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new SsoConfigError(`${name} must be an absolute URL (got "${raw}")`);
  }
  if (parsed.protocol !== 'https:' && !isLoopbackHttp(parsed)) {
    throw new SsoConfigError(`${name} must be an https URL (plain http only on 127.0.0.1 / localhost), got "${raw}"`);
  }
  return parsed;
}

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = get(env, name)?.toLowerCase();
  if (raw === undefined) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new SsoConfigError(`${name} must be 1 or 0 (got "${env[name]}")`);
}

/** OIDC_ROLE_MAP: comma-separated `claim value=role name` pairs. */
export function parseRoleMap(raw: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (raw ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const at = entry.lastIndexOf('=');
    const value = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at <= 0 || value === '' || role === '') {
      throw new SsoConfigError(`OIDC_ROLE_MAP: "${entry}" is not "claim value=role name"`);
    }
    map.set(value, role);
  }
  return map;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The SSO settings, or undefined when OIDC_ISSUER is unset (no SSO: the button is not shown). */
export function loadSsoConfig(env: NodeJS.ProcessEnv, publicUrl: string | undefined): SsoConfig | undefined {
  const issuer = get(env, 'OIDC_ISSUER');
  if (issuer === undefined) {
    const stray = Object.keys(env).find((name) => name.startsWith('OIDC_') && get(env, name) !== undefined);
    if (stray) throw new SsoConfigError(`${stray} is set but OIDC_ISSUER is not: set it to turn single sign-on on`);
    return undefined;
  }
  url('OIDC_ISSUER', issuer);
  const clientId = get(env, 'OIDC_CLIENT_ID');
  if (!clientId) throw new SsoConfigError('OIDC_CLIENT_ID is required with OIDC_ISSUER');
  const redirect = get(env, 'OIDC_REDIRECT_URI') ?? (publicUrl ? `${publicUrl.replace(/\/+$/, '')}/api/v2/sso/callback` : undefined);
  if (!redirect) throw new SsoConfigError('OIDC_REDIRECT_URI (or PUBLIC_URL) is required with OIDC_ISSUER');
  url('OIDC_REDIRECT_URI', redirect);
  const rolesClaim = get(env, 'OIDC_ROLES_CLAIM');
  const roleMap = parseRoleMap(get(env, 'OIDC_ROLE_MAP'));
  if (rolesClaim && roleMap.size === 0) throw new SsoConfigError('OIDC_ROLES_CLAIM needs OIDC_ROLE_MAP (claim value=role name, …)');
  if (!rolesClaim && roleMap.size > 0) throw new SsoConfigError('OIDC_ROLE_MAP needs OIDC_ROLES_CLAIM (the claim it maps)');
  const allowedDomains = (get(env, 'OIDC_ALLOWED_DOMAINS') ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const wrong = allowedDomains.find((domain) => !DOMAIN.test(domain));
  if (wrong) throw new SsoConfigError(`OIDC_ALLOWED_DOMAINS: "${wrong}" is not a domain name`);
  const scopes = get(env, 'OIDC_SCOPES') ?? 'openid email profile';
  if (!scopes.split(/\s+/).includes('openid')) throw new SsoConfigError('OIDC_SCOPES must include "openid"');
  const displayName = get(env, 'OIDC_NAME') ?? 'SSO';
  if (displayName.length > SSO_NAME_MAX) throw new SsoConfigError(`OIDC_NAME must be at most ${SSO_NAME_MAX} characters`);
  const clientSecret = get(env, 'OIDC_CLIENT_SECRET');
  return {
    issuer,
    clientId,
    clientSecret,
    clientAuth: clientAuth(env, clientSecret),
    displayName,
    redirectUri: redirect,
    scopes,
    rolesClaim,
    roleMap,
    jit: onOff(env, 'OIDC_JIT'),
    allowedDomains,
    skipSecondFactor: onOff(env, 'OIDC_SKIP_SECOND_FACTOR'),
  };
}
