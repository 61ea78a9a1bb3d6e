/**
 * Schedule codes (spec section 9): 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins. An importer is
 * due when its last attempted run plus its interval has passed; after failures the wait grows
 * exponentially (interval × 2^failures), capped at a day (or the interval itself when longer),
 * so a dead feed is not hammered every 5 minutes.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SCHEDULE_INTERVAL_MS: Readonly<Record<number, number>> = {
  1: HOUR,
  2: DAY,
  3: 7 * DAY,
  4: 5 * MINUTE,
};

export const SCHEDULE_CODES = [1, 2, 3, 4] as const;

export function scheduleIntervalMs(schedule: number): number | null {
  return SCHEDULE_INTERVAL_MS[schedule] ?? null;
}

/** How long after a run (that ended with `failures` consecutive failures) the importer is due again. */
export function nextRunDelayMs(schedule: number, failures: number): number {
  const interval = scheduleIntervalMs(schedule) ?? HOUR;
  if (failures <= 0) return interval;
  const cap = Math.max(interval, DAY);
  return Math.min(interval * 2 ** Math.min(failures, 20), cap);
}

/** A run lease: a crashed process's claim expires after this, so the importer is not stuck. */
export function leaseMs(fetchTimeoutMs: number): number {
  return Math.max(15 * MINUTE, fetchTimeoutMs * 4);
}
