import type { CategoryNode } from 'contracts/schemas/categories';
import type { ComponentType } from 'react';

/**
 * The contract of `remote_categories/CategoryTree` (exposed by remote-categories, used by the
 * article and importer editors through federation). Types only: the implementation stays in its remote.
 */
export const CATEGORY_TREE_MODULE = 'remote_categories/CategoryTree';

/** A node of GET /api/categories/tree (the contract's shape). */
export type { CategoryNode };

export interface CategoryTreePickerProps {
  /** The tree of GET /api/categories/tree. */
  tree: readonly CategoryNode[];
  /** The selected topic ids (controlled). */
  selectedIds: readonly number[];
  /** The new selection and the main category choices (the selected main categories, in tree order). */
  onChange(selectedIds: number[], mainChoices: CategoryNode[]): void;
  /** Disables every checkbox (read-only editor). */
  disabled?: boolean;
}

export interface CategoryTreeModule {
  default: ComponentType<CategoryTreePickerProps>;
}
