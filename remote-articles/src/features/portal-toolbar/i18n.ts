// Texts of the portal toolbar (namespace `articles`, prefix `toolbar`), in locales/.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const TOOLBAR_PREFIX = 'toolbar';
export { en as toolbarEn, de as toolbarDe };

addTranslations(NS, { en, de }, TOOLBAR_PREFIX);
