// Texts of the people screens (namespace `people`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'people';

addTranslations(NS, { en, de });
