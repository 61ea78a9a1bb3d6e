// Texts of the scheduled imports (namespace `importers`). English word for word from the spec
// where the spec names the text. Importing this module registers the texts.
import { addTranslations } from 'shared';

export const NS = 'importers';

export const importersEn = {
  options: {
    schedule: { '1': 'Hourly', '2': 'Daily', '3': 'Weekly', '4': 'Every 5 Mins' },
    enabled: { '1': 'Yes', '0': 'No' },
    published: { '0': 'Unpublished', '4': 'Awaiting approval', '5': 'Draft', '1': 'Published' },
    date: { '1': 'Use date from feed', '2': 'Use current date' },
    sourceDomain: { '0': 'Leave blank', '1': 'Use feed title', '2': 'Use feed url', '3': 'Custom' },
    dateFirstPublished: { '0': 'Leave blank', '1': 'Use date from article' },
    tinyURL: { '0': '-Leave blank-', '1': 'Use URL from article', '2': 'Generate TinyURL from article', '3': 'Custom' },
    imageSource: { '0': 'No image', '1': 'Use image from article if available', '2': 'Use custom image' },
  },
  list: {
    heading: 'Scheduled imports',
    columns: { id: 'ID', name: 'Name', feed: 'Feed', schedule: 'Schedule', action: 'Action' },
    new: 'New',
    refresh: 'Refresh',
    edit: 'Edit',
    enabled: 'Enabled',
    disabled: 'Disabled',
    noRecords: 'No records found',
  },
  editor: {
    newTitle: 'New scheduled import',
    editTitle: 'Edit scheduled import',
    close: 'Close',
    notFound: 'Scheduled import {{id}} was not found.',
    sections: { feed: 'Feed', defaults: 'Article Defaults' },
    fields: {
      id: 'ID',
      title: 'Title',
      feed_url: 'Feed URL',
      plugin: 'Feed Type',
      schedule: 'Schedule',
      enabled: 'Enabled',
      published: 'Published State',
      date: 'Date',
      sourceDomain: 'Source Domain',
      dateFirstPublished: 'Date First Published',
      tinyURL: 'TinyURL',
      imageSource: 'Main Image',
    },
    empty: '—',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const importersDe: Texts<typeof importersEn> = {
  options: {
    schedule: { '1': 'Stündlich', '2': 'Täglich', '3': 'Wöchentlich', '4': 'Alle 5 Minuten' },
    enabled: { '1': 'Ja', '0': 'Nein' },
    published: { '0': 'Unveröffentlicht', '4': 'Wartet auf Freigabe', '5': 'Entwurf', '1': 'Veröffentlicht' },
    date: { '1': 'Datum aus dem Feed verwenden', '2': 'Aktuelles Datum verwenden' },
    sourceDomain: { '0': 'Leer lassen', '1': 'Feed-Titel verwenden', '2': 'Feed-URL verwenden', '3': 'Benutzerdefiniert' },
    dateFirstPublished: { '0': 'Leer lassen', '1': 'Datum aus dem Artikel verwenden' },
    tinyURL: {
      '0': '-Leer lassen-',
      '1': 'URL aus dem Artikel verwenden',
      '2': 'TinyURL aus dem Artikel erzeugen',
      '3': 'Benutzerdefiniert',
    },
    imageSource: {
      '0': 'Kein Bild',
      '1': 'Bild aus dem Artikel verwenden, falls vorhanden',
      '2': 'Eigenes Bild verwenden',
    },
  },
  list: {
    heading: 'Geplante Importe',
    columns: { id: 'ID', name: 'Name', feed: 'Feed', schedule: 'Zeitplan', action: 'Aktion' },
    new: 'Neu',
    refresh: 'Aktualisieren',
    edit: 'Bearbeiten',
    enabled: 'Aktiviert',
    disabled: 'Deaktiviert',
    noRecords: 'Keine Einträge gefunden',
  },
  editor: {
    newTitle: 'Neuer geplanter Import',
    editTitle: 'Geplanten Import bearbeiten',
    close: 'Schließen',
    notFound: 'Der geplante Import {{id}} wurde nicht gefunden.',
    sections: { feed: 'Feed', defaults: 'Artikel-Standardwerte' },
    fields: {
      id: 'ID',
      title: 'Titel',
      feed_url: 'Feed-URL',
      plugin: 'Feed-Typ',
      schedule: 'Zeitplan',
      enabled: 'Aktiviert',
      published: 'Veröffentlichungsstatus',
      date: 'Datum',
      sourceDomain: 'Quelldomain',
      dateFirstPublished: 'Datum der Erstveröffentlichung',
      tinyURL: 'TinyURL',
      imageSource: 'Hauptbild',
    },
    empty: '—',
  },
};

addTranslations(NS, { en: importersEn, de: importersDe });
