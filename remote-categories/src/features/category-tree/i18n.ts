// Texts of the category tree (namespace `categories`, prefix `tree`). Importing this module
// registers the texts.
import { addTranslations } from 'shared';

export const NS = 'categories';
export const TREE_PREFIX = 'tree';

export const treeEn = {
  heading: 'Categories',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  expand: 'Expand {{title}}',
  collapse: 'Collapse {{title}}',
  leaf: 'Leaf',
  disabled: 'Disabled',
  colour: 'Colour {{colour}}',
  subcategories_one: '{{count}} sub-category',
  subcategories_other: '{{count}} sub-categories',
  total_one: '{{count}} category',
  total_other: '{{count}} categories',
  noRecords: 'No records found',
  treeLabel: 'Category tree',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const treeDe: Texts<typeof treeEn> = {
  heading: 'Kategorien',
  expandAll: 'Alle aufklappen',
  collapseAll: 'Alle zuklappen',
  expand: '{{title}} aufklappen',
  collapse: '{{title}} zuklappen',
  leaf: 'Blatt',
  disabled: 'Deaktiviert',
  colour: 'Farbe {{colour}}',
  subcategories_one: '{{count}} Unterkategorie',
  subcategories_other: '{{count}} Unterkategorien',
  total_one: '{{count}} Kategorie',
  total_other: '{{count}} Kategorien',
  noRecords: 'Keine Einträge gefunden',
  treeLabel: 'Kategoriebaum',
};

addTranslations(NS, { en: { [TREE_PREFIX]: treeEn }, de: { [TREE_PREFIX]: treeDe } });
