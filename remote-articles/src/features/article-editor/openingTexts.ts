// The editor's texts the portal shows before the editor's code has loaded (the New Article button,
// the editor's frame while it loads): registered with the portal's first screen. All the other
// texts (i18n.ts, locales/) come with the editor's own chunk. Importing this module registers these.
import { addTranslations } from 'shared';
import openingDe from './locales/opening/de.json';
import openingEn from './locales/opening/en.json';

/** The remote's namespace (the same one the article list uses). */
export const NS = 'articles';
export const EDITOR_PREFIX = 'editor';
export { openingEn, openingDe };

addTranslations(NS, { en: openingEn, de: openingDe }, EDITOR_PREFIX);
