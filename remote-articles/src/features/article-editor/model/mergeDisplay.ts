// How the merge dialog shows a field's value: text fields as their words, the rest as short text.
import type { FormField } from './mergeForm';
import { readableText } from './draftChanges';

export interface DisplayWords {
  yes: string;
  no: string;
  empty: string;
}

function item(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const thing = value as { title?: string; name?: string; subject?: string; description?: string; id?: unknown };
  const label = thing.title || thing.name || thing.subject || thing.description;
  return label ? String(label) : `#${String(thing.id)}`;
}

/** A field's value as one line of text. */
export function displayFieldValue(field: FormField, value: unknown, words: DisplayWords): string {
  if (field === 'title' || field === 'introtext' || field === 'text' || field === 'notes') return readableText(field, value) || words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (value === null || value === undefined || value === '') return words.empty;
  if (Array.isArray(value)) return value.length ? value.map(item).join(', ') : words.empty;
  if (field === 'event' && typeof value === 'object') {
    const event = value as { venue?: string; date?: string; start_time?: string };
    return [event.venue, event.date, event.start_time].filter(Boolean).join(' · ') || words.empty;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
