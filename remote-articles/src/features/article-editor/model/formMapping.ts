// Form ↔ API mapping of the article editor. The form holds plain, JSON-safe values (so a draft
// can go to localStorage as is); the payload is what POST /api/portal/article takes through
// shared's toFormBody: scalars as strings, topics as repeated keys, objects and lists of objects
// as JSON strings. The UI always sends the full form (an absent list key means an empty list).
import { dateForInput, dateTimeForInput, dateTimeForServer, referenceDateForForm, timeForInput } from './dates';
import { effectiveMainImage } from './images';
import type { ArticleEdit, ArticleEvent, ArticleImage, ArticleLocation } from './types';

/** The event as the form holds it: the contract's texts, its switches as booleans and its numbers as input text. */
export type EventFormValues = Pick<
  ArticleEvent,
  'venue' | 'date' | 'start_time' | 'end_date' | 'end_time' | 'address' | 'currency' | 'custom_payment_url'
> & {
  end_time_enabled: boolean;
  latitude: string;
  longitude: string;
  limit_number_of_attendees: boolean;
  attendees_limit: number | null;
  ticket_cost: string;
  enabled: boolean;
};

/** The edit form's values: the contract's article, its flags as booleans, dates as input text, the location flattened. */
export type EditorFormValues = Pick<
  ArticleEdit,
  | 'id'
  | 'version'
  | 'title'
  | 'catid'
  | 'state'
  | 'access'
  | 'text'
  | 'introtext'
  | 'notes'
  | 'main_image'
  | 'reference_source'
  | 'reference_url'
  | 'topics'
  | 'main_category_id'
  | 'tags'
  | 'authors'
  | 'ads'
  | 'videos'
> & {
  date: string;
  featured: boolean;
  newsletter: boolean;
  images: ArticleImage[];
  references_at_source: boolean;
  use_source_link: boolean;
  videos_at_source: boolean;
  /** 'YYYY-MM-DD' or '' (placeholders become ''). */
  reference_date: string;
  has_event: boolean;
  event: EventFormValues;
  country_code: ArticleLocation['country_code'];
  state_id: ArticleLocation['state_id'];
  /** 'YYYY-MM-DDTHH:mm' (datetime-local) or ''. */
  publish_up: string;
  publish_down: string;
};

/** '1', 1, true, 'true' are true (spec: "each '1' is true"). */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function emptyEvent(): EventFormValues {
  return {
    venue: '',
    date: '',
    start_time: '',
    end_time_enabled: false,
    end_date: '',
    end_time: '',
    address: '',
    latitude: '',
    longitude: '',
    limit_number_of_attendees: false,
    attendees_limit: null,
    ticket_cost: '',
    currency: '',
    enabled: true,
    custom_payment_url: '',
  };
}

export function eventToForm(event: ArticleEvent | null | undefined): EventFormValues {
  if (!event) return emptyEvent();
  return {
    venue: text(event.venue),
    date: dateForInput(text(event.date)),
    start_time: timeForInput(text(event.start_time)),
    end_time_enabled: isTrue(event.end_time_enabled),
    end_date: dateForInput(text(event.end_date)),
    end_time: timeForInput(text(event.end_time)),
    address: text(event.address),
    latitude: text(event.latitude),
    longitude: text(event.longitude),
    limit_number_of_attendees: isTrue(event.limit_number_of_attendees),
    attendees_limit: numberOrNull(event.attendees_limit),
    ticket_cost: text(event.ticket_cost),
    currency: text(event.currency),
    enabled: isTrue(event.enabled),
    custom_payment_url: text(event.custom_payment_url),
  };
}

