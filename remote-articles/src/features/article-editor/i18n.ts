// Texts of the article editor (namespace `articles`, prefix `editor`), in locales/. The spec's
// messages (section 8) are word for word in English. Importing this module registers the texts;
// those the portal shows before the editor's code loads are in openingTexts.ts (locales/opening/).
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { EDITOR_PREFIX, NS, openingDe, openingEn } from './openingTexts';

export { EDITOR_PREFIX, NS };

export const editorEn = { ...openingEn, ...en };
export const editorDe = { ...openingDe, ...de };

addTranslations(NS, { en: editorEn, de: editorDe }, EDITOR_PREFIX);
