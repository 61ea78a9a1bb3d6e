// Texts of the desk screens (namespace `desk`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'desk';

addTranslations(NS, { en, de });
