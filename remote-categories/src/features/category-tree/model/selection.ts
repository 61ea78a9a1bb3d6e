// Pure model of topic selection in the category tree (spec section 4, "Category selection" and
// "Editor topics"). No React, no network: functions over the tree of GET /api/categories/tree and
// the selected ids (the article's / import's topics).
//
// - Ticking a category ticks it, all its descendants, and its ancestors below the top level (its
//   parent and grandparent), so the main category above a ticked leaf becomes a choice.
// - Unticking removes it and all its descendants, then its parent and grandparent (any ancestor
//   below the top level) when none of their other descendants remain selected.
// - The top level (the tree's roots, and id 8 wherever it sits) is never a topic: ticking it ticks
//   its descendants only.
// - What a checkbox shows (tickStates): ticked when the category and everything below it are
//   selected, partly ticked (indeterminate) when only some are, so a leaf's parent (selected with
//   the leaf, as above) shows partly ticked; a click on a partly ticked category ticks it all.
// - Main categories: the one rule of contracts/rules/categories (parent 8 or 804). The main
//   category choices are the selected main categories, in tree order.

import { isMainCategory as isMainCategoryLink, ROOT_CATEGORY_ID } from 'contracts/rules/categories';
import type { CategoryNode } from './tree';

/** Id 8 is the root: the top level wherever it sits (spec section 4). */
export const TOP_LEVEL_ID = ROOT_CATEGORY_ID;

/** Selected ids: an article's or an import's topics. */
export type SelectedIds = readonly number[];

interface Entry {
  node: CategoryNode;
  /** The parent in the tree (null for a root). */
  parent: number | null;
  /** 1 for the top level (roots and id 8), 2 below it, … */
  level: number;
  /** Position in a depth-first walk (tree order). */
  order: number;
}

const childrenOf = (node: CategoryNode): CategoryNode[] => (Array.isArray(node.subcategories) ? node.subcategories : []);

/** Every node by id, depth first; a node met twice (bad data) is taken once, where first met. */
function index(tree: readonly CategoryNode[]): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  const walk = (nodes: readonly CategoryNode[], parent: number | null, parentLevel: number): void => {
    for (const node of nodes) {
      if (entries.has(node.id)) continue;
      const level = parent === null || node.id === TOP_LEVEL_ID ? 1 : parentLevel + 1;
      entries.set(node.id, { node, parent, level, order: entries.size });
      walk(childrenOf(node), node.id, level);
    }
  };
  walk(tree, null, 0);
  return entries;
}

function isTopLevel(entry: Entry): boolean {
  return entry.level === 1;
}

/** Ids of every node below `id` (not `id` itself), depth first. */
function descendantsOf(entries: Map<number, Entry>, id: number): number[] {
  const entry = entries.get(id);
  if (!entry) return [];
  const ids: number[] = [];
  const seen = new Set<number>([id]);
  const walk = (node: CategoryNode): void => {
    for (const child of childrenOf(node)) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      ids.push(child.id);
      walk(child);
    }
  };
  walk(entry.node);
  return ids;
}

/** The ancestors of `id` below the top level, nearest first (parent, grandparent, …). */
function ancestorsBelowTop(entries: Map<number, Entry>, id: number): number[] {
  const ids: number[] = [];
  const seen = new Set<number>([id]);
  let parent = entries.get(id)?.parent ?? null;
  while (parent !== null && !seen.has(parent)) {
    const entry = entries.get(parent);
    if (!entry || isTopLevel(entry)) break;
    seen.add(parent);
    ids.push(parent);
    parent = entry.parent;
  }
  return ids;
}

/** Ids of every node below `id`, at any depth (empty for a leaf or an unknown id). */
export function descendantIds(tree: readonly CategoryNode[], id: number): number[] {
  return descendantsOf(index(tree), id);
}

/** Whether a node of the tree is a main category (its parent where it sits in the tree is 8 or 804). */
export function isMainCategory(tree: readonly CategoryNode[], id: number): boolean {
  const entry = index(tree).get(id);
  return entry ? isMain(entry) : false;
}

function isMain(entry: Entry): boolean {
  return isMainCategoryLink({ id: entry.node.id, parent_id: entry.parent ?? entry.node.parent_id });
}

