import path from 'node:path';
import { validateNetworks } from './lib/address-guard';
import { DEFAULT_PASSWORD_HASH_COST } from './lib/passwords';
import { loadSsoConfig, SsoConfigError, type SsoConfig } from './lib/sso-config';

/** Repository root: this file lives in api/src (tsx, jest) or api/dist (built), two levels down. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface AppConfig {
  /** PORT, default 8080. */
  port: number;
  /** HOST, default 127.0.0.1. */
  host: string;
  /** DATA_DIR: the embedded PGlite data directory (used when no DATABASE_URL), default <repo>/data. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  /** NEWSDESK_DEMO: seed demo users and content on first start. */
  demo: boolean;
  /** ADMIN_PASSWORD: outside demo mode, creates the initial `admin` user when the database has no users. */
  adminPassword: string | undefined;
  /** REMOTES_MANIFEST_FILE: JSON file merged over the default remotes manifest, read on every request. */
  remotesManifestFile: string | undefined;
  /** REMOTES_MANIFEST: JSON text merged over the default remotes manifest. */
  remotesManifest: Record<string, string | null> | undefined;
  /** STATIC_ROOT: folder holding shell/dist and remote-*\/dist, default the repo root. */
  staticRoot: string;
  /** SESSION_TTL_HOURS: lifetime of a session without "remember me", default 12 (sliding). */
  sessionTtlHours: number;
  /** SESSION_REMEMBER_DAYS: lifetime of a "remember me" session, default 30 (sliding). */
  sessionRememberDays: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For counts as the client's address (Fastify's trustProxy): false
   * (unset: the socket's peer is the client), a number of proxy hops in front of the API, or the
   * proxies' addresses / CIDR ranges (also `loopback`, `linklocal`, `uniquelocal`). The sign-in limits
   * and the activity log use that address.
   */
  trustProxy: false | number | string[];
  /**
   * SHUTDOWN_TIMEOUT: seconds from SIGTERM/SIGINT to exit, default 25 (orchestrators kill after 30):
   * readiness goes at once, in-flight requests finish, idle connections and event streams close;
   * whatever is still running then is cut off (exit code 1).
   */
  shutdownTimeoutSeconds: number;
  /** LOG_LEVEL, default info. */
  logLevel: LogLevel;
  /** CRON_SECRET: the X-Cron-Secret header value that lets an external scheduler call /cron/*; unset: sessions only. */
  cronSecret: string | undefined;
  /**
   * COMPILED_SCHEMA_DIR: keep the code compiled from the route schemas here and load it on the next
   * start instead of compiling again (faster starts; the directory's files are executed, so it must be
   * the app's own). Unset: compile at every start.
   */
  compiledSchemaDir: string | undefined;
  /** METRICS_TOKEN: the bearer token a Prometheus scraper sends to GET /api/metrics (unset: no endpoint). */
  metricsToken: string | undefined;
  /** IMPORT_SCHEDULER: run due importers in this process (on by default from the environment; off in defaultConfig for tests). */
  importScheduler: boolean;
  /** IMPORT_SCHEDULER_TICK_SECONDS: how often the scheduler looks for due importers, default 30. */
  importSchedulerTickSeconds: number;
  /** PUBLISH_SCHEDULER: publish and unpublish articles at their publish_up / publish_down in this process (on by default from the environment; off in defaultConfig for tests). */
  publishScheduler: boolean;
  /** PUBLISH_SCHEDULER_TICK_SECONDS: how often the publishing job looks for due articles, default 30. */
  publishSchedulerTickSeconds: number;
  /** OVERDUE_SCHEDULER: flag stories past their deadline in this process (on by default from the environment; off in defaultConfig for tests). */
  overdueScheduler: boolean;
  /** OVERDUE_SCHEDULER_TICK_SECONDS: how often the overdue job looks for stories past their deadline, default 30. */
  overdueSchedulerTickSeconds: number;
  /** WEBHOOK_WORKER: send due webhook deliveries from this process (on by default from the environment; off in defaultConfig for tests). */
  webhookWorker: boolean;
  /** WEBHOOK_WORKER_TICK_MS: how often the worker looks for due deliveries, default 500. */
  webhookWorkerTickMs: number;
  /** IMPORT_ALLOW_PRIVATE_HOSTS: feeds may be fetched from private/loopback addresses (default off: SSRF guard). */
  importAllowPrivateHosts: boolean;
  /** IMPORT_ALLOWED_NETWORKS: comma-separated CIDR ranges allowed despite the SSRF guard (e.g. 10.1.2.0/24). */
  importAllowedNetworks: string[];
  /** IMPORT_MAX_BYTES: largest feed body (raw and decompressed), default 15 MiB. */
  importMaxBytes: number;
  /** IMPORT_TIMEOUT_SECONDS: time for a whole feed fetch, default 30. */
  importTimeoutSeconds: number;
  /** IMPORT_CONNECT_TIMEOUT_SECONDS: time to connect to a feed server, default 10. */
  importConnectTimeoutSeconds: number;
  /** IMPORT_WORKER_HEAP_MB: heap limit of the worker thread that reads a feed, default 64 (a 15 MiB feed needs ~40). */
  importWorkerHeapMb: number;
  /** PUBLIC_URL: the API's public origin, used in generated short links (default: relative /s/{code}). */
  publicUrl: string | undefined;
  /** SMTP_URL: where invitation and password-reset mails go (nodemailer URL, e.g. smtp://user:pass@host:587); unset: links are shown once to the admin instead. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of those mails, default "Newsdesk <newsdesk@localhost>". */
  mailFrom: string;
  /** INVITATION_HOURS: how long an invitation link works, default 72. */
  invitationHours: number;
  /** PASSWORD_RESET_HOURS: how long a password-reset link works, default 24. */
  passwordResetHours: number;
  /** PLACES_PROVIDER: suburb autocomplete source, 'local' (bundled gazetteer, default). */
  placesProvider: string;
  /** ARTICLE_LOCK_MINUTES: an article's edit lock is free again after this many minutes without activity, default 15. */
  articleLockMinutes: number;
  /** REVISIONS_KEEP: the newest revisions each article keeps (older ones are deleted at the next save), default 0 = keep all. */
  revisionsKeep: number;
  /** WORKING_COPY_RETENTION_DAYS: how long a user's unsaved changes of an article are kept after their last write, default 14. */
  workingCopyRetentionDays: number;
  /** IMAGE_MAX_MB: the largest image upload (POST /api/image), in MiB, default 10. */
  imageMaxMegabytes: number;
  /** IMAGE_DECODE_CONCURRENCY: images this process decodes at a time (uploads and imports), default 2. */
  imageDecodeConcurrency: number;
  /** IMAGE_UPLOADS_PER_USER: uploads one user may have in progress at a time on this process, default 2. */
  imageUploadsPerUser: number;
  /** IMPORT_IMAGE_CONCURRENCY: images of imported items fetched at a time per run, default 4. */
  importImageConcurrency: number;
  /** IMPORT_IMAGE_TIMEOUT_SECONDS: time to fetch one image of an imported item, default 15. */
  importImageTimeoutSeconds: number;
  /**
   * PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes (10-20, default 14: 16 MiB and
   * about 50 ms per hash). Stored hashes of another cost are replaced at their next sign-in. Below 14
   * only for tests, where thousands of sign-ins would otherwise spend minutes in scrypt.
   */
  passwordHashCost: number;
  /**
   * SESSION_CACHE_SECONDS: how long a resolved session is kept in this process before the database
   * is asked again, default 10; 0 = no cache. Sign-out evicts at once; on PostgreSQL a session ended
   * elsewhere (another process, SQL) is evicted at once too (NOTIFY session_revoked, migration 0020);
   * on PGlite (one process) only SQL by hand goes unseen for up to this long.
   */
  sessionCacheSeconds: number;
  /**
   * LIST_CACHE_MS: GET /api/portal/articles answers are cached this many ms (0-1000, default 1000;
   * 0 = no cache; 0 when the app is built without loadConfig, as in tests). See api/README.md.
   */
  listCacheMs: number;
  /**
   * SECRET_KEY: the key material secrets stored for reading back are sealed with (TOTP secrets,
   * AES-256-GCM, lib/secret-box.ts), at least 24 characters, the same on every API process. Unset: a
   * random key kept in DATA_DIR/secret.key (one host only).
   */
  secretKey: string | undefined;
  /** OIDC_*: single sign-on by OpenID Connect (lib/sso-config.ts); undefined: off. */
  sso: SsoConfig | undefined;

  // Not read from the environment (tuning knobs for tests and embedding).
  /** A session is renewed (expiry pushed forward) at most once per this many seconds. */
  sessionRenewIntervalSeconds: number;
  /** SIGN_IN_MAX_FAILURES: failed sign-ins allowed per client address + username within the window before 429, default 5. */
  loginMaxFailures: number;
  /** SIGN_IN_WINDOW_MINUTES: the failed sign-in window, in minutes, default 15. */
  loginFailureWindowMinutes: number;
  /** SIGN_IN_ADDRESS_MAX_FAILURES: failed sign-ins from one client address (any names) within the window before every sign-in from it gets 429, default 100. */
  loginAddressMaxFailures: number;
  /** At most this many sessions in the session cache (least recently used go first). */
  sessionCacheMax: number;
  /** Live presence (GET /api/portal/events): a heartbeat this often, each one checking the session again. */
  presenceHeartbeatMs: number;
  /** EVENT_STREAMS_PER_SESSION / EVENT_STREAMS_PER_USER: open live streams one session / one user may hold on a process (a few tabs). */
  eventStreamsPerSession: number;
  eventStreamsPerUser: number;
  /** EVENT_STREAMS_MAX: open live streams on a process, all users together. */
  eventStreamsMax: number;
  /** REFUSED_SIGN_IN_RETENTION_DAYS: how long the activity log keeps a refused sign-in (with its IP). */
  refusedSignInRetentionDays: number;
  /** MAX_CONNECTIONS: open connections of a process; one more is answered 503 server_busy and closed (kept under the descriptor limit). */
  maxConnections: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (got "${raw}")`);
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

/** A configured secret a client must present is at least this long: guessing it is hopeless. */
const SECRET_MIN_CHARACTERS = 24;

function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = nonEmpty(env, name);
  if (value !== undefined && value.length < SECRET_MIN_CHARACTERS) {
    throw new ConfigError(`${name} must be at least ${SECRET_MIN_CHARACTERS} characters long`);
  }
  return value;
}

/** Parses a remotes manifest (JSON object of remote name → manifest URL; null removes a default entry). */
export function parseRemotesManifest(text: string, source: string): Record<string, string | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${source} is not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError(`${source} must be a JSON object of remote name to manifest URL`);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== null && typeof value !== 'string') {
      throw new ConfigError(`${source}: the entry "${key}" must be a URL string (or null to remove it)`);
    }
  }
  return parsed as Record<string, string | null>;
}

/** Defaults, for tests and embedding: everything a config needs, nothing read from the environment. */
export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 8080,
    host: '127.0.0.1',
    dataDir: path.join(REPO_ROOT, 'data'),
    databaseUrl: undefined,
    demo: false,
    adminPassword: undefined,
    remotesManifestFile: undefined,
    remotesManifest: undefined,
    staticRoot: REPO_ROOT,
    sessionTtlHours: 12,
    sessionRememberDays: 30,
    logLevel: 'info',
    cronSecret: undefined,
    compiledSchemaDir: undefined,
    metricsToken: undefined,
    importScheduler: false,
    importSchedulerTickSeconds: 30,
    publishScheduler: false,
    publishSchedulerTickSeconds: 30,
    overdueScheduler: false,
    overdueSchedulerTickSeconds: 30,
    webhookWorker: false,
    webhookWorkerTickMs: 500,
    importAllowPrivateHosts: false,
    importAllowedNetworks: [],
    importMaxBytes: 15 * 1024 * 1024,
    importTimeoutSeconds: 30,
    importConnectTimeoutSeconds: 10,
    importWorkerHeapMb: 64,
    publicUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Newsdesk <newsdesk@localhost>',
    invitationHours: 72,
    passwordResetHours: 24,
    placesProvider: 'local',
    articleLockMinutes: 15,
    revisionsKeep: 0,
    workingCopyRetentionDays: 14,
    imageMaxMegabytes: 10,
    imageDecodeConcurrency: 2,
    imageUploadsPerUser: 2,
    importImageConcurrency: 4,
    importImageTimeoutSeconds: 15,
    sessionCacheSeconds: 10,
    passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
    listCacheMs: 0,
    sso: undefined,
    secretKey: undefined,
    sessionRenewIntervalSeconds: 300,
    loginMaxFailures: 5,
    loginFailureWindowMinutes: 15,
    loginAddressMaxFailures: 100,
    trustProxy: false,
    shutdownTimeoutSeconds: 25,
    sessionCacheMax: 10_000,
    presenceHeartbeatMs: 20_000,
    eventStreamsPerSession: 4,
    eventStreamsPerUser: 8,
    eventStreamsMax: 4_000,
    maxConnections: 8_000,
    refusedSignInRetentionDays: 30,
    ...overrides,
  };
}

/**
 * Reads the configuration from the environment. Demo mode defaults to on when neither
 * NEWSDESK_DEMO nor DATABASE_URL is set (a bare `npm start` / `npm run serve` gives a working demo),
 * and to off as soon as a real PostgreSQL server is configured.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  const manifestText = nonEmpty(env, 'REMOTES_MANIFEST');
  const publicUrl = nonEmpty(env, 'PUBLIC_URL')?.replace(/\/+$/, '');
  return defaultConfig({
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env, 'DATA_DIR') ?? path.join(REPO_ROOT, 'data')),
    databaseUrl,
    demo: flag(env, 'NEWSDESK_DEMO') ?? databaseUrl === undefined,
    adminPassword: nonEmpty(env, 'ADMIN_PASSWORD'),
    remotesManifestFile: nonEmpty(env, 'REMOTES_MANIFEST_FILE') ? path.resolve(env.REMOTES_MANIFEST_FILE as string) : undefined,
    remotesManifest: manifestText ? parseRemotesManifest(manifestText, 'REMOTES_MANIFEST') : undefined,
    staticRoot: path.resolve(nonEmpty(env, 'STATIC_ROOT') ?? REPO_ROOT),
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 365),
    sessionRememberDays: integer(env, 'SESSION_REMEMBER_DAYS', 30, 1, 3650),
    sessionCacheSeconds: integer(env, 'SESSION_CACHE_SECONDS', 10, 0, 300),
    passwordHashCost: integer(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, 10, 20),
    listCacheMs: integer(env, 'LIST_CACHE_MS', 1000, 0, 1000),
    articleLockMinutes: integer(env, 'ARTICLE_LOCK_MINUTES', 15, 1, 24 * 60),
    revisionsKeep: integer(env, 'REVISIONS_KEEP', 0, 0, 1_000_000),
    workingCopyRetentionDays: integer(env, 'WORKING_COPY_RETENTION_DAYS', 14, 1, 3650),
    imageMaxMegabytes: integer(env, 'IMAGE_MAX_MB', 10, 1, 100),
    imageDecodeConcurrency: integer(env, 'IMAGE_DECODE_CONCURRENCY', 2, 1, 64),
    imageUploadsPerUser: integer(env, 'IMAGE_UPLOADS_PER_USER', 2, 1, 100),
    importImageConcurrency: integer(env, 'IMPORT_IMAGE_CONCURRENCY', 4, 1, 64),
    importImageTimeoutSeconds: integer(env, 'IMPORT_IMAGE_TIMEOUT_SECONDS', 15, 1, 600),
    logLevel,
    cronSecret: nonEmpty(env, 'CRON_SECRET'),
    metricsToken: secret(env, 'METRICS_TOKEN'),
    secretKey: secret(env, 'SECRET_KEY'),
    compiledSchemaDir: nonEmpty(env, 'COMPILED_SCHEMA_DIR') ? path.resolve(env.COMPILED_SCHEMA_DIR as string) : undefined,
    importScheduler: flag(env, 'IMPORT_SCHEDULER') ?? true,
    importSchedulerTickSeconds: integer(env, 'IMPORT_SCHEDULER_TICK_SECONDS', 30, 1, 3600),
    publishScheduler: flag(env, 'PUBLISH_SCHEDULER') ?? true,
    publishSchedulerTickSeconds: integer(env, 'PUBLISH_SCHEDULER_TICK_SECONDS', 30, 1, 3600),
    overdueScheduler: flag(env, 'OVERDUE_SCHEDULER') ?? true,
    overdueSchedulerTickSeconds: integer(env, 'OVERDUE_SCHEDULER_TICK_SECONDS', 30, 1, 3600),
    webhookWorker: flag(env, 'WEBHOOK_WORKER') ?? true,
    webhookWorkerTickMs: integer(env, 'WEBHOOK_WORKER_TICK_MS', 500, 50, 60_000),
    importAllowPrivateHosts: flag(env, 'IMPORT_ALLOW_PRIVATE_HOSTS') ?? false,
    importAllowedNetworks: networkList(env, 'IMPORT_ALLOWED_NETWORKS'),
    importMaxBytes: integer(env, 'IMPORT_MAX_BYTES', 15 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    importTimeoutSeconds: integer(env, 'IMPORT_TIMEOUT_SECONDS', 30, 1, 600),
    importConnectTimeoutSeconds: integer(env, 'IMPORT_CONNECT_TIMEOUT_SECONDS', 10, 1, 120),
    importWorkerHeapMb: integer(env, 'IMPORT_WORKER_HEAP_MB', 64, 16, 4096),
    publicUrl,
    sso: ssoSettings(env, publicUrl),
    placesProvider: placesProvider(env),
    smtpUrl: nonEmpty(env, 'SMTP_URL'),
    mailFrom: nonEmpty(env, 'MAIL_FROM') ?? 'Newsdesk <newsdesk@localhost>',
    invitationHours: integer(env, 'INVITATION_HOURS', 72, 1, 24 * 90),
    passwordResetHours: integer(env, 'PASSWORD_RESET_HOURS', 24, 1, 24 * 30),
    eventStreamsPerSession: integer(env, 'EVENT_STREAMS_PER_SESSION', 4, 1, 100),
    eventStreamsPerUser: integer(env, 'EVENT_STREAMS_PER_USER', 8, 1, 1000),
    eventStreamsMax: integer(env, 'EVENT_STREAMS_MAX', 4_000, 1, 1_000_000),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 8_000, 16, 1_000_000),
    refusedSignInRetentionDays: integer(env, 'REFUSED_SIGN_IN_RETENTION_DAYS', 30, 1, 3650),
    loginMaxFailures: integer(env, 'SIGN_IN_MAX_FAILURES', 5, 1, 1000),
    loginFailureWindowMinutes: integer(env, 'SIGN_IN_WINDOW_MINUTES', 15, 1, 24 * 60),
    loginAddressMaxFailures: integer(env, 'SIGN_IN_ADDRESS_MAX_FAILURES', 100, 1, 1_000_000),
    trustProxy: trustProxy(env),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT', 25, 1, 3600),
  });
}

function ssoSettings(env: NodeJS.ProcessEnv, publicUrl: string | undefined): SsoConfig | undefined {
  try {
    return loadSsoConfig(env, publicUrl);
  } catch (error) {
    if (error instanceof SsoConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function networkList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (nonEmpty(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    validateNetworks(entries);
  } catch (error) {
    throw new ConfigError(`${name}: ${(error as Error).message}`);
  }
  return entries;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: empty/false/0 → trust none; a whole number → that many hops; else a list of addresses / CIDRs. */
export function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = (nonEmpty(env, 'TRUST_PROXY') ?? '').trim();
  if (raw === '' || ['false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) {
    const hops = integer(env, 'TRUST_PROXY', 0, 0, 16);
    return hops === 0 ? false : hops;
  }
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) {
    throw new ConfigError(
      'TRUST_PROXY must name the proxies (addresses or CIDR ranges) or their number of hops, not "true" (anyone could then claim any address)',
    );
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    validateNetworks(entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry.toLowerCase())));
  } catch (error) {
    throw new ConfigError(`TRUST_PROXY: ${(error as Error).message}`);
  }
  return entries.map((entry) => (PROXY_RANGE_NAMES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function placesProvider(env: NodeJS.ProcessEnv): string {
  const value = (nonEmpty(env, 'PLACES_PROVIDER') ?? 'local').toLowerCase();
  // Only the bundled gazetteer is implemented; a maps geocoding provider plugs in behind PlaceProvider.
  if (value !== 'local') throw new ConfigError(`PLACES_PROVIDER must be "local" (got "${env.PLACES_PROVIDER}")`);
  return value;
}
