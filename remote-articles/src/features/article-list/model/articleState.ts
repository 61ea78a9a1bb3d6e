// Article state (spec section 4): labels, the row status icon, and who may change an article and
// when submitting applies (the rules the API enforces in api/src/routes/articles/articleState.ts).
// The one client copy of these rules: the list and the editor both ask here. Pure.

export const ARTICLE_STATE = {
  unpublished: 0,
  published: 1,
  awaitingApproval: 4,
  draft: 5,
  trash: -2,
} as const;

/**
 * The icon a row shows: ok mark, question mark, save icon, a bin for the trash (its own icon, so a
 * trashed row does not look Unpublished), or minus for any other state.
 */
export type StatusIconKind = 'published' | 'awaiting' | 'draft' | 'trash' | 'other';

/** i18n key (namespace `articles`) of a state's label. */
export type StateLabelKey =
  | 'state.unpublished'
  | 'state.published'
  | 'state.awaitingApproval'
  | 'state.draft'
  | 'state.trash'
  | 'state.other';

function toState(state: unknown): number | null {
  if (typeof state === 'number') return Number.isInteger(state) ? state : null;
  if (typeof state === 'string' && /^\s*-?\d+\s*$/.test(state)) return Number(state);
  return null;
}

export function statusIconKind(state: unknown): StatusIconKind {
  switch (toState(state)) {
    case ARTICLE_STATE.published:
      return 'published';
    case ARTICLE_STATE.awaitingApproval:
      return 'awaiting';
    case ARTICLE_STATE.draft:
      return 'draft';
    case ARTICLE_STATE.trash:
      return 'trash';
    default:
      return 'other';
  }
}

export function stateLabelKey(state: unknown): StateLabelKey {
  switch (toState(state)) {
    case ARTICLE_STATE.unpublished:
      return 'state.unpublished';
    case ARTICLE_STATE.published:
      return 'state.published';
    case ARTICLE_STATE.awaitingApproval:
      return 'state.awaitingApproval';
    case ARTICLE_STATE.draft:
      return 'state.draft';
    case ARTICLE_STATE.trash:
      return 'state.trash';
    default:
      return 'state.other';
  }
}

/** Only a published article shows its title as a link to its url. */
export function publicUrl(article: { state: unknown; url?: string | null }): string | null {
  if (statusIconKind(article.state) !== 'published') return null;
  const url = article.url?.trim();
  return url ? url : null;
}

/** The owner, or a user with edit_all_articles, may edit, submit, delete and restore an article (spec section 6). */
export function mayEditArticle(createdBy: number | null | undefined, userId: number | null, editAll: boolean): boolean {
  if (editAll) return true;
  return userId !== null && createdBy !== null && createdBy !== undefined && createdBy === userId;
}

/**
 * Submitting applies to a draft (5) only (spec section 4; the API refuses any other state). A new
 * article (id 0) is a draft too: Save and submit saves it first, so its id is not 0 when submitted.
 */
export function submitApplies(state: unknown): boolean {
  return toState(state) === ARTICLE_STATE.draft;
}