/** The article of GET /api/portal/article as form values. `topics` (the response's list) wins over article.topics. */
export function articleToForm(article: ArticleEdit, topics?: readonly number[]): EditorFormValues {
  const images = (article.images ?? []).map((image) => ({ ...image, description: text(image.description) }));
  const savedTopics = [...new Set((topics ?? article.topics ?? []).map(Number))];
  return {
    id: Number(article.id) || 0,
    version: Number(article.version) || 0,
    title: text(article.title),
    date: text(article.date),
    catid: numberOrNull(article.catid),
    state: Number(article.state ?? 5),
    access: Number(article.access ?? 2),
    featured: isTrue(article.featured),
    newsletter: isTrue(article.newsletter),
    text: text(article.text),
    introtext: text(article.introtext),
    notes: text(article.notes),
    main_image: effectiveMainImage(images, numberOrNull(article.main_image)),
    images,
    references_at_source: isTrue(article.references_at_source),
    use_source_link: isTrue(article.use_source_link),
    videos_at_source: isTrue(article.videos_at_source),
    reference_source: text(article.reference_source),
    reference_date: referenceDateForForm(article.reference_date),
    reference_url: text(article.reference_url),
    topics: savedTopics,
    main_category_id: numberOrNull(article.main_category_id),
    tags: [...(article.tags ?? [])],
    authors: [...(article.authors ?? [])],
    ads: [...(article.ads ?? [])],
    videos: [...(article.videos ?? [])],
    has_event: !!article.event,
    event: eventToForm(article.event),
    country_code: text(article.location?.country_code),
    state_id: numberOrNull(article.location?.state_id),
    publish_up: dateTimeForInput(article.publish_up),
    publish_down: dateTimeForInput(article.publish_down),
  };
}

const flag = (value: boolean): string => (value ? '1' : '0');

export type ArticlePayload = Record<string, string | number | readonly unknown[]>;

/**
 * The form as the POST body (before toFormBody). `copy` duplicates into a new draft.
 * Cleared objects (no event, no country) go as the JSON text 'null' so that the full form always
 * says what it holds.
 */
export function formToPayload(values: EditorFormValues, options: { copy?: boolean } = {}): ArticlePayload {
  const images = values.images.map((image) => ({ id: image.id, description: image.description ?? '' }));
  const event = values.has_event
    ? JSON.stringify({
        ...values.event,
        end_time_enabled: flag(values.event.end_time_enabled),
        limit_number_of_attendees: flag(values.event.limit_number_of_attendees),
        enabled: flag(values.event.enabled),
        attendees_limit: values.event.limit_number_of_attendees ? values.event.attendees_limit : null,
        end_date: values.event.end_time_enabled ? values.event.end_date : '',
        end_time: values.event.end_time_enabled ? values.event.end_time : '',
      })
    : 'null';
  const location = values.country_code ? JSON.stringify({ country_code: values.country_code, state_id: values.state_id }) : 'null';
  const payload: ArticlePayload = {
    id: values.id,
    version: values.version,
    title: values.title.trim(),
    date: values.date,
    catid: values.catid ?? '',
    state: values.state,
    access: values.access,
    featured: flag(values.featured),
    newsletter: flag(values.newsletter),
    text: values.text,
    introtext: values.introtext,
    notes: values.notes,
    main_image: effectiveMainImage(values.images, values.main_image) ?? '',
    images,
    references_at_source: flag(values.references_at_source),
    use_source_link: flag(values.use_source_link),
    videos_at_source: flag(values.videos_at_source),
    reference_source: values.reference_source,
    reference_date: values.reference_date,
    reference_url: values.reference_url,
    topics: values.topics,
    main_category_id: values.main_category_id ?? '',
    tags: values.tags.map(({ id, title }) => ({ id, title })),
    authors: values.authors.map(({ id, name }) => ({ id, name })),
    ads: values.ads.map((ad) => ({ ...ad })),
    videos: values.videos.map(({ id, videoId, title }) => ({ id, videoId, title })),
    event,
    location,
    publish_up: dateTimeForServer(values.publish_up),
    publish_down: dateTimeForServer(values.publish_down),
  };
  if (options.copy) payload.copy = '1';
  return payload;
}
