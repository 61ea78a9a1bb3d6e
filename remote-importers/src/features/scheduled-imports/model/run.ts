import type { ImporterOutcome, RunItem, RunItemFailure, RunResult } from 'contracts/schemas/importers';
// Manual runs (spec sections 2, 4, 7 and 9) as pure functions: the run buttons and their cron
// calls, and the run-state machine idle → running → results → (complete) idle; an error stops running.

/** Spec section 9: schedule groups of a run; -1 means all. The buttons in the modal's order. */
export const RUN_BUTTONS = [
  { key: 'all', group: -1 },
  { key: 'every5', group: 4 },
  { key: 'hourly', group: 1 },
  { key: 'daily', group: 2 },
  { key: 'weekly', group: 3 },
] as const;
export type RunGroup = (typeof RUN_BUTTONS)[number]['group'];

export type RunTarget = { kind: 'group'; group: RunGroup } | { kind: 'single'; id: number };

/** GET /cron/import/{group}?simulate=0|1 or GET /cron/import/single/{id}?simulate=0|1. */
export function runUrl(target: RunTarget, simulate: boolean): string {
  const flag = simulate ? '1' : '0';
  return target.kind === 'single' ? `/cron/import/single/${target.id}?simulate=${flag}` : `/cron/import/${target.group}?simulate=${flag}`;
}

export type RunImporterOutcome = ImporterOutcome;
export type { RunItem, RunItemFailure, RunResult };

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; target: RunTarget; simulate: boolean; startedAt: number }
  | { status: 'results'; target: RunTarget; result: RunResult };

export type RunEvent =
  | { type: 'start'; target: RunTarget; simulate: boolean; now: number }
  | { type: 'succeed'; result: unknown }
  | { type: 'fail' }
  | { type: 'complete' };

export const IDLE: RunState = Object.freeze({ status: 'idle' });

/**
 * The run-state machine. A start while running is ignored (one run at a time; the buttons are
 * disabled then too). Results replace earlier results. Complete clears them. An error goes back to idle.
 */
export function runReducer(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'start':
      if (state.status === 'running') return state;
      return { status: 'running', target: event.target, simulate: event.simulate, startedAt: event.now };
    case 'succeed':
      if (state.status !== 'running') return state;
      return { status: 'results', target: state.target, result: normaliseResult(event.result, state.simulate) };
    case 'fail':
      return state.status === 'running' ? IDLE : state;
    case 'complete':
      return state.status === 'results' ? IDLE : state;
    default:
      return state;
  }
}

const count = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** A result in the documented shape whatever came back (missing lists are empty). */
export function normaliseResult(raw: unknown, simulate: boolean): RunResult {
  const data = (raw && typeof raw === 'object' ? raw : {}) as Partial<RunResult>;
  return {
    simulate: typeof data.simulate === 'boolean' ? data.simulate : simulate,
    importers: Array.isArray(data.importers)
      ? data.importers.map((outcome) => ({
          ...outcome,
          seen: count(outcome.seen),
          created: count(outcome.created),
          duplicates: count(outcome.duplicates),
          failed: count(outcome.failed),
        }))
      : [],
    items: Array.isArray(data.items) ? data.items : [],
    failures: Array.isArray(data.failures) ? data.failures : [],
  };
}

const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

/**
 * The preview frame's document of a run item: its Intro, then its Text under a heading of its own
 * (the split the article will have), in the item's sanitised HTML; headings are plain text.
 */
export function previewDocument(item: RunItem, headings: { intro: string; text: string }, imageMaxHeightPx: number): string {
  const style = `body{font-family:sans-serif;font-size:14px;line-height:1.5;margin:8px}img{max-width:100%;max-height:${imageMaxHeightPx}px}h2{font-size:12px;text-transform:uppercase;color:#555;margin:16px 0 4px}`;
  const text = item.text ?? '';
  const parts = text
    ? `<h2>${escapeText(headings.intro)}</h2>${item.introtext ?? ''}<h2>${escapeText(headings.text)}</h2>${text}`
    : (item.introtext ?? '');
  return `<!doctype html><meta charset="utf-8"><style>${style}</style>${parts}`;
}

/** Seconds since the run started (the progress line). */
export function elapsedSeconds(state: RunState, now: number): number {
  return state.status === 'running' ? Math.max(0, Math.floor((now - state.startedAt) / 1000)) : 0;
}

/** Totals over the importers of a result (the summary line above the table). */
export function totals(result: RunResult) {
  return result.importers.reduce(
    (sum, outcome) => ({
      seen: sum.seen + outcome.seen,
      created: sum.created + outcome.created,
      duplicates: sum.duplicates + outcome.duplicates,
      failed: sum.failed + outcome.failed,
      errors: sum.errors + (outcome.status === 'error' ? 1 : 0),
    }),
    { seen: 0, created: 0, duplicates: 0, failed: 0, errors: 0 },
  );
}

/** What the list does on arrival (router state): "Save and simulate" opens the run of the saved import, simulated. */
export interface ImportListIntent {
  simulate?: { id: number; title: string };
}

/** The intent carried in router state, or none (state comes from history and may be anything). */
export function importListIntent(state: unknown): ImportListIntent {
  const simulate = (state as ImportListIntent | null)?.simulate;
  return simulate && Number.isInteger(simulate.id) && typeof simulate.title === 'string' ? { simulate } : {};
}