function unique(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/**
 * The selection after ticking (`checked`) or unticking the category `id`. The order of the ids
 * already selected is kept; new ids follow in tree order. An id not in the tree is only added or
 * removed itself.
 */
export function toggleCategory(tree: readonly CategoryNode[], selectedIds: SelectedIds, id: number, checked: boolean): number[] {
  const entries = index(tree);
  const selected = unique(selectedIds);
  const entry = entries.get(id);
  if (!entry) {
    if (checked) return selected.includes(id) ? selected : [...selected, id];
    return selected.filter((selectedId) => selectedId !== id);
  }

  if (checked) {
    const added = [...(isTopLevel(entry) ? [] : [id]), ...descendantsOf(entries, id), ...ancestorsBelowTop(entries, id)];
    const present = new Set(selected);
    const fresh = unique(added).filter((addedId) => !present.has(addedId));
    fresh.sort((a, b) => (entries.get(a)?.order ?? 0) - (entries.get(b)?.order ?? 0));
    return [...selected, ...fresh];
  }

  const remaining = new Set(selected);
  remaining.delete(id);
  for (const descendant of descendantsOf(entries, id)) remaining.delete(descendant);
  // Parent, then grandparent: removed when none of their (other) descendants remain selected.
  for (const ancestor of ancestorsBelowTop(entries, id)) {
    if (descendantsOf(entries, ancestor).some((descendant) => remaining.has(descendant))) break;
    remaining.delete(ancestor);
  }
  return selected.filter((selectedId) => remaining.has(selectedId));
}

/** What a category's checkbox shows. */
export type TickState = 'checked' | 'mixed' | 'unchecked';

/**
 * The tick state of every category: 'checked' when it (unless top level) and all its descendants
 * are selected, 'unchecked' when none of them are, else 'mixed'. A top-level category with nothing
 * below it is 'unchecked' (it is never a topic itself). One walk over the tree.
 */
export function tickStates(tree: readonly CategoryNode[], selectedIds: SelectedIds): Map<number, TickState> {
  const selected = new Set(selectedIds);
  const states = new Map<number, TickState>();
  // Answers how many of the node's own subtree (itself counted unless top level) there are / are selected.
  const walk = (node: CategoryNode, topLevel: boolean, seen: Set<number>): { total: number; ticked: number } => {
    let total = topLevel ? 0 : 1;
    let ticked = !topLevel && selected.has(node.id) ? 1 : 0;
    for (const child of childrenOf(node)) {
      if (seen.has(child.id)) continue; // a node met twice (bad data) is counted once, where first met
      seen.add(child.id);
      const below = walk(child, child.id === TOP_LEVEL_ID, seen);
      total += below.total;
      ticked += below.ticked;
    }
    states.set(node.id, total > 0 && ticked === total ? 'checked' : ticked === 0 ? 'unchecked' : 'mixed');
    return { total, ticked };
  };
  const seen = new Set<number>();
  for (const root of tree) {
    if (seen.has(root.id)) continue;
    seen.add(root.id);
    walk(root, true, seen);
  }
  return states;
}

/**
 * The selection after a click on a category's checkbox: a ticked one is unticked (with its
 * descendants); an unticked or partly ticked one is ticked with all its descendants.
 */
export function clickCategory(tree: readonly CategoryNode[], selectedIds: SelectedIds, id: number): number[] {
  const state = tickStates(tree, selectedIds).get(id) ?? (selectedIds.includes(id) ? 'checked' : 'unchecked');
  return toggleCategory(tree, selectedIds, id, state !== 'checked');
}

/** The main category choices: the selected main categories (parent 8 or 804), in tree order. */
export function mainCategoryChoices(tree: readonly CategoryNode[], selectedIds: SelectedIds): CategoryNode[] {
  const entries = index(tree);
  return unique(selectedIds)
    .map((id) => entries.get(id))
    .filter((entry): entry is Entry => entry !== undefined && isMain(entry))
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.node);
}

/**
 * The chosen main category if it is still among the choices, else null (the form then shows
 * "Please select a main category").
 */
export function keepMainCategory(
  tree: readonly CategoryNode[],
  selectedIds: SelectedIds,
  mainCategoryId: number | null | undefined,
): number | null {
  if (mainCategoryId === null || mainCategoryId === undefined) return null;
  return mainCategoryChoices(tree, selectedIds).some((node) => node.id === mainCategoryId) ? mainCategoryId : null;
}

export interface InitialSelection {
  /** The saved topics, as saved (order kept, repeats dropped; ids no longer in the tree are kept too). */
  selected: number[];
  /** The main categories among them, in tree order. */
  mainChoices: CategoryNode[];
}

/** When editing: the saved topics start selected and the main category choices start with them. */
export function initialSelection(tree: readonly CategoryNode[], savedTopicIds: SelectedIds | null | undefined): InitialSelection {
  const selected = unique((savedTopicIds ?? []).filter((id) => Number.isInteger(id)));
  return { selected, mainChoices: mainCategoryChoices(tree, selected) };
}
