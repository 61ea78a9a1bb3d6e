// What restoring kept changes would change in the form as loaded: the text fields as a word-level
// diff (contracts' revision-diff, the History panel's), the other fields by name.
import { diffText, FIELD_LABELS, htmlToText, sameValue, type DiffPart, type Language } from 'contracts/rules/revision-diff';
import type { RevisionField } from 'contracts/schemas/revisions';
import type { EditorFormValues } from './formMapping';
import { compareAs, MERGE_FIELDS, MERGE_TEXT_FIELDS, type FormField } from './mergeForm';

export type DraftChange =
  { field: FormField; label: string; kind: 'text'; parts: DiffPart[] } | { field: FormField; label: string; kind: 'value' };

/** The revision field a form field is part of (its label). */
export function labelField(field: FormField): RevisionField {
  if (field === 'has_event') return 'event';
  if (field === 'country_code' || field === 'state_id') return 'location';
  return field;
}

/** A text field as a reader sees it (the title as typed, intro, text and notes without their markup). */
export function readableText(field: FormField, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return field === 'title' || field === 'notes' ? text : htmlToText(text);
}

export function draftChanges(loaded: EditorFormValues, draft: EditorFormValues, language: Language): DraftChange[] {
  const changes: DraftChange[] = [];
  const labelled = new Set<RevisionField>();
  for (const field of MERGE_FIELDS) {
    if (sameValue(compareAs(field, loaded[field]), compareAs(field, draft[field]))) continue;
    const label = FIELD_LABELS[labelField(field)][language];
    if (MERGE_TEXT_FIELDS.includes(field)) {
      changes.push({ field, label, kind: 'text', parts: diffText(readableText(field, loaded[field]), readableText(field, draft[field])) });
    } else if (!labelled.has(labelField(field))) {
      labelled.add(labelField(field));
      changes.push({ field, label, kind: 'value' });
    }
  }
  return changes;
}
