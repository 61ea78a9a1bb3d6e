import type { BulkArticlesResponse, BulkResult } from 'contracts/schemas/bulk';
import { summarize } from './bulkSummary';

const article = (id: number) => ({
  id,
  state: -2,
  access: 2,
  featured: 0,
  newsletter: 0,
  version: 2,
  modified: '2026-01-01T00:00:00.000Z',
});
const done = (id: number): BulkResult => ({ id, outcome: 'done', article: article(id) });
const unchanged = (id: number): BulkResult => ({ id, outcome: 'unchanged', article: article(id) });
const refused = (id: number, error: string, params?: Record<string, string | number>): BulkResult => ({
  id,
  outcome: 'refused',
  status: 403,
  error,
  ...(params ? { params } : {}),
});

function response(results: BulkResult[]): BulkArticlesResponse {
  const count = (outcome: BulkResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  return { action: 'trash', results, done: count('done'), unchanged: count('unchanged'), refused: count('refused') };
}

describe('bulk summary', () => {
  it('all done: success, nothing refused', () => {
    expect(summarize(response([done(3), done(2), done(1)]))).toEqual({
      action: 'trash',
      done: [3, 2, 1],
      unchanged: [],
      refused: [],
      refusedCount: 0,
      kind: 'success',
    });
  });

  it('unchanged rows are not refusals', () => {
    const summary = summarize(response([done(3), unchanged(2)]));
    expect(summary).toMatchObject({ done: [3], unchanged: [2], refusedCount: 0, kind: 'success' });
  });

  it('groups refusals by reason (code and parameters), in the order first met', () => {
    const summary = summarize(
      response([
        refused(9, 'update_not_yours'),
        done(8),
        refused(7, 'no_right', { right: 'approve_article' }),
        refused(6, 'update_not_yours'),
        refused(5, 'approve_state_mismatch', { state: 5, state_to: 1, state_wanted: 0 }),
        refused(4, 'approve_state_mismatch', { state_wanted: 0, state_to: 1, state: 5 }),
        refused(3, 'approve_state_mismatch', { state: 4, state_to: 1, state_wanted: 0 }),
        refused(2, 'article_not_found', { id: 2 }),
      ]),
    );
    expect(summary.kind).toBe('warning');
    expect(summary.refusedCount).toBe(7);
    expect(summary.refused).toEqual([
      { error: 'update_not_yours', params: {}, ids: [9, 6] },
      { error: 'no_right', params: { right: 'approve_article' }, ids: [7] },
      { error: 'approve_state_mismatch', params: { state: 5, state_to: 1, state_wanted: 0 }, ids: [5, 4] },
      { error: 'approve_state_mismatch', params: { state: 4, state_to: 1, state_wanted: 0 }, ids: [3] },
      { error: 'article_not_found', params: { id: 2 }, ids: [2] },
    ]);
  });

  it('all refused: error', () => {
    expect(summarize(response([refused(1, 'no_right', { right: 'feature_article' })])).kind).toBe('error');
  });
});
