// App-level texts of this remote (namespace `importers`, prefix `app`).
import { addTranslations } from 'shared';
import { IMPORTERS_NS } from '../features/scheduled-imports';

export const APP_PREFIX = 'app';
export { IMPORTERS_NS };

export const appEn = {
  /** Footer proving which build of this remote is loaded (the browser tests read it). */
  buildLabel: '{{name}} · build {{label}}',
};

export const appDe: typeof appEn = {
  buildLabel: '{{name}} · build {{label}}',
};

addTranslations(IMPORTERS_NS, { en: { [APP_PREFIX]: appEn }, de: { [APP_PREFIX]: appDe } });
