// Texts of the "Search all titles" area (namespace `articles`, prefix `titleSearch`), in locales/.
// English word for word from the spec where it names the text. Importing this module registers the texts.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const TITLE_SEARCH_PREFIX = 'titleSearch';
export { en as titleSearchEn, de as titleSearchDe };

addTranslations(NS, { en, de }, TITLE_SEARCH_PREFIX);
