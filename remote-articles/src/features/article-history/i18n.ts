// Texts of the editor's History panel (namespace `articles`, prefix `history`), in locales/. The field
// labels and the one-line summaries come from contracts/rules/revision-diff (one source for the API and the panel).
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const HISTORY_PREFIX = 'history';
export { en as historyEn, de as historyDe };

addTranslations(NS, { en, de }, HISTORY_PREFIX);
