/**
 * What changed between two revisions of an article, as pure functions shared by the
 * API (the list's one-line summary) and the editor's History panel (the side-by-side comparison):
 * - title, intro and text: a word-level diff of their text (HTML tags dropped, block ends as line breaks),
 *   computed by jsdiff's diffWordsWithSpace (spaces kept as they are, so either side reads back exactly);
 * - every other field: its value before → after, as text in the user's language.
 */
import { diffWordsWithSpace } from 'diff';
import type { RevisionContent, RevisionField, RevisionSource } from '../schemas/revisions';
import { STATE_LABELS, stateName } from './article-state';
import { REVISION_FIELDS } from './revision-fields';

export { REVISION_FIELDS };

export type Language = 'en' | 'de';

/** The fields compared word by word. */
export const TEXT_FIELDS: readonly RevisionField[] = ['title', 'introtext', 'text'];

export const FIELD_LABELS: Readonly<Record<RevisionField, Readonly<Record<Language, string>>>> = Object.freeze({
  title: { en: 'Title', de: 'Titel' },
  introtext: { en: 'Intro', de: 'Einleitung' },
  text: { en: 'Text', de: 'Text' },
  state: { en: 'Status', de: 'Status' },
  access: { en: 'Access', de: 'Zugriff' },
  featured: { en: 'Featured', de: 'Hervorgehoben' },
  newsletter: { en: 'Newsletter', de: 'Newsletter' },
  date: { en: 'Date', de: 'Datum' },
  publish_up: { en: 'Start Publishing', de: 'Veröffentlichen ab' },
  publish_down: { en: 'Finish Publishing', de: 'Veröffentlichen bis' },
  catid: { en: 'Category', de: 'Kategorie' },
  main_category_id: { en: 'Main category', de: 'Hauptkategorie' },
  topics: { en: 'Topics', de: 'Themen' },
  tags: { en: 'Tags', de: 'Schlagwörter' },
  authors: { en: 'Authors', de: 'Autoren' },
  images: { en: 'Images', de: 'Bilder' },
  main_image: { en: 'Main image', de: 'Hauptbild' },
  videos: { en: 'Videos', de: 'Videos' },
  ads: { en: 'Ads', de: 'Anzeigen' },
  notes: { en: 'Notes', de: 'Notizen' },
  reference_source: { en: 'Reference source', de: 'Quelle' },
  reference_date: { en: 'Reference date', de: 'Datum der Quelle' },
  reference_url: { en: 'Reference URL', de: 'URL der Quelle' },
  references_at_source: { en: 'References at source', de: 'Verweise bei der Quelle' },
  use_source_link: { en: 'Use source link', de: 'Link zur Quelle verwenden' },
  videos_at_source: { en: 'Videos at source', de: 'Videos bei der Quelle' },
  event: { en: 'Event', de: 'Veranstaltung' },
  location: { en: 'Location', de: 'Ort' },
});

const WORDS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    yes: 'Yes',
    no: 'No',
    none: '(none)',
    public: 'Public',
    registered: 'Registered',
    premium: 'Premium',
    changed: '{{fields}} changed',
    nothing: 'Nothing changed',
    first: 'First recorded version',
    imported: 'Imported',
    restored: 'Restored version {{version}}',
    restoredChanged: 'Restored version {{version}}: {{fields}} changed',
    restoredEarlier: 'Restored an earlier version',
    restoredEarlierChanged: 'Restored an earlier version: {{fields}} changed',
  },
  de: {
    yes: 'Ja',
    no: 'Nein',
    none: '(keine)',
    public: 'Öffentlich',
    registered: 'Registriert',
    premium: 'Premium',
    changed: '{{fields}} geändert',
    nothing: 'Nichts geändert',
    first: 'Erste gespeicherte Fassung',
    imported: 'Importiert',
    restored: 'Version {{version}} wiederhergestellt',
    restoredChanged: 'Version {{version}} wiederhergestellt: {{fields}} geändert',
    restoredEarlier: 'Eine frühere Version wiederhergestellt',
    restoredEarlierChanged: 'Eine frühere Version wiederhergestellt: {{fields}} geändert',
  },
};

function word(language: Language, key: string, params: Record<string, string | number> = {}): string {
  return (WORDS[language][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** JSON with object keys sorted, so equal values compare equal whatever order their keys were stored in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sameValue(before: unknown, after: unknown): boolean {
  return canonical(before) === canonical(after);
}

/** The fields whose values differ, in REVISION_FIELDS order (fields missing on one side count as null). */
export function changedFields(before: Partial<RevisionContent>, after: Partial<RevisionContent>): RevisionField[] {
  return REVISION_FIELDS.filter((field) => !sameValue(before[field], after[field]));
}

/** Known field names of `names` (e.g. the API's `changed`) in REVISION_FIELDS order; unknown names are dropped. */
export function orderFields(names: readonly string[]): RevisionField[] {
  const wanted = new Set(names);
  return REVISION_FIELDS.filter((field) => wanted.has(field));
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of sanitised HTML: tags dropped, block ends and <br> as line breaks, the common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|hr)\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|figure|figcaption|ul|ol|table)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? entity;
    })
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * A text field as a reader sees it: intro and text are HTML (their words), the title is plain text
 * stored as typed, so "<script>" in a title is part of it and stays (the screen shows it as text).
 */
