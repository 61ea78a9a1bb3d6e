// Texts of the Logged In submitters popover (namespace `articles`, prefix `submittersOnline`), in locales/.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const SUBMITTERS_PREFIX = 'submittersOnline';
export { en as submittersEn, de as submittersDe };

addTranslations(NS, { en, de }, SUBMITTERS_PREFIX);
