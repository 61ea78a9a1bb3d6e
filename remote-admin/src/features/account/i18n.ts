// Texts of My account (namespace `account`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'account';

addTranslations(NS, { en, de });
