// The fields a revision records, apart from revision-diff (which brings jsdiff along): the activity
// log names them too, and a front end that only labels fields should not bundle a diff library.
import type { RevisionField } from '../schemas/revisions';

/** Every field of a revision, in the order the editor shows them (the order of `changed` and of a comparison). */
export const REVISION_FIELDS: readonly RevisionField[] = [
  'title',
  'introtext',
  'text',
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
  'notes',
  'reference_source',
  'reference_date',
  'reference_url',
  'references_at_source',
  'use_source_link',
  'videos_at_source',
  'event',
  'location',
];
