// The rows selected for a bulk action. Pure: no React, no I/O. A selection
// belongs to one page of one filter (its scope): another page, page size, sort or filter starts
// empty, and a row that left the page (trashed, filtered out after a reload) leaves the selection.
import { FILTER_PARAMS, type ArticleFilter } from './filterModel';

export interface Selection {
  /** The page and filter the selection was made on (pageScope). */
  scope: string;
  /** The selected article ids, each once. */
  ids: readonly number[];
}

/** The header checkbox: every row of the page selected, some, or none. */
export interface HeaderState {
  checked: boolean;
  indeterminate: boolean;
  /** No rows on the page: nothing to select. */
  disabled: boolean;
}

/** The key of a page of the list: every filter value, the page size, the offset and the order. */
export function pageScope(filter: ArticleFilter): string {
  return JSON.stringify(FILTER_PARAMS.map((param) => filter[param]));
}

export function emptySelection(scope: string): Selection {
  return { scope, ids: [] };
}

/**
 * The selection as it applies to the page shown: empty on another page or filter, otherwise only
 * the ids still on the page. Returns the same object when nothing drops out (cheap to re-render).
 */
export function forPage(selection: Selection, scope: string, pageIds: readonly number[]): Selection {
  if (selection.scope !== scope) return emptySelection(scope);
  const onPage = new Set(pageIds);
  const kept = selection.ids.filter((id) => onPage.has(id));
  return kept.length === selection.ids.length ? selection : { scope, ids: kept };
}

export function isSelected(selection: Selection, id: number): boolean {
  return selection.ids.includes(id);
}

/** Selects or unselects one row. */
export function toggleRow(selection: Selection, id: number, checked: boolean): Selection {
  const has = isSelected(selection, id);
  if (checked === has) return selection;
  return { scope: selection.scope, ids: checked ? [...selection.ids, id] : selection.ids.filter((other) => other !== id) };
}

/** The header checkbox: selects every row of the page, or none. */
export function toggleAllOnPage(selection: Selection, pageIds: readonly number[], checked: boolean): Selection {
  if (!checked) return emptySelection(selection.scope);
  const ids = [...selection.ids];
  for (const id of pageIds) if (!ids.includes(id)) ids.push(id);
  return { scope: selection.scope, ids };
}

export function headerState(selection: Selection, pageIds: readonly number[]): HeaderState {
  const selected = pageIds.filter((id) => isSelected(selection, id)).length;
  return {
    checked: pageIds.length > 0 && selected === pageIds.length,
    indeterminate: selected > 0 && selected < pageIds.length,
    disabled: pageIds.length === 0,
  };
}

/** The selected ids in the order of the page (the order the bulk call handles them). */
export function selectedOnPage(selection: Selection, pageIds: readonly number[]): number[] {
  return pageIds.filter((id) => isSelected(selection, id));
}
