// Texts of the "Search all titles" area (namespace `articles`, prefix `titleSearch`). English word for
// word from the spec where it names the text. Importing this module registers the texts.
import { addTranslations } from 'shared';

export const NS = 'articles';
export const TITLE_SEARCH_PREFIX = 'titleSearch';

export const titleSearchEn = {
  heading: 'Search all titles (5 word limit)',
  titleBox: 'Title words',
  titlePlaceholder: 'Words in the title',
  go: 'Go',
  textBox: 'Search all articles',
  textPlaceholder: 'Search title and intro (Enter)',
  pageSize: 'Results per page',
  searching: 'Searching…',
  columns: { id: 'ID', title: 'Title', date: 'Date' },
  sortByTitle: 'Sort by title',
  sortByModified: 'Sort by modified date',
  sortedAsc: 'sorted ascending',
  sortedDesc: 'sorted descending',
  modified: 'Modified {{date}}',
  noRecords: 'No records found',
  tooLong: 'The search text is too long: at most {{max}} characters.',
  total_one: '{{count}} result',
  total_other: '{{count}} results',
  openEditor: 'Open article {{id}} in the editor',
  openPublic: 'Open the published article in a new tab',
  results: 'Search results',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const titleSearchDe: Texts<typeof titleSearchEn> = {
  heading: 'Alle Titel durchsuchen (max. 5 Wörter)',
  titleBox: 'Wörter im Titel',
  titlePlaceholder: 'Wörter im Titel',
  go: 'Los',
  textBox: 'Alle Artikel durchsuchen',
  textPlaceholder: 'Titel und Vorspann durchsuchen (Enter)',
  pageSize: 'Treffer pro Seite',
  searching: 'Suche läuft…',
  columns: { id: 'ID', title: 'Titel', date: 'Datum' },
  sortByTitle: 'Nach Titel sortieren',
  sortByModified: 'Nach Änderungsdatum sortieren',
  sortedAsc: 'aufsteigend sortiert',
  sortedDesc: 'absteigend sortiert',
  modified: 'Geändert {{date}}',
  noRecords: 'Keine Einträge gefunden',
  tooLong: 'Der Suchtext ist zu lang: höchstens {{max}} Zeichen.',
  total_one: '{{count}} Treffer',
  total_other: '{{count}} Treffer',
  openEditor: 'Artikel {{id}} im Editor öffnen',
  openPublic: 'Veröffentlichten Artikel in neuem Tab öffnen',
  results: 'Suchergebnisse',
};

addTranslations(NS, { en: { [TITLE_SEARCH_PREFIX]: titleSearchEn }, de: { [TITLE_SEARCH_PREFIX]: titleSearchDe } });
