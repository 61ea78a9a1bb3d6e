// Public face of the category-tree feature (the app imports from here only).
export { loadCategoryTree, type CategoryTreeData } from './api/loadCategoryTree';
export { CategoryTreeView } from './components/CategoryTreeView';
export { NS as CATEGORIES_NS, TREE_PREFIX } from './i18n';
export {
  countNodes,
  defaultExpanded,
  expandableIds,
  isAllExpanded,
  toggleExpanded,
  visibleRows,
  type CategoryNode,
  type VisibleRow,
} from './model/tree';
