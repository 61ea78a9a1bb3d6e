/**
 * Bulk actions of the article list: one action on the rows a user selected, as
 * pure rules. Each action is one of the list's single-row changes (article-state.ts), so a bulk
 * action allows and refuses per row exactly what that row's own icon would:
 *
 * - approve: state 1 (Published) through the list's state update; an article already published is unchanged.
 * - unpublish: state 0 through the same update (only a published article can be unpublished; others are refused).
 * - trash: state -2 through the same update: an article already in the trash stays there (never deleted for good in bulk).
 * - restore: the list's restore (-2 becomes 0); any other state is refused.
 * - feature / unfeature: featured 1 / 0.
 *
 * At most BULK_MAX_IDS articles at a time: the largest page of the list (the selection is one page).
 */
import { STATE, type UpdateField } from './article-state';
import { PAGE_SIZES } from './constants';
import type { Right } from './rights';

export const BULK_ACTIONS = ['approve', 'unpublish', 'trash', 'restore', 'feature', 'unfeature'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most articles one bulk call takes: the largest page size of the list (a selection never spans pages). */
export const BULK_MAX_IDS: number = Math.max(...PAGE_SIZES);

/** What a bulk action does to each article: a field update of the list, or the list's restore. */
export type BulkChange = { kind: 'update'; field: UpdateField; value: number } | { kind: 'restore' };

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === 'string' && (BULK_ACTIONS as readonly string[]).includes(value);
}

export function bulkChange(action: BulkAction): BulkChange {
  switch (action) {
    case 'approve':
      return { kind: 'update', field: 'state', value: STATE.PUBLISHED };
    case 'unpublish':
      return { kind: 'update', field: 'state', value: STATE.UNPUBLISHED };
    case 'trash':
      return { kind: 'update', field: 'state', value: STATE.TRASH };
    case 'restore':
      return { kind: 'restore' };
    case 'feature':
      return { kind: 'update', field: 'featured', value: 1 };
    case 'unfeature':
      return { kind: 'update', field: 'featured', value: 0 };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown bulk action ${String(unknown)}`);
    }
  }
}

/**
 * The right a user needs for the list to offer an action at all; null: every user may use it on the
 * articles that are theirs (trash and restore: the owner, or edit_all_articles). The server still
 * decides each row.
 */
export const BULK_ACTION_RIGHT: Readonly<Record<BulkAction, Right | null>> = Object.freeze({
  approve: 'approve_article',
  unpublish: 'approve_article',
  trash: null,
  restore: null,
  feature: 'feature_article',
  unfeature: 'feature_article',
});

/** The actions the list offers a user with these rights, in toolbar order. */
export function offeredBulkActions(rights: readonly string[]): BulkAction[] {
  return BULK_ACTIONS.filter((action) => {
    const right = BULK_ACTION_RIGHT[action];
    return right === null || rights.includes(right);
  });
}

/** Per article: done (changed), unchanged (it had the value already), or refused (with the coded reason). */
export const BULK_OUTCOMES = ['done', 'unchanged', 'refused'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
