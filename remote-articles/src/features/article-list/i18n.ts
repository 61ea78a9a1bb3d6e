// Texts of the article list (namespace `articles`, prefix `list`). English word for word from the
// spec where the spec names the text. Importing this module registers the texts.
import { addTranslations } from 'shared';

export const NS = 'articles';
export const LIST_PREFIX = 'list';

export const listEn = {
  columns: { id: 'ID', title: 'Title', submitter: 'Submitter', actions: 'Actions' },
  sortBy: 'Sort by {{column}}',
  sortedAsc: 'sorted ascending',
  sortedDesc: 'sorted descending',
  unknownSubmitter: 'unknown',
  state: {
    unpublished: 'Unpublished',
    published: 'Published',
    awaitingApproval: 'Awaiting approval',
    draft: 'Draft',
    trash: 'Trash',
    other: 'Other',
  },
  refresh: 'Refresh',
  pageSize: 'Per page',
  firstPage: 'First page',
  lastPage: 'Last page',
  total_one: '{{count}} article',
  total_other: '{{count}} articles',
  noRecords: 'No records found',
  openPublic: 'Open the published article in a new tab',
  summary: {
    heading: 'Article',
    id: 'ID',
    title: 'Title',
    state: 'Status',
    submitter: 'Submitter',
    date: 'Date',
    none: 'Select an article in the list to see it here.',
    noTitle: '(no title)',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const listDe: Texts<typeof listEn> = {
  columns: { id: 'ID', title: 'Titel', submitter: 'Einreicher', actions: 'Aktionen' },
  sortBy: 'Nach {{column}} sortieren',
  sortedAsc: 'aufsteigend sortiert',
  sortedDesc: 'absteigend sortiert',
  unknownSubmitter: 'unbekannt',
  state: {
    unpublished: 'Unveröffentlicht',
    published: 'Veröffentlicht',
    awaitingApproval: 'Wartet auf Freigabe',
    draft: 'Entwurf',
    trash: 'Papierkorb',
    other: 'Sonstige',
  },
  refresh: 'Aktualisieren',
  pageSize: 'Pro Seite',
  firstPage: 'Erste Seite',
  lastPage: 'Letzte Seite',
  total_one: '{{count}} Artikel',
  total_other: '{{count}} Artikel',
  noRecords: 'Keine Einträge gefunden',
  openPublic: 'Veröffentlichten Artikel in neuem Tab öffnen',
  summary: {
    heading: 'Artikel',
    id: 'ID',
    title: 'Titel',
    state: 'Status',
    submitter: 'Einreicher',
    date: 'Datum',
    none: 'Wählen Sie einen Artikel in der Liste, um ihn hier zu sehen.',
    noTitle: '(ohne Titel)',
  },
};

addTranslations(NS, { en: { [LIST_PREFIX]: listEn }, de: { [LIST_PREFIX]: listDe } });
