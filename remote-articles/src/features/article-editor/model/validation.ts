// Which message a failed save shows (spec section 5 and 8, word for word in i18n):
// no image → "Please add at least one image"; any field invalid, hidden ones included →
// "Validation error - please check the article". Fields' own rules live here too.

import { ARTICLE_LIMITS, AUTHOR_LIMITS, VIDEO_LIMITS } from 'contracts/rules/field-limits';

export type SaveBlock = 'noImage' | 'invalid';

/** i18n keys (prefix editor.messages) of the spec's messages. */
export const SAVE_BLOCK_MESSAGE: Record<SaveBlock, string> = {
  noImage: 'messages.noImage',
  invalid: 'messages.validation',
};

/**
 * Why a save may not go ahead, or null. The image rule comes first: it is the one the user can
 * not see as a red field.
 */
export function saveBlock(imageCount: number, invalidFieldCount: number): SaveBlock | null {
  if (imageCount < 1) return 'noImage';
  if (invalidFieldCount > 0) return 'invalid';
  return null;
}

/** Bounds of the form's fields: the API's (contracts/rules/field-limits), never a second copy. */
export const LIMITS = {
  title: ARTICLE_LIMITS.title,
  caption: ARTICLE_LIMITS.imageCaption,
  notes: ARTICLE_LIMITS.notes,
  referenceSource: ARTICLE_LIMITS.referenceSource,
  venue: ARTICLE_LIMITS.eventVenue,
  address: ARTICLE_LIMITS.eventAddress,
  currency: { pattern: /^[A-Z]{3}$/ },
  authorName: AUTHOR_LIMITS.name,
  authorPosition: AUTHOR_LIMITS.position,
  authorBio: AUTHOR_LIMITS.bio,
  videoTitle: VIDEO_LIMITS.title,
} as const;

export function isLatitude(value: string | number | null | undefined): boolean {
  return inRange(value, -90, 90);
}

export function isLongitude(value: string | number | null | undefined): boolean {
  return inRange(value, -180, 180);
}

function inRange(value: string | number | null | undefined, min: number, max: number): boolean {
  if (value === null || value === undefined || String(value).trim() === '') return true;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return false;
  const number = Number(text);
  return number >= min && number <= max;
}

/** A ticket cost: empty, or a non-negative amount with up to 2 decimals. */
export function isAmount(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined || String(value).trim() === '') return true;
  return /^\d+(\.\d{1,2})?$/.test(String(value).trim());
}

/** The event's end must not be before its start (same format strings compare in order). */
export function isEventEndValid(startDate: string, startTime: string, endDate: string, endTime: string): boolean {
  if (!startDate || !endDate) return true;
  const start = `${startDate}T${startTime || '00:00'}`;
  const end = `${endDate}T${endTime || '23:59'}`;
  return end >= start;
}

/** Latitude and longitude go together: both or neither (the API refuses one alone). */
export function isCoordinatePair(latitude: unknown, longitude: unknown): boolean {
  const set = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';
  return set(latitude) === set(longitude);
}
