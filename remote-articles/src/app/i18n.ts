// App-level texts of this remote (namespace `articles`, prefix `app`).
import { addTranslations } from 'shared';
import { ARTICLES_NS } from '../features/article-list';

export const APP_PREFIX = 'app';
export { ARTICLES_NS };

export const appEn = {
  /** Footer proving which build of this remote is loaded (the browser tests read it). */
  buildLabel: '{{name}} · build {{label}}',
};

export const appDe: typeof appEn = {
  buildLabel: '{{name}} · build {{label}}',
};

addTranslations(ARTICLES_NS, { en: { [APP_PREFIX]: appEn }, de: { [APP_PREFIX]: appDe } });
