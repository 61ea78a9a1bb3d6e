// Texts of live presence (namespace `articles`, prefix `presence`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const PRESENCE_PREFIX = 'presence';
export { en as presenceEn, de as presenceDe };

addTranslations(NS, { en, de }, PRESENCE_PREFIX);
