// Texts of the editor's History panel (namespace `articles`, prefix `history`). The field labels and
// the one-line summaries come from contracts/rules/revision-diff (one source for the API and the panel).
import { addTranslations } from 'shared';

export const NS = 'articles';
export const HISTORY_PREFIX = 'history';

export const historyEn = {
  button: 'History',
  title: 'History of article {{id}}',
  intro: 'Every save of this article, newest first. Choose two revisions to compare them.',
  loading: 'Loading history…',
  loadFailed: 'The history could not be loaded: {{message}}',
  retry: 'Retry',
  empty: 'No revisions recorded yet.',
  version: 'Version {{version}}',
  current: 'Current',
  byImport: 'Import',
  unknownUser: 'Unknown user',
  choose: 'Choose version {{version}} to compare',
  chosen: '{{count}} of 2 chosen',
  compare: 'Compare',
  clear: 'Clear choice',
  comparing: 'Version {{older}} compared with version {{newer}}',
  older: 'Version {{version}} (older)',
  newer: 'Version {{version}} (newer)',
  legend: 'Removed words are struck through, added words underlined.',
  noDifferences: 'These two revisions do not differ.',
  closeComparison: 'Close comparison',
  restore: 'Restore',
  restoreLabel: 'Restore version {{version}}',
  confirmTitle: 'Restore version {{version}}?',
  confirmBody:
    'The article gets the content of this revision as a new version (the state stays as it is). Unsaved changes in the form are lost.',
  confirmOk: 'Restore',
  confirmCancel: 'Cancel',
  restored: 'Version {{from}} restored: the article is now at version {{version}}',
  cannotRestoreLocked: 'The article is locked by another user: it cannot be restored now.',
  pagination: 'History pages',
};

export const historyDe: typeof historyEn = {
  button: 'Verlauf',
  title: 'Verlauf von Artikel {{id}}',
  intro: 'Jede Speicherung dieses Artikels, die neueste zuerst. Wählen Sie zwei Revisionen, um sie zu vergleichen.',
  loading: 'Verlauf wird geladen…',
  loadFailed: 'Der Verlauf konnte nicht geladen werden: {{message}}',
  retry: 'Erneut versuchen',
  empty: 'Noch keine Revisionen gespeichert.',
  version: 'Version {{version}}',
  current: 'Aktuell',
  byImport: 'Import',
  unknownUser: 'Unbekannter Benutzer',
  choose: 'Version {{version}} zum Vergleich wählen',
  chosen: '{{count}} von 2 gewählt',
  compare: 'Vergleichen',
  clear: 'Auswahl aufheben',
  comparing: 'Version {{older}} verglichen mit Version {{newer}}',
  older: 'Version {{version}} (älter)',
  newer: 'Version {{version}} (neuer)',
  legend: 'Entfernte Wörter sind durchgestrichen, hinzugefügte unterstrichen.',
  noDifferences: 'Diese beiden Revisionen unterscheiden sich nicht.',
  closeComparison: 'Vergleich schließen',
  restore: 'Wiederherstellen',
  restoreLabel: 'Version {{version}} wiederherstellen',
  confirmTitle: 'Version {{version}} wiederherstellen?',
  confirmBody:
    'Der Artikel erhält den Inhalt dieser Revision als neue Version (der Status bleibt, wie er ist). Nicht gespeicherte Änderungen im Formular gehen verloren.',
  confirmOk: 'Wiederherstellen',
  confirmCancel: 'Abbrechen',
  restored: 'Version {{from}} wiederhergestellt: Der Artikel ist jetzt in Version {{version}}',
  cannotRestoreLocked: 'Der Artikel ist von einem anderen Benutzer gesperrt: Er kann jetzt nicht wiederhergestellt werden.',
  pagination: 'Seiten des Verlaufs',
};

addTranslations(NS, { en: { [HISTORY_PREFIX]: historyEn }, de: { [HISTORY_PREFIX]: historyDe } });
