import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the PostgreSQL pool reports (PGlite has one connection and no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** How a sign-in was refused: a wrong name or password, or one of the limits. */
const SIGN_IN_REFUSALS = ['invalid_credentials', 'too_many_attempts', 'address_blocked'] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

export function isSignInRefusal(code: string): code is SignInRefusal {
  return (SIGN_IN_REFUSALS as readonly string[]).includes(code);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics, in Prometheus' text format at GET /api/metrics. Each app has a registry
 * of its own (tests build several apps in one process); the process-level collectors (CPU, memory,
 * event-loop delay, GC) are added only where the endpoint is served.
 */
export class AppMetrics {
  readonly registry = new Registry();
  #poolStats: (() => PoolStats) | null = null;
  #eventStreams: (() => number) | null = null;

  readonly httpDuration = new Histogram({
    name: 'newsdesk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly signInRefusals = new Counter({
    name: 'newsdesk_sign_in_refusals_total',
    help: 'Sign-ins refused, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly importRuns = new Counter({
    name: 'newsdesk_import_runs_total',
    help: 'Importer runs (simulations not counted), by trigger and status',
    labelNames: ['trigger', 'status'] as const,
    registers: [this.registry],
  });

  readonly importRunDuration = new Histogram({
    name: 'newsdesk_import_run_duration_seconds',
    help: 'Duration of an importer run',
    labelNames: ['trigger'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  readonly schedulerLag = new Histogram({
    name: 'newsdesk_scheduler_lag_seconds',
    help: 'How late a background job tick started after it was due',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
    registers: [this.registry],
  });

  /** Image uploads inside the handler on this process (each user holds at most IMAGE_UPLOADS_PER_USER). */
  readonly imageUploadsInProgress = new Gauge({
    name: 'newsdesk_image_uploads_in_progress',
    help: 'Image uploads being received or processed on this process',
    registers: [this.registry],
  });

  readonly scheduledChanges = new Counter({
    name: 'newsdesk_scheduled_publishing_changes_total',
    help: 'Articles the publishing job changed at their scheduled time',
    registers: [this.registry],
  });

  constructor() {
    const pool: Gauge<'state'> = new Gauge({
      name: 'newsdesk_db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect: () => {
        const stats = this.#poolStats?.();
        if (!stats) return;
        pool.set({ state: 'in_use' }, stats.total - stats.idle);
        pool.set({ state: 'idle' }, stats.idle);
        pool.set({ state: 'waiting' }, stats.waiting);
      },
    });
    const streams: Gauge = new Gauge({
      name: 'newsdesk_event_streams',
      help: 'Open live-update event streams on this process',
      registers: [this.registry],
      collect: () => streams.set(this.#eventStreams?.() ?? 0),
    });
  }

  /** Where the pool gauge reads from (the database plugin, on PostgreSQL). */
  watchPool(stats: () => PoolStats): void {
    this.#poolStats = stats;
  }

  /** Where the event-stream gauge reads from (the presence routes). */
  watchEventStreams(count: () => number): void {
    this.#eventStreams = count;
  }

  /** Counts importer runs by status; the duration is observed when it is one importer's own. */
  recordImportRuns(trigger: 'manual' | 'schedule', outcomes: readonly { status: string }[], seconds: number): void {
    for (const { status } of outcomes) this.importRuns.inc({ trigger, status });
    if (outcomes.length === 1) this.importRunDuration.observe({ trigger }, seconds);
  }

  /** Adds the process-level collectors (once, when the endpoint is served). */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, prefix: 'newsdesk_' });
  }
}
