/**
 * Valid values of the contracts' shapes for the tests of every workspace (`contracts/testing/fixtures`,
 * a test-only export: no production build resolves it). Each is typed by its contracts type, so a
 * change of a shape breaks the fixture here at compile time, not a copy of it in each test; a test
 * passes only what it depends on as the patch.
 */
import { newArticle } from '../rules/new-article';
import type { ArticleEdit, ArticleEvent } from '../schemas/article';
import type { ImportRun } from '../schemas/importers';
import type { RevisionContent } from '../schemas/revisions';

/** An article of the editor: the new article of user 3 (Sam Submitter), with the patch. */
export const articleEdit = (patch: Partial<ArticleEdit> = {}): ArticleEdit => ({
  ...newArticle(3, 'Sam Submitter', new Date('2026-11-20T08:30:00.000Z')),
  ...patch,
});

/** An article's event with every switch and value set (a hall, on 1 June 2024 from 18:00 to 20:00). */
export const articleEvent = (patch: Partial<ArticleEvent> = {}): ArticleEvent => ({
  venue: 'Hall',
  date: '2024-06-01',
  start_time: '18:00',
  end_time_enabled: 1,
  end_date: '2024-06-01',
  end_time: '20:00',
  address: 'Main St 1',
  latitude: -33.8,
  longitude: null,
  limit_number_of_attendees: 0,
  attendees_limit: null,
  ticket_cost: 12.5,
  currency: 'AUD',
  enabled: 1,
  custom_payment_url: '',
  ...patch,
});

/** The content of a revision: a draft with a title, intro and text, one image, two topics, a tag and an author. */
export const revisionContent = (patch: Partial<RevisionContent> = {}): RevisionContent => ({
  title: 'Harbour festival opens',
  date: '2026-11-20T08:30:00.000Z',
  catid: 12,
  state: 5,
  access: 2,
  featured: 0,
  newsletter: 0,
  introtext: '<p>The <em>intro</em></p>',
  text: '<p>First paragraph.</p><p>Second &amp; last.</p>',
  notes: '',
  main_image: 3,
  images: [{ id: 3, description: 'Crowd at the pier' }],
  references_at_source: 0,
  use_source_link: 0,
  videos_at_source: 0,
  reference_source: '',
  reference_date: '',
  reference_url: '',
  topics: [12, 14],
  main_category_id: 12,
  tags: [{ id: 1, title: 'Harbour' }],
  authors: [{ id: 2, name: 'Kim Reporter' }],
  ads: [],
  videos: [],
  event: null,
  location: null,
  publish_up: '',
  publish_down: '',
  ...patch,
});

/** A finished manual run of importer 1 that found nothing. */
export const importRun = (patch: Partial<ImportRun> = {}): ImportRun => ({
  id: 1,
  importer_id: 1,
  trigger: 'manual',
  status: 'ok',
  started: '2026-01-01T00:00:00.000Z',
  finished: '2026-01-01T00:00:01.000Z',
  seen: 0,
  new: 0,
  duplicate: 0,
  failed: 0,
  error: null,
  error_code: null,
  error_params: null,
  ...patch,
});
