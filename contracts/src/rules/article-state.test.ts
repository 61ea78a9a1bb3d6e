// Unit tests of the article state rules (spec sections 4 and 6): every state × every action × every
// combination of rights × owner / not owner, against the spec's rules written out as tables.
import API_ERRORS from '../errors/api-errors.json';
import { RIGHTS, type Right } from './rights';
import {
  ARTICLE_ACTIONS,
  approvedState,
  planUpdate,
  restoredState,
  stateName,
  transition,
  UPDATE_FIELDS,
  type Actor,
  type ArticleAction,
  type ArticleFacts,
  type UpdateField,
} from './article-state';

const ME = 7;
const SOMEONE_ELSE = 8;
/** The named states, plus 2 and 3 as examples of "Other". */
const STATES = [0, 1, 4, 5, -2, 2, 3];
const OWNERS: Array<[label: string, createdBy: number | null]> = [
  ['own', ME],
  ["someone else's", SOMEONE_ELSE],
  ['orphaned', null],
];

/** Every subset of the rights (2^n: 256 for eight, 512 with view_activity). */
const RIGHT_SETS: Right[][] = Array.from({ length: 1 << RIGHTS.length }, (_, mask) => RIGHTS.filter((_, bit) => mask & (1 << bit)));

function article(state: number, createdBy: number | null, extra: Partial<ArticleFacts> = {}): ArticleFacts {
  return { id: 42, state, createdBy, access: 2, featured: 0, newsletter: 0, ...extra };
}
function actor(rights: Right[]): Actor {
  return { id: ME, rights };
}

/** Spec: "Approve: 1 becomes 0, and anything else becomes 1." */
const APPROVE: Record<number, number> = { 0: 1, 1: 0, 4: 1, 5: 1, [-2]: 1, 2: 1, 3: 1 };
/** Submit applies to drafts only: 5 → 4. */
const SUBMIT: Record<number, number | 'refused'> = {
  0: 'refused',
  1: 'refused',
  4: 'refused',
  5: 4,
  [-2]: 'refused',
  2: 'refused',
  3: 'refused',
};
/** Delete: not -2 → -2; -2 → permanently deleted (null). */
const DELETE: Record<number, number | null> = { 0: -2, 1: -2, 4: -2, 5: -2, [-2]: null, 2: -2, 3: -2 };
/** Restore: -2 → 0 (Unpublished) when the state before the trash is not known; nothing else is in the trash. */
const RESTORE: Record<number, number | 'refused'> = {
  0: 'refused',
  1: 'refused',
  4: 'refused',
  5: 'refused',
  [-2]: 0,
  2: 'refused',
  3: 'refused',
};

type Expected = { to: number | null } | { status: number; code: string; params?: Record<string, string | number> };

function expectedTransition(state: number, action: ArticleAction, rights: Right[], owner: boolean): Expected {
  const editor = owner || rights.includes('edit_all_articles');
  switch (action) {
    case 'approve':
      if (!rights.includes('approve_article')) return { status: 403, code: 'no_right', params: { right: 'approve_article' } };
      // A trashed article is restored before anything else happens to it.
      return state === -2 ? { status: 409, code: 'approve_trashed' } : { to: APPROVE[state] as number };
    case 'submit': {
      if (!editor) return { status: 403, code: 'submit_not_yours' };
      const to = SUBMIT[state];
      return to === 'refused' ? { status: 409, code: 'submit_not_draft', params: { state } } : { to: to as number };
    }
    case 'delete':
      return editor ? { to: DELETE[state] as number | null } : { status: 403, code: 'delete_not_yours' };
    case 'restore': {
      if (!editor) return { status: 403, code: 'article_restore_not_yours' };
      const to = RESTORE[state];
      return to === 'refused' ? { status: 409, code: 'article_restore_not_in_trash' } : { to: to as number };
    }
  }
}

