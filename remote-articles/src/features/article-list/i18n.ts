// Texts of the article list (namespace `articles`, prefix `list`), in locales/; the state labels come
// from contracts/rules/article-state. English word for word from the spec where the spec names the
// text. Importing this module registers the texts.
import { stateLabels } from 'contracts/rules/article-state';
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const LIST_PREFIX = 'list';

export const listEn = { ...en, state: stateLabels('en') };
export const listDe = { ...de, state: stateLabels('de') };

addTranslations(NS, { en: listEn, de: listDe }, LIST_PREFIX);
