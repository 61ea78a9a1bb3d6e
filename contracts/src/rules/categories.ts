/**
 * Main categories and the fixed categories of the tree (spec section 4 "Category selection" and
 * "Editor topics", section 9 "Parent category ids 8 and 804 mark main categories. Id 8 is the root.
 * Categories nest up to three levels.").
 *
 * The one meaning of "main category", used by the API, the article editor, the category picker and
 * the import form: **a category whose parent is 8 (the root) or 804 (Local)**. The root itself is
 * never one. Spec section 4's "a topic at level 2" is the same set's first part: level 2 is a child
 * of the root 8 (level 1), the only root the API lets categories live under. No other test (a level
 * counted from another root, a top level of the tree as sent) makes a category main.
 *
 * A main category choice is limited to the selected topics: the choices are the selected main
 * categories in tree order, and a chosen main category stays only while it is one of them.
 */

/** The root category ("Portal"): level 1, never deleted nor moved, never a topic. */
export const ROOT_CATEGORY_ID = 8;
/** "Local": a child of the root whose children are main categories too; never deleted nor moved. */
export const LOCAL_CATEGORY_ID = 804;
/** Parents whose children are the main categories. */
export const MAIN_CATEGORY_PARENT_IDS: readonly number[] = [ROOT_CATEGORY_ID, LOCAL_CATEGORY_ID];
/** Categories that stay where they are: neither deleted nor given another parent. */
export const FIXED_CATEGORY_IDS: readonly number[] = [ROOT_CATEGORY_ID, LOCAL_CATEGORY_ID];
/** The root is level 1; categories nest up to three levels below it (levels 2, 3 and 4). */
export const ROOT_CATEGORY_LEVEL = 1;
export const MAX_CATEGORY_LEVEL = 4;

/** What the rule needs of a category: its id and its parent's. */
export interface CategoryLink {
  id: number;
  parent_id: number | null;
}

/** A category of the tree (GET /api/categories/tree), as far as the rule reads it. */
export interface CategoryTreeNode extends CategoryLink {
  subcategories?: readonly CategoryTreeNode[] | null;
}

/** Whether a category whose parent is `parentId` is a main category. */
export function isMainCategoryParent(parentId: number | null | undefined): boolean {
  return parentId !== null && parentId !== undefined && MAIN_CATEGORY_PARENT_IDS.includes(parentId);
}

/** Whether the category is a main category: its parent is 8 or 804 (and it is not the root). */
export function isMainCategory(category: CategoryLink): boolean {
  return category.id !== ROOT_CATEGORY_ID && isMainCategoryParent(category.parent_id);
}

/** Whether the category keeps its place: the root and Local are neither deleted nor moved. */
export function isFixedCategory(id: number): boolean {
  return FIXED_CATEGORY_IDS.includes(id);
}

/**
 * Every node of the tree in tree order (depth first), each once even if the data repeats it. A
 * node's parent is the node it sits under (a root keeps the parent_id it was sent with).
 */
export function flattenCategoryTree<T extends CategoryTreeNode>(tree: readonly T[]): Array<{ node: T; parentId: number | null }> {
  const out: Array<{ node: T; parentId: number | null }> = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly T[], parentId: number | null | undefined): void => {
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      out.push({ node, parentId: parentId === undefined ? node.parent_id : parentId });
      walk((Array.isArray(node.subcategories) ? node.subcategories : []) as readonly T[], node.id);
    }
  };
  walk(tree, undefined);
  return out;
}

/** The main category choices: the selected main categories, in tree order. */
export function mainCategoryChoices<T extends CategoryTreeNode>(tree: readonly T[], selectedIds: Iterable<number>): T[] {
  const selected = new Set(selectedIds);
  return flattenCategoryTree(tree)
    .filter(({ node, parentId }) => selected.has(node.id) && isMainCategory({ id: node.id, parent_id: parentId }))
    .map(({ node }) => node);
}

/** The choices a save may put the article into (`allowed`: the API's allowed_category_ids; undefined: all). */
export function allowedChoices<T extends Pick<CategoryLink, 'id'>>(choices: readonly T[], allowed: readonly number[] | undefined): T[] {
  if (allowed === undefined) return [...choices];
  const ids = new Set(allowed);
  return choices.filter((choice) => ids.has(choice.id));
}

/** The chosen main category while it is still among the choices, else null (the form then asks for one). */
export function keepMainCategory(choices: readonly Pick<CategoryLink, 'id'>[], mainCategoryId: number | null | undefined): number | null {
  if (mainCategoryId === null || mainCategoryId === undefined) return null;
  return choices.some((choice) => choice.id === mainCategoryId) ? mainCategoryId : null;
}
