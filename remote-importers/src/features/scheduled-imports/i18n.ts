// Texts of the scheduled imports (namespace `importers`), in locales/; the labels of the Published
// State option come from contracts/rules/article-state. English word for word from the spec where the
// spec names the text. `lookups` are the API's lookups by id (GET …/importer/plugins and
// …/content-types); an unknown id shows the API's title. Importing this module registers the texts.
import { stateLabelsByValue } from 'contracts/rules/article-state';
import { IMPORT_DEFAULT_CODES } from 'contracts/rules/import-defaults';
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'importers';

function withStateOptions<T extends { options: object }>(texts: T, language: 'en' | 'de') {
  return { ...texts, options: { ...texts.options, published: stateLabelsByValue(IMPORT_DEFAULT_CODES.published, language) } };
}

export const importersEn = withStateOptions(en, 'en');
export const importersDe = withStateOptions(de, 'de');

addTranslations(NS, { en: importersEn, de: importersDe });
