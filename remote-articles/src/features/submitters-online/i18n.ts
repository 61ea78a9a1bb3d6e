// Texts of the Logged In submitters popover (namespace `articles`, prefix `submittersOnline`).
import { addTranslations } from 'shared';

export const NS = 'articles';
export const SUBMITTERS_PREFIX = 'submittersOnline';

export const submittersEn = {
  button: 'Logged In submitters',
  heading: 'Logged In submitters',
  loading: 'Loading…',
  none: 'No submitters are signed in.',
  lastSeen: 'Active {{when}}',
  refresh: 'Refresh',
};

export const submittersDe: typeof submittersEn = {
  button: 'Angemeldete Einreicher',
  heading: 'Angemeldete Einreicher',
  loading: 'Wird geladen…',
  none: 'Es sind keine Einreicher angemeldet.',
  lastSeen: 'Aktiv {{when}}',
  refresh: 'Aktualisieren',
};

addTranslations(NS, { en: { [SUBMITTERS_PREFIX]: submittersEn }, de: { [SUBMITTERS_PREFIX]: submittersDe } });
