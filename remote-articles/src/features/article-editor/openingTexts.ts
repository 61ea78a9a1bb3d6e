// The editor's texts the portal shows before the editor's code has loaded (the New Article button,
// the editor's frame while it loads): registered with the portal's first screen. All the other
// texts (i18n.ts) come with the editor's own chunk. Importing this module registers these.
import { addTranslations } from 'shared';

/** The remote's namespace (the same one the article list uses). */
export const NS = 'articles';
export const EDITOR_PREFIX = 'editor';

export const openingEn = {
  heading: 'Edit article {{id}}',
  newHeading: 'New article',
  newArticle: 'New Article',
  loading: 'Loading the article…',
};

export const openingDe: Record<keyof typeof openingEn, string> = {
  heading: 'Artikel {{id}} bearbeiten',
  newHeading: 'Neuer Artikel',
  newArticle: 'Neuer Artikel',
  loading: 'Artikel wird geladen …',
};

addTranslations(NS, { en: { [EDITOR_PREFIX]: openingEn }, de: { [EDITOR_PREFIX]: openingDe } });