describe('article state rules', () => {
  describe.each(ARTICLE_ACTIONS.map((action) => [action]))('%s', (action) => {
    it.each(STATES.map((state) => [stateName(state), state]))('from %s (%i): every right combination, own and others', (_label, state) => {
      let checked = 0;
      for (const rights of RIGHT_SETS) {
        for (const [, createdBy] of OWNERS) {
          const result = transition(article(state, createdBy), action, actor(rights));
          const expected = expectedTransition(state, action, rights, createdBy === ME);
          if ('to' in expected) {
            expect(result).toEqual({ ok: true, action, from: state, to: expected.to });
          } else {
            expect(result).toEqual({ ok: false, ...expected });
          }
          checked += 1;
        }
      }
      expect(checked).toBe(RIGHT_SETS.length * 3);
    });
  });

  it('restore brings back the state the article had before the trash; Published only for an approver', () => {
    const restore = (trashedFrom: number | null | undefined, rights: Right[]) =>
      transition(article(-2, ME, { trashedFrom }), 'restore', actor(rights));
    expect(restore(5, ['create_article'])).toMatchObject({ ok: true, to: 5 });
    expect(restore(4, ['create_article'])).toMatchObject({ ok: true, to: 4 });
    expect(restore(0, ['create_article'])).toMatchObject({ ok: true, to: 0 });
    expect(restore(1, ['create_article'])).toMatchObject({ ok: true, to: 0 });
    expect(restore(1, ['approve_article'])).toMatchObject({ ok: true, to: 1 });
    expect(restore(null, ['approve_article'])).toMatchObject({ ok: true, to: 0 });
    expect(restore(3, ['approve_article'])).toMatchObject({ ok: true, to: 0 });
    expect(restoredState(5, true)).toBe(5);
  });

  it('approve follows the spec table', () => {
    for (const state of STATES) expect(approvedState(state)).toBe(APPROVE[state]);
  });

  it('refuses to submit a new article (id 0), whoever asks', () => {
    for (const rights of RIGHT_SETS) {
      const result = transition({ ...article(5, ME), id: 0 }, 'submit', actor(rights));
      expect(result).toEqual({
        ok: false,
        status: 400,
        code: 'submit_unsaved_article',
      });
    }
  });

  it('only the rights named in the rules matter', () => {
    const relevant: Record<ArticleAction, Right[]> = {
      approve: ['approve_article'],
      submit: ['edit_all_articles'],
      delete: ['edit_all_articles'],
      restore: ['edit_all_articles'],
    };
    for (const action of ARTICLE_ACTIONS) {
      for (const state of STATES) {
        for (const [, createdBy] of OWNERS) {
          const outcomes = new Map<string, string>();
          for (const rights of RIGHT_SETS) {
            const key = relevant[action].filter((right) => rights.includes(right)).join(',');
            const outcome = JSON.stringify(transition(article(state, createdBy), action, actor(rights)));
            if (outcomes.has(key)) expect(outcome).toBe(outcomes.get(key));
            else outcomes.set(key, outcome);
          }
          expect(outcomes.size).toBeLessThanOrEqual(2);
        }
      }
    }
  });

  it('names the states; any other value is Other', () => {
    expect(STATES.map(stateName)).toEqual(['unpublished', 'published', 'awaitingApproval', 'draft', 'trash', 'other', 'other']);
  });
});

/** The demo roles (docs/ARCHITECTURE.md) and what they may do to their own and to others' articles. */
const ROLES: Record<string, Right[]> = {
  admin: [...RIGHTS],
  editor: ['import', 'create_article', 'edit_all_articles', 'view_all_articles', 'set_access', 'feature_article', 'manage_categories'],
  approver: ['create_article', 'view_all_articles', 'approve_article', 'set_access'],
  submitter: ['create_article'],
};

describe('article state rules per demo role', () => {
  const table: Array<[role: string, action: ArticleAction, own: boolean, allowed: boolean]> = [
    ['admin', 'approve', false, true],
    ['admin', 'submit', false, true],
    ['admin', 'delete', false, true],
    ['editor', 'approve', true, false],
    ['editor', 'submit', false, true],
    ['editor', 'delete', false, true],
    ['approver', 'approve', false, true],
    ['approver', 'submit', false, false],
    ['approver', 'submit', true, true],
    ['approver', 'delete', false, false],
    ['approver', 'delete', true, true],
    ['submitter', 'approve', true, false],
    ['submitter', 'submit', true, true],
    ['submitter', 'submit', false, false],
    ['submitter', 'delete', true, true],
    ['submitter', 'delete', false, false],
  ];
  it.each(table)('%s %s (own: %s) → allowed %s', (role, action, own, allowed) => {
    const result = transition(article(5, own ? ME : SOMEONE_ELSE), action, actor(ROLES[role] as Right[]));
    expect(result.ok).toBe(allowed);
    if (!allowed) expect(result).toMatchObject({ status: 403 });
  });
});

