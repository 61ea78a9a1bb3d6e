// The one summary of a bulk action: what was done, what was already so, and what
// was refused and why, with the refusals grouped by reason. Pure: the screen words it (the reasons
// by their API code, in the user's language).
import type { BulkAction } from 'contracts/rules/bulk-actions';
import type { BulkArticlesResponse } from 'contracts/schemas/bulk';

/** The articles refused for one reason (an API error code with its parameters). */
export interface RefusalGroup {
  error: string;
  params: Record<string, string | number>;
  ids: number[];
}

export interface BulkSummary {
  action: BulkAction;
  done: number[];
  unchanged: number[];
  refused: RefusalGroup[];
  refusedCount: number;
  /** success: nothing refused; warning: some refused; error: all refused. */
  kind: 'success' | 'warning' | 'error';
}

/** Refusals with the same code and parameters read the same: one group. */
function groupKey(error: string, params: Record<string, string | number>): string {
  return JSON.stringify([error, Object.entries(params).sort(([a], [b]) => a.localeCompare(b))]);
}

export function summarize(response: BulkArticlesResponse): BulkSummary {
  const done: number[] = [];
  const unchanged: number[] = [];
  const groups = new Map<string, RefusalGroup>();
  let refusedCount = 0;
  for (const result of response.results) {
    if (result.outcome === 'done') done.push(result.id);
    else if (result.outcome === 'unchanged') unchanged.push(result.id);
    else {
      refusedCount += 1;
      const error = result.error ?? 'bad_request';
      const params = result.params ?? {};
      const key = groupKey(error, params);
      const group = groups.get(key);
      if (group) group.ids.push(result.id);
      else groups.set(key, { error, params, ids: [result.id] });
    }
  }
  const kind = refusedCount === 0 ? 'success' : refusedCount === response.results.length ? 'error' : 'warning';
  return { action: response.action, done, unchanged, refused: [...groups.values()], refusedCount, kind };
}
