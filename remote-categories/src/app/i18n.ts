// App-level texts of this remote (namespace `categories`, prefix `app`).
import { addTranslations } from 'shared';
import { CATEGORIES_NS } from '../features/category-tree';

export const APP_PREFIX = 'app';
export { CATEGORIES_NS };

export const appEn = {
  /** Footer proving which build of this remote is loaded (the browser tests read it). */
  buildLabel: '{{name}} · build {{label}}',
};

export const appDe: typeof appEn = {
  buildLabel: '{{name}} · build {{label}}',
};

addTranslations(CATEGORIES_NS, { en: { [APP_PREFIX]: appEn }, de: { [APP_PREFIX]: appDe } });