/** The field updates of the list: every field × value × state × access × right combination × owner. */
describe('field updates (POST /api/portal/article/update rules)', () => {
  const RELEVANT: Right[] = ['set_access', 'feature_article', 'approve_article', 'edit_all_articles', 'view_all_articles'];
  const SETS: Right[][] = Array.from({ length: 1 << RELEVANT.length }, (_, mask) => RELEVANT.filter((_, bit) => mask & (1 << bit)));
  const VALUES = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6];

  function expectedUpdate(
    field: UpdateField,
    value: number,
    facts: ArticleFacts,
    rights: Right[],
  ): { to: number; changed: boolean } | number {
    const owner = facts.createdBy === ME;
    if (!(owner || rights.includes('view_all_articles') || rights.includes('edit_all_articles'))) return 403;
    const editor = owner || rights.includes('edit_all_articles');
    switch (field) {
      case 'access':
        if (!rights.includes('set_access')) return 403;
        if (value !== 1 && value !== 2) return 400;
        if (facts.access === 3) return 409;
        return { to: value, changed: value !== facts.access };
      case 'newsletter':
        if (!rights.includes('set_access')) return 403;
        if (value !== 0 && value !== 1) return 400;
        return { to: value, changed: value !== facts.newsletter };
      case 'featured':
        if (!rights.includes('feature_article')) return 403;
        if (value !== 0 && value !== 1) return 400;
        return { to: value, changed: value !== facts.featured };
      case 'state':
        if (value === 0 || value === 1) {
          if (!rights.includes('approve_article')) return 403;
          if (facts.state === value) return { to: value, changed: false };
          if (facts.state === -2) return 409;
          return APPROVE[facts.state] === value ? { to: value, changed: true } : 409;
        }
        if (value === 4) {
          if (!editor) return 403;
          if (facts.state === 4) return { to: 4, changed: false };
          return facts.state === 5 ? { to: 4, changed: true } : 409;
        }
        if (value === -2) {
          if (!editor) return 403;
          return { to: -2, changed: facts.state !== -2 };
        }
        return 400;
    }
  }

  it.each(UPDATE_FIELDS.map((field) => [field]))('%s', (field) => {
    // Mismatches are collected and compared once (tens of thousands of cases).
    const mismatches: string[] = [];
    let checked = 0;
    for (const state of STATES) {
      for (const access of [1, 2, 3]) {
        for (const flag of [0, 1]) {
          for (const [, createdBy] of OWNERS) {
            const facts = article(state, createdBy, { access, featured: flag, newsletter: flag });
            for (const rights of SETS) {
              for (const value of VALUES) {
                const result = planUpdate(facts, field, value, actor(rights));
                const expected = expectedUpdate(field, value, facts, rights);
                const from = field === 'state' ? state : field === 'access' ? access : flag;
                const good =
                  typeof expected === 'number'
                    ? !result.ok && result.status === expected && Object.prototype.hasOwnProperty.call(API_ERRORS, result.code)
                    : JSON.stringify(result) === JSON.stringify({ ok: true, field, from, to: expected.to, changed: expected.changed });
                if (!good) {
                  mismatches.push(
                    `${JSON.stringify({ facts, rights, value })} → ${JSON.stringify(result)}, expected ${JSON.stringify(expected)}`,
                  );
                }
                checked += 1;
              }
            }
          }
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(checked).toBe(STATES.length * 3 * 2 * OWNERS.length * SETS.length * VALUES.length);
  });

  it('explains refusals', () => {
    const approver = actor(ROLES.approver as Right[]);
    expect(planUpdate(article(1, SOMEONE_ELSE, { access: 3 }), 'access', 1, approver)).toEqual({
      ok: false,
      status: 409,
      code: 'update_access_premium',
    });
    expect(planUpdate(article(1, SOMEONE_ELSE), 'access', 3, approver)).toMatchObject({
      status: 400,
      code: 'update_access_value',
    });
    // Unpublish of an article that is not published says so (not what approving it would do).
    expect(planUpdate(article(4, SOMEONE_ELSE), 'state', 0, approver)).toEqual({
      ok: false,
      status: 409,
      code: 'unpublish_not_published',
      params: { state: 4 },
    });
    expect(planUpdate(article(5, SOMEONE_ELSE), 'state', 0, approver)).toMatchObject({
      code: 'unpublish_not_published',
      params: { state: 5 },
    });
    expect(planUpdate(article(-2, SOMEONE_ELSE), 'state', 1, approver)).toEqual({ ok: false, status: 409, code: 'approve_trashed' });
    expect(planUpdate(article(1, SOMEONE_ELSE), 'featured', 1, approver)).toMatchObject({
      status: 403,
      code: 'no_right',
      params: { right: 'feature_article' },
    });
    expect(planUpdate(article(1, SOMEONE_ELSE), 'newsletter', 1, actor(['create_article']))).toMatchObject({
      status: 403,
      code: 'update_not_yours',
    });
    expect(planUpdate(article(1, SOMEONE_ELSE), 'state', 7, approver)).toMatchObject({
      status: 400,
      code: 'update_state_value',
    });
  });
});
