// A stale save merged with what was saved meanwhile (contracts/rules/article-merge): base = the
// version the form was opened at, theirs = the article now, mine = the form. The form's own values
// (flags as booleans, dates as input text, the location flattened) are compared, so all three sides
// go through the same articleToForm; lists of things compare by what identifies them.
import { mergeFields, type MergeConflict, type MergeDecision } from 'contracts/rules/article-merge';
import type { RevisionContent } from 'contracts/schemas/revisions';
import type { MergeData } from 'contracts/schemas/working-copy';
import { articleToForm, type EditorFormValues } from './formMapping';
import type { ArticleEdit } from './types';

export type FormField = Exclude<keyof EditorFormValues, 'id' | 'version'>;

/** Every field of the form a merge decides (the id and the version are not content). */
export const MERGE_FIELDS: readonly FormField[] = [
  'title',
  'introtext',
  'text',
  'notes',
  'state',
  'access',
  'featured',
  'newsletter',
  'date',
  'publish_up',
  'publish_down',
  'catid',
  'main_category_id',
  'topics',
  'tags',
  'authors',
  'images',
  'main_image',
  'videos',
  'ads',
  'reference_source',
  'reference_date',
  'reference_url',
  'references_at_source',
  'use_source_link',
  'videos_at_source',
  'has_event',
  'event',
  'country_code',
  'state_id',
];

/** The fields that merge word by word when both sides changed them. */
export const MERGE_TEXT_FIELDS: readonly FormField[] = ['title', 'introtext', 'text', 'notes'];

const ids = (value: unknown) => (Array.isArray(value) ? value.map((item: { id?: unknown }) => item?.id ?? item) : value);

/** What of a value counts: lists of things by their ids (images with their captions), a date by its instant. */
export function compareAs(field: FormField, value: unknown): unknown {
  switch (field) {
    case 'images':
      return Array.isArray(value) ? value.map((image: { id: number; description?: string }) => [image.id, image.description ?? '']) : value;
    case 'tags':
    case 'authors':
    case 'ads':
    case 'videos':
      return ids(value);
    case 'date': {
      const time = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(time) ? value : time;
    }
    default:
      return value;
  }
}

/** A revision's content as the editor's article (ids, version and the rest from the article now). */
export function revisionAsArticle(content: RevisionContent, now: ArticleEdit): ArticleEdit {
  const flag = (value: number) => (Number(value) === 1 ? '1' : '0');
  return {
    ...now,
    ...content,
    references_at_source: flag(content.references_at_source),
    use_source_link: flag(content.use_source_link),
    videos_at_source: flag(content.videos_at_source),
    images: content.images.map((image) => ({ ...(now.images.find((known) => known.id === image.id) ?? emptyImage(image.id)), ...image })),
    authors: content.authors as ArticleEdit['authors'],
    ads: content.ads as ArticleEdit['ads'],
  };
}

const emptyImage = (id: number) => ({ id, file_name: '', file_thumbnail: '', url: '', thumb_url: '', description: '' });

export interface FormMerge {
  /** The form as merged so far: every field that is not a conflict decided, the version to save against theirs. */
  values: EditorFormValues;
  theirs: EditorFormValues;
  decisions: Record<FormField, MergeDecision>;
  conflicts: MergeConflict<FormField>[];
}

export function mergeForm(mine: EditorFormValues, merge: MergeData): FormMerge {
  const theirs = articleToForm(merge.theirs, merge.theirs.topics);
  const base = merge.base ? articleToForm(revisionAsArticle(merge.base, merge.theirs), merge.base.topics) : null;
  const outcome = mergeFields<FormField>({
    base,
    mine,
    theirs,
    fields: MERGE_FIELDS,
    textFields: MERGE_TEXT_FIELDS,
    compareAs,
  });
  return {
    values: { ...mine, ...(outcome.values as Partial<EditorFormValues>), version: theirs.version },
    theirs,
    decisions: outcome.decisions,
    conflicts: outcome.conflicts,
  };
}
