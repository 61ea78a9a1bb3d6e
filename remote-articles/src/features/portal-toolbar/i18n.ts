// Texts of the portal toolbar (namespace `articles`, prefix `toolbar`).
import { addTranslations } from 'shared';

export const NS = 'articles';
export const TOOLBAR_PREFIX = 'toolbar';

export const toolbarEn = {
  guidelines: 'Guidelines',
  guidelinesTitle: 'Open the guidelines in a new tab',
};

export const toolbarDe: typeof toolbarEn = {
  guidelines: 'Richtlinien',
  guidelinesTitle: 'Richtlinien in neuem Tab öffnen',
};

addTranslations(NS, { en: { [TOOLBAR_PREFIX]: toolbarEn }, de: { [TOOLBAR_PREFIX]: toolbarDe } });