export function fieldText(field: RevisionField, content: Partial<RevisionContent>): string {
  const value = String(content[field] ?? '');
  return field === 'title' ? value : htmlToText(value);
}

/** A piece of a word-level diff: kept, added (only in the newer revision) or removed (only in the older). */
export interface DiffPart {
  value: string;
  kind: 'same' | 'added' | 'removed';
}

/** The word-level diff of two texts (plain text; see htmlToText). */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ value: before, kind: 'same' }];
  return diffWordsWithSpace(before, after).map((change) => ({
    value: change.value,
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

function yesNo(value: unknown, language: Language): string {
  return Number(value) === 1 ? word(language, 'yes') : word(language, 'no');
}

function list(items: string[], language: Language): string {
  return items.length ? items.join(', ') : word(language, 'none');
}

function text(value: string, language: Language): string {
  return value.trim() === '' ? word(language, 'none') : value;
}

/** A field's value as the comparison shows it (not for the word-diffed fields, which are shown as text). */
export function displayValue(field: RevisionField, content: Partial<RevisionContent>, language: Language): string {
  const value = content[field];
  if (value === undefined || value === null) return word(language, 'none');
  switch (field) {
    case 'state':
      return `${STATE_LABELS[stateName(value)][language]} (${String(value)})`;
    case 'access': {
      const names: Record<number, string> = { 1: 'public', 2: 'registered', 3: 'premium' };
      const name = names[Number(value)];
      return name ? word(language, name) : String(value);
    }
    case 'featured':
    case 'newsletter':
    case 'references_at_source':
    case 'use_source_link':
    case 'videos_at_source':
      return yesNo(value, language);
    case 'topics':
      return list(
        (value as number[]).map((id) => `#${id}`),
        language,
      );
    case 'catid':
    case 'main_category_id':
    case 'main_image':
      return `#${String(value)}`;
    case 'tags':
      return list(
        (value as RevisionContent['tags']).map((tag) => tag.title),
        language,
      );
    case 'authors':
      return list(
        (value as RevisionContent['authors']).map((author) => author.name),
        language,
      );
    case 'ads':
      return list(
        (value as RevisionContent['ads']).map((ad) => ad.subject || `#${ad.id}`),
        language,
      );
    case 'videos':
      return list(
        (value as RevisionContent['videos']).map((video) => video.title || video.videoId),
        language,
      );
    case 'images':
      return list(
        (value as RevisionContent['images']).map((image) => (image.description ? `#${image.id} “${image.description}”` : `#${image.id}`)),
        language,
      );
    case 'location': {
      const location = value as NonNullable<RevisionContent['location']>;
      return location.state_id === null ? location.country_code : `${location.country_code}, #${location.state_id}`;
    }
    case 'event': {
      const event = value as NonNullable<RevisionContent['event']>;
      const when = [event.date, event.start_time].filter(Boolean).join(' ');
      return [event.venue, event.address, when].filter(Boolean).join(' · ') || canonical(event);
    }
    case 'title':
    case 'introtext':
    case 'text':
      return text(fieldText(field, content), language);
    default:
      return text(String(value), language);
  }
}

export type FieldDiff =
  | { field: RevisionField; label: string; kind: 'text'; parts: DiffPart[] }
  | { field: RevisionField; label: string; kind: 'value'; before: string; after: string };

/**
 * The comparison of two revisions, field by field, only the fields that differ: the text fields as a
 * word-level diff, the others as before → after.
 */
export function diffRevisions(before: Partial<RevisionContent>, after: Partial<RevisionContent>, language: Language): FieldDiff[] {
  return changedFields(before, after).map((field): FieldDiff => {
    const label = FIELD_LABELS[field][language];
    if (TEXT_FIELDS.includes(field)) {
      return {
        field,
        label,
        kind: 'text',
        parts: diffText(fieldText(field, before), fieldText(field, after)),
      };
    }
    return { field, label, kind: 'value', before: displayValue(field, before, language), after: displayValue(field, after, language) };
  });
}

export interface SummaryInput {
  source: RevisionSource;
  /** The changed fields (null: no earlier revision to compare with). */
  changed: readonly string[] | null;
  restored_from: number | null;
  /** The version of the revision a restore brought back (null: not a restore, or that revision is gone). */
  restored_version: number | null;
}

/** The one line a revision shows in the list: what changed, or how it came to be. */
export function revisionSummary(revision: SummaryInput, language: Language): string {
  const fields = revision.changed === null ? null : orderFields(revision.changed).map((field) => FIELD_LABELS[field][language]);
  const joined = fields?.join(', ') ?? '';
  if (revision.source === 'restore') {
    // Named by its version (what the list shows); a revision deleted since (REVISIONS_KEEP) has none.
    const known = revision.restored_version !== null;
    const changed = fields !== null && fields.length > 0;
    const key = known ? (changed ? 'restoredChanged' : 'restored') : changed ? 'restoredEarlierChanged' : 'restoredEarlier';
    return word(language, key, { version: revision.restored_version ?? '', fields: joined });
  }
  if (fields === null) return word(language, revision.source === 'import' ? 'imported' : 'first');
  return fields.length ? word(language, 'changed', { fields: joined }) : word(language, 'nothing');
}
