// Texts of the categories remote (namespace `categories`), in locales/: `tree`, the category tree;
// `manage`, category management on the categories screen (right manage_categories), whose `messages`
// are the server's messages of successful changes shown as toasts (spec section 8); `picker`, the
// CategoryTree picker of the article and importer editors. Importing this module registers the texts.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'categories';
export const TREE_PREFIX = 'tree';
export const MANAGE_PREFIX = 'manage';
export const PICKER_PREFIX = 'picker';

export const { tree: treeEn, manage: manageEn, picker: pickerEn } = en;
export const { tree: treeDe, manage: manageDe, picker: pickerDe } = de;

addTranslations(NS, { en, de });
