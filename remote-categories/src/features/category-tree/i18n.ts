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

export const MANAGE_PREFIX = 'manage';

/** Category management on the categories screen (right manage_categories). */
export const manageEn = {
  actions: 'Actions for {{title}}',
  addChild: 'Add sub-category to {{title}}',
  edit: 'Edit {{title}}',
  enable: 'Enable {{title}}',
  disable: 'Disable {{title}}',
  delete: 'Delete {{title}}',
  moveUp: 'Move {{title}} up',
  moveDown: 'Move {{title}} down',
  deleteConfirm: 'Delete {{title}}?',
  deleteOk: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  createTitle: 'New sub-category of {{parent}}',
  editTitle: 'Edit {{title}}',
  fieldTitle: 'Title',
  fieldAlias: 'Alias',
  aliasHelp: 'Leave empty to derive it from the title',
  fieldColour: 'Colour',
  fieldParent: 'Parent category',
  parentFixed: 'This category stays where it is',
  titleRequired: 'Please enter a title',
  staleTitle: 'This category was changed by someone else after you opened it',
  staleHelp: 'Reload shows their version (your changes in this form are lost); Overwrite saves yours over it.',
  staleReload: 'Reload',
  staleOverwrite: 'Overwrite',
  /** Server messages of successful changes, shown as toasts (spec section 8). */
  messages: {
    Saved: 'Saved',
    Enabled: 'Enabled',
    Disabled: 'Disabled',
    Deleted: 'Deleted',
    Moved: 'Moved',
  },
};

export const manageDe: Texts<typeof manageEn> = {
  actions: 'Aktionen für {{title}}',
  addChild: 'Unterkategorie zu {{title}} hinzufügen',
  edit: '{{title}} bearbeiten',
  enable: '{{title}} aktivieren',
  disable: '{{title}} deaktivieren',
  delete: '{{title}} löschen',
  moveUp: '{{title}} nach oben verschieben',
  moveDown: '{{title}} nach unten verschieben',
  deleteConfirm: '{{title}} löschen?',
  deleteOk: 'Löschen',
  cancel: 'Abbrechen',
  save: 'Speichern',
  createTitle: 'Neue Unterkategorie von {{parent}}',
  editTitle: '{{title}} bearbeiten',
  fieldTitle: 'Titel',
  fieldAlias: 'Alias',
  aliasHelp: 'Leer lassen, um ihn aus dem Titel abzuleiten',
  fieldColour: 'Farbe',
  fieldParent: 'Übergeordnete Kategorie',
  parentFixed: 'Diese Kategorie bleibt an ihrem Platz',
  titleRequired: 'Bitte einen Titel eingeben',
  staleTitle: 'Diese Kategorie wurde nach dem Öffnen von jemand anderem geändert',
  staleHelp: 'Neu laden zeigt deren Fassung (Ihre Änderungen in diesem Formular gehen verloren); Überschreiben speichert Ihre darüber.',
  staleReload: 'Neu laden',
  staleOverwrite: 'Überschreiben',
  messages: {
    Saved: 'Gespeichert',
    Enabled: 'Aktiviert',
    Disabled: 'Deaktiviert',
    Deleted: 'Gelöscht',
    Moved: 'Verschoben',
  },
};

export const PICKER_PREFIX = 'picker';

/** The CategoryTree picker of the article and importer editors. */
export const pickerEn = {
  label: 'Topics',
  expand: 'Expand {{title}}',
  collapse: 'Collapse {{title}}',
  select: 'Select {{title}}',
  noRecords: 'No records found',
};

export const pickerDe: Texts<typeof pickerEn> = {
  label: 'Themen',
  expand: '{{title}} aufklappen',
  collapse: '{{title}} zuklappen',
  select: '{{title}} auswählen',
  noRecords: 'Keine Einträge gefunden',
};

addTranslations(NS, {
  en: { [TREE_PREFIX]: treeEn, [MANAGE_PREFIX]: manageEn, [PICKER_PREFIX]: pickerEn },
  de: { [TREE_PREFIX]: treeDe, [MANAGE_PREFIX]: manageDe, [PICKER_PREFIX]: pickerDe },
});
