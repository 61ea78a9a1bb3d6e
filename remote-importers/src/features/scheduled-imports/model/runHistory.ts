import type { ImportRun } from 'contracts/schemas/importers';
// Run history of one importer (GET /api/v2/portal/importer/{id}/runs) as chart bars. Pure.

export type { ImportRun };

export type RunStatus = 'ok' | 'error' | 'running' | 'none';

/** The status of an importer's last run (the list column). */
export function runStatus(run: ImportRun | null | undefined): RunStatus {
  if (!run) return 'none';
  if (run.error || run.status === 'error') return 'error';
  if (!run.finished || run.status === 'running') return 'running';
  return 'ok';
}

export const SERIES = ['new', 'duplicate', 'failed'] as const;
export type Series = (typeof SERIES)[number];

export interface Bar {
  id: number;
  started: string;
  error: string | null;
  error_code: string | null;
  error_params: Record<string, string | number> | null;
  /** Stacked segments bottom-up, heights in chart units (0..height). */
  segments: Array<{ series: Series; value: number; y: number; height: number }>;
}

const n = (value: unknown) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : 0);

/**
 * Stacked bars, oldest run on the left (the API lists newest first), scaled so the biggest run
 * fills `height`. A run with nothing new/duplicate/failed gets an empty bar (its error still shows).
 */
export function toBars(runs: readonly ImportRun[], height: number): { bars: Bar[]; max: number } {
  const ordered = [...runs].reverse();
  const max = Math.max(1, ...ordered.map((run) => n(run.new) + n(run.duplicate) + n(run.failed)));
  const bars = ordered.map((run) => {
    let y = height;
    const segments = SERIES.map((series) => {
      const value = n(run[series]);
      const h = (value / max) * height;
      y -= h;
      return { series, value, y, height: h };
    });
    return {
      id: run.id,
      started: run.started,
      error: run.error ?? null,
      error_code: run.error_code ?? null,
      error_params: run.error_params ?? null,
      segments,
    };
  });
  return { bars, max };
}
