// Texts of the Webhooks screen (namespace `webhooks`), in locales/. Importing this module registers them.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'webhooks';

addTranslations(NS, { en, de });
