/** What a run of an importer is given: the engine's settings (from the app config) and the run's options. */
import type { AppConfig } from '../config';
import type { AddressPolicy } from '../lib/address-guard';
import type { ImageFetchSettings } from '../import/engine/item-images';
import type { GroupOptions } from '../import/engine/parse';
import type { Importer as StoredImporter } from '../repositories/importers';

export interface EngineSettings {
  policy: AddressPolicy;
  maxBytes: number;
  totalTimeoutMs: number;
  connectTimeoutMs: number;
  publicUrl: string | undefined;
  /** Heap limit of the worker thread that reads a feed (IMPORT_WORKER_HEAP_MB). */
  workerHeapMb: number;
  /** How big feeds are split into groups (tests make groups small). */
  groups?: GroupOptions;
  /** PGlite: one process opens the database, so a run owned by another process is over (import-recovery.ts). */
  singleProcessDatabase?: boolean;
  /** PostgreSQL: a run holds this process's owner lock on it, which tells other processes it is alive (engine/instance.ts). */
  databaseUrl?: string | undefined;
  /** Fetching the items' own images (default: the feed's policy, 10 MiB, 15 s, 4 at a time). */
  images?: Partial<ImageFetchSettings>;
}

/** Milliseconds per phase of one run (logged; the bench prints them). */
export interface RunTimings {
  fetch: number;
  parse: number;
  dedupe: number;
  map: number;
  /** The time the run waited for the database (beyond what reading took meanwhile). */
  write: number;
  /** The time the database spent on the writes themselves (they overlap the reading). */
  writing: number;
}

export interface RunOptions {
  simulate: boolean;
  trigger: 'manual' | 'schedule';
  settings: EngineSettings;
  /** The scheduler took the lease already (its claim); the run releases it. */
  leaseHeld?: boolean;
  now?: () => Date;
  /** Told the phases' times of a run that read its feed (the scheduler logs them, the bench prints them). */
  onTimings?: (timings: RunTimings) => void;
}

/** The importer fields a run reads. */
export type RunnableImporter = Pick<StoredImporter, 'id' | 'title' | 'feed_url' | 'plugin' | 'schedule' | 'enabled' | 'defaults'>;

export function imageSettings(settings: EngineSettings): ImageFetchSettings {
  return {
    policy: settings.policy,
    maxBytes: 10 * 1024 * 1024,
    timeoutMs: 15_000,
    connectTimeoutMs: settings.connectTimeoutMs,
    concurrency: 4,
    ...settings.images,
  };
}

/** The engine settings from the app config. */
export function engineSettings(
  config: Pick<
    AppConfig,
    | 'importAllowPrivateHosts'
    | 'importAllowedNetworks'
    | 'importMaxBytes'
    | 'importTimeoutSeconds'
    | 'importConnectTimeoutSeconds'
    | 'importWorkerHeapMb'
    | 'publicUrl'
  > &
    Partial<Pick<AppConfig, 'databaseUrl' | 'imageMaxMegabytes' | 'importImageConcurrency' | 'importImageTimeoutSeconds'>>,
): EngineSettings {
  return {
    policy: { allowPrivate: config.importAllowPrivateHosts, allowedNetworks: config.importAllowedNetworks },
    maxBytes: config.importMaxBytes,
    totalTimeoutMs: config.importTimeoutSeconds * 1000,
    connectTimeoutMs: config.importConnectTimeoutSeconds * 1000,
    publicUrl: config.publicUrl,
    workerHeapMb: config.importWorkerHeapMb,
    singleProcessDatabase: !config.databaseUrl,
    databaseUrl: config.databaseUrl,
    images: {
      ...(config.imageMaxMegabytes ? { maxBytes: config.imageMaxMegabytes * 1024 * 1024 } : {}),
      ...(config.importImageConcurrency ? { concurrency: config.importImageConcurrency } : {}),
      ...(config.importImageTimeoutSeconds ? { timeoutMs: config.importImageTimeoutSeconds * 1000 } : {}),
    },
  };
}
