// Texts of the desk management screen (namespace `desk`, under `admin`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'desk';

addTranslations(NS, { en, de });
