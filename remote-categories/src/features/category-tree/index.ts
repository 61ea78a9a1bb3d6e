// Public face of the category-tree feature (the app imports from here only).
export { loadCategoryTree, type CategoryTreeData } from './api/loadCategoryTree';
export { CategoryTreeView } from './components/CategoryTreeView';
export { NS as CATEGORIES_NS, TREE_PREFIX } from './i18n';
export { countNodes, type CategoryNode, type VisibleRow } from './model/tree';
export { useTreeExpansion, type TreeExpansion } from './hooks/useTreeExpansion';
export { CategoryTreePicker, type CategoryTreePickerProps } from './components/CategoryTreePicker';
export { mainCategoryChoices, toggleCategory } from './model/selection';
export { saveCategory, setCategoryEnabled, deleteCategory, moveCategory, type CategoryInput, type ChangeResult } from './api/categoriesApi';
export { MANAGE_PREFIX, PICKER_PREFIX } from './i18n';
export { findPath, revealNode, hasChildren, isEnabled } from './model/tree';
export { CategoryForm, type CategoryFormTarget } from './components/CategoryForm';
export { CategoryRowActions } from './components/CategoryRowActions';
export { VirtualRows, VIRTUAL_THRESHOLD, useViewportHeight } from './components/VirtualRows';
