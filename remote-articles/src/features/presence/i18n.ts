// Texts of live presence (namespace `articles`, prefix `presence`). Importing this module registers them.
import { addTranslations } from 'shared';

export const NS = 'articles';
export const PRESENCE_PREFIX = 'presence';

export const presenceEn = {
  editingBy: 'Being edited by {{name}}',
  editingByYou: 'Being edited by you',
  editingNow: '{{name}} is editing this article now.',
  changed: 'This article was changed after you opened it.',
  changedReload: 'Reload to see the changes.',
  changedKeepEdits: 'Reload to see the changes. Your unsaved edits are kept as a draft and offered back after the reload.',
  deleted: 'This article was deleted.',
  freed: '{{name}} is no longer editing this article.',
  freedReload: 'Reload to edit it.',
  takenBy: '{{name}} took over this article.',
  takenKeepEdits: 'The form is read-only now. Your unsaved edits are kept as a draft in this browser.',
  reload: 'Reload',
};

export const presenceDe: typeof presenceEn = {
  editingBy: 'Wird bearbeitet von {{name}}',
  editingByYou: 'Wird von Ihnen bearbeitet',
  editingNow: '{{name}} bearbeitet diesen Artikel gerade.',
  changed: 'Dieser Artikel wurde geändert, nachdem Sie ihn geöffnet haben.',
  changedReload: 'Laden Sie ihn neu, um die Änderungen zu sehen.',
  changedKeepEdits:
    'Laden Sie ihn neu, um die Änderungen zu sehen. Ihre ungespeicherten Änderungen bleiben als Entwurf erhalten und werden nach dem Neuladen wieder angeboten.',
  deleted: 'Dieser Artikel wurde gelöscht.',
  freed: '{{name}} bearbeitet diesen Artikel nicht mehr.',
  freedReload: 'Laden Sie ihn neu, um ihn zu bearbeiten.',
  takenBy: '{{name}} hat diesen Artikel übernommen.',
  takenKeepEdits:
    'Das Formular ist jetzt schreibgeschützt. Ihre ungespeicherten Änderungen bleiben als Entwurf in diesem Browser erhalten.',
  reload: 'Neu laden',
};

addTranslations(NS, { en: { [PRESENCE_PREFIX]: presenceEn }, de: { [PRESENCE_PREFIX]: presenceDe } });
