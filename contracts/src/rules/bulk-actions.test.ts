import { planUpdate, STATE, transition, type Actor, type ArticleFacts } from 'contracts/rules/article-state';
import { BULK_ACTION_RIGHT, BULK_ACTIONS, BULK_MAX_IDS, bulkChange, isBulkAction, offeredBulkActions } from 'contracts/rules/bulk-actions';
import { PAGE_SIZES } from 'contracts/rules/constants';
import { RIGHTS, type Right } from 'contracts/rules/rights';

const STATES = [STATE.UNPUBLISHED, STATE.PUBLISHED, STATE.AWAITING_APPROVAL, STATE.DRAFT, STATE.TRASH, 3];
const OWNER = 7;
const article = (state: number, featured = 0): ArticleFacts => ({ id: 1, state, createdBy: OWNER, access: 2, featured, newsletter: 0 });

/** Every subset of the rights (256): the rules are checked for each. */
const RIGHT_SETS: Right[][] = Array.from({ length: 2 ** RIGHTS.length }, (_, mask) => RIGHTS.filter((_, bit) => (mask >> bit) & 1));

/** What a bulk action ends in for one article, through the list's own rules (the API runs the same calls). */
function outcome(action: (typeof BULK_ACTIONS)[number], facts: ArticleFacts, actor: Actor) {
  const change = bulkChange(action);
  if (change.kind === 'restore') {
    const result = transition(facts, 'restore', actor);
    return result.ok ? { ok: true as const, from: result.from, to: result.to, changed: true } : result;
  }
  const plan = planUpdate(facts, change.field, change.value, actor);
  return plan.ok ? { ok: true as const, from: plan.from, to: plan.to, changed: plan.changed } : plan;
}

describe('bulk actions', () => {
  it('names six actions, each once', () => {
    expect([...BULK_ACTIONS]).toEqual(['approve', 'unpublish', 'trash', 'restore', 'feature', 'unfeature']);
    for (const action of BULK_ACTIONS) expect(isBulkAction(action)).toBe(true);
    for (const value of ['delete', 'Approve', '', null, 1, ['trash']]) expect(isBulkAction(value)).toBe(false);
  });

  it('takes at most the largest page of the list', () => {
    expect(BULK_MAX_IDS).toBe(100);
    expect(BULK_MAX_IDS).toBe(PAGE_SIZES[PAGE_SIZES.length - 1]);
  });

  it('maps each action to one change of the list', () => {
    expect(BULK_ACTIONS.map(bulkChange)).toEqual([
      { kind: 'update', field: 'state', value: 1 },
      { kind: 'update', field: 'state', value: 0 },
      { kind: 'update', field: 'state', value: -2 },
      { kind: 'restore' },
      { kind: 'update', field: 'featured', value: 1 },
      { kind: 'update', field: 'featured', value: 0 },
    ]);
  });

  it('offers an action exactly to the users whose rights allow it on some article, for every set of rights', () => {
    for (const rights of RIGHT_SETS) {
      const offered = offeredBulkActions(rights);
      for (const action of BULK_ACTIONS) {
        const right = BULK_ACTION_RIGHT[action];
        expect(offered.includes(action)).toBe(right === null || rights.includes(right));
        // Offered ⇔ the rules let this user do it on at least one own article in some state.
        const somewhere = STATES.some((state) => outcome(action, article(state, action === 'unfeature' ? 1 : 0), { id: OWNER, rights }).ok);
        expect({ action, rights, offered: offered.includes(action) }).toEqual({ action, rights, offered: somewhere });
      }
    }
  });

  it('trash never deletes for good: a trashed article stays, unchanged, for every user who may delete it', () => {
    for (const rights of RIGHT_SETS) {
      for (const owner of [true, false]) {
        const actor = { id: owner ? OWNER : 99, rights };
        const result = outcome('trash', article(STATE.TRASH), actor);
        if (result.ok) expect(result).toEqual({ ok: true, from: STATE.TRASH, to: STATE.TRASH, changed: false });
        const others = outcome('trash', article(STATE.PUBLISHED), actor);
        expect(result.ok).toBe(others.ok);
      }
    }
  });

  it('per state, as a user with every right: what each action ends in', () => {
    const admin = { id: 1, rights: [...RIGHTS] };
    const table = BULK_ACTIONS.map((action) => [
      action,
      STATES.map((state) => {
        const result = outcome(action, article(state, action === 'unfeature' ? 1 : 0), admin);
        return result.ok ? (result.changed ? `${result.from}→${result.to}` : 'unchanged') : result.code;
      }),
    ]);
    expect(Object.fromEntries(table)).toEqual({
      // states: 0, 1, 4, 5, -2, 3 (Other); feature and unfeature show the featured flag's change
      approve: ['0→1', 'unchanged', '4→1', '5→1', 'approve_trashed', '3→1'],
      unpublish: [
        'unchanged',
        '1→0',
        'unpublish_not_published',
        'unpublish_not_published',
        'unpublish_not_published',
        'unpublish_not_published',
      ],
      trash: ['0→-2', '1→-2', '4→-2', '5→-2', 'unchanged', '3→-2'],
      restore: [
        'article_restore_not_in_trash',
        'article_restore_not_in_trash',
        'article_restore_not_in_trash',
        'article_restore_not_in_trash',
        '-2→0',
        'article_restore_not_in_trash',
      ],
      feature: ['0→1', '0→1', '0→1', '0→1', '0→1', '0→1'],
      unfeature: ['1→0', '1→0', '1→0', '1→0', '1→0', '1→0'],
    });
  });

  it('a submitter may trash and restore only their own articles, and nothing else in bulk', () => {
    const submitter = { id: OWNER, rights: ['create_article'] as Right[] };
    const someoneElse = { ...article(STATE.PUBLISHED), createdBy: 99 };
    expect(outcome('trash', article(STATE.PUBLISHED), submitter)).toMatchObject({ ok: true, to: STATE.TRASH });
    expect(outcome('trash', someoneElse, submitter)).toMatchObject({ ok: false, status: 403, code: 'update_not_yours' });
    expect(outcome('restore', article(STATE.TRASH), submitter)).toMatchObject({ ok: true, to: STATE.UNPUBLISHED });
    expect(outcome('restore', { ...someoneElse, state: STATE.TRASH }, submitter)).toMatchObject({
      ok: false,
      code: 'article_restore_not_yours',
    });
    expect(outcome('approve', article(STATE.UNPUBLISHED), submitter)).toMatchObject({ ok: false, status: 403, code: 'no_right' });
    expect(outcome('feature', article(STATE.PUBLISHED), submitter)).toMatchObject({ ok: false, status: 403, code: 'no_right' });
  });
});
