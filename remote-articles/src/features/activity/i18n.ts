// Texts of the activity log: the Activity screen and the editor's activity panel (namespace
// `articles`, prefix `activity`), in locales/; the state labels come from contracts/rules/article-state.
// Importing this module registers them.
import { stateLabels } from 'contracts/rules/article-state';
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

export const NS = 'articles';
export const ACTIVITY_PREFIX = 'activity';

export const activityEn = { ...en, states: stateLabels('en') };
export const activityDe = { ...de, states: stateLabels('de') };

addTranslations(NS, { en: activityEn, de: activityDe }, ACTIVITY_PREFIX);
