/**
 * The limits of the fields both the API and the screens check, defined once. Spec section 5: "Fields
 * may carry required, minimum length, maximum length and pattern attributes. Specific bounds are not
 * shown": the spec states no bound of these fields, so these are the product's. Where the editor and
 * the API disagreed, the API's value stands: every article the API stored was checked against it,
 * so none becomes unsaveable in the editor. The bounds the spec does state are in constants.ts
 * (author autocomplete 3 characters, title search 5 words, page sizes). Lengths count UTF-16 units,
 * like an input's maxLength and JavaScript's `length`.
 */

/** A text's bounds: at most `max` characters, at least `min` when given (required-ness is separate). */
export interface TextLimit {
  readonly min?: number;
  readonly max: number;
}

/** The article edit form (POST /api/portal/article), the editor and the list's field changes. */
export const ARTICLE_LIMITS = Object.freeze({
  title: { max: 255 },
  text: { max: 500_000 },
  introtext: { max: 50_000 },
  notes: { max: 10_000 },
  referenceSource: { max: 255 },
  /** Every web address of the form (reference URL, an event's payment URL). */
  url: { max: 2048 },
  /** An image's caption, on upload and in the article's images. */
  imageCaption: { max: 1000 },
  eventVenue: { max: 255 },
  eventAddress: { max: 500 },
} as const satisfies Record<string, TextLimit>);

/** How many items an article's lists hold at most. */
export const ARTICLE_LIST_LIMITS = Object.freeze({
  images: 100,
  topics: 100,
  tags: 50,
  authors: 20,
  ads: 20,
  videos: 20,
} as const);

/** The numbers of an article's event: attendees (a whole number) and the ticket cost, from 0. */
export const EVENT_NUMBER_LIMITS = Object.freeze({
  attendees: { min: 0, max: 1_000_000 },
  ticketCost: { min: 0, max: 1_000_000 },
} as const);

/** An author (POST /api/author, PUT /api/author/{id}) and the editor's author dialog. */
export const AUTHOR_LIMITS = Object.freeze({
  name: { max: 255 },
  position: { max: 255 },
  bio: { max: 5000 },
} as const satisfies Record<string, TextLimit>);

/** A tag's title (POST /api/tag). */
export const TAG_LIMITS = Object.freeze({ title: { max: 100 } } as const satisfies Record<string, TextLimit>);

/** A video added to an article (POST /api/video). */
export const VIDEO_LIMITS = Object.freeze({ title: { max: 255 } } as const satisfies Record<string, TextLimit>);

/** A category (POST /api/categories/save). */
export const CATEGORY_LIMITS = Object.freeze({
  title: { max: 255 },
  alias: { max: 255 },
} as const satisfies Record<string, TextLimit>);

/** A scheduled import's own fields (the Defaults' are in import-defaults.ts). */
export const IMPORTER_LIMITS = Object.freeze({
  title: { max: 255 },
  feedUrl: { max: 2000 },
} as const satisfies Record<string, TextLimit>);

/** The free-text search of the article list and the search term of the title search. */
export const SEARCH_TERM_LIMITS = Object.freeze({ term: { max: 200 } } as const satisfies Record<string, TextLimit>);

/** Whether a text is within a limit (required-ness is checked apart: '' passes a minimum). */
export function withinLimit(text: string, limit: TextLimit): boolean {
  if (text.length > limit.max) return false;
  return limit.min === undefined || text.length === 0 || text.length >= limit.min;
}
