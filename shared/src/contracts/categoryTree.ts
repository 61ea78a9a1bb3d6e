import type { ComponentType } from 'react';

/**
 * The contract of `remote_categories/CategoryTree` (exposed by remote-categories, used by the
 * article and importer editors through federation). Types only: the implementation stays in its remote.
 */
export const CATEGORY_TREE_MODULE = 'remote_categories/CategoryTree';

/** A node of GET /api/categories/tree. */
export interface CategoryNode {
  id: number;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  /** 1 for the root (id 8), 2 for the main sections, and so on. */
  level: number;
  leaf: boolean;
  selected: boolean;
  /** 1 enabled, 0 disabled (the API sends disabled ones only with includeDisabled=1). */
  enabled?: number | boolean;
  subcategories: CategoryNode[];
}

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
