// Date rules of the editor (spec section 3 "Article edit", section 5): placeholder dates mean
// "no date", and the server's 'YYYY-MM-DD HH:mm:ss' meets the browser's date inputs here.

/** Dates the old data uses for "none" (spec: 1970-01-01 and 0000-00-00 mean no reference date). */
const PLACEHOLDER_PREFIXES = ['1970-01-01', '0000-00-00'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** True for an empty value or a placeholder date (with or without a time). */
export function isPlaceholderDate(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '') return true;
  return PLACEHOLDER_PREFIXES.some((prefix) => text.startsWith(prefix));
}

/** The reference date for the form: 'YYYY-MM-DD', or '' when there is none (placeholders included). */
export function referenceDateForForm(value: string | null | undefined): string {
  if (isPlaceholderDate(value)) return '';
  const match = DATE.exec((value ?? '').trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : '';
}

/** A publish_up/publish_down value for a `datetime-local` input ('YYYY-MM-DDTHH:mm'), '' when empty. */
export function dateTimeForInput(value: string | null | undefined): string {
  if (isPlaceholderDate(value)) return '';
  const match = DATE_TIME.exec((value ?? '').trim());
  return match ? `${match[1]}T${match[2]}:${match[3]}` : '';
}

/** The value of a `datetime-local` input as the server stores it ('YYYY-MM-DD HH:mm:ss'), '' when empty. */
export function dateTimeForServer(value: string | null | undefined): string {
  if (isPlaceholderDate(value)) return '';
  const match = DATE_TIME.exec((value ?? '').trim());
  return match ? `${match[1]} ${match[2]}:${match[3]}:${match[4] ?? '00'}` : '';
}

/** A plain date for a `date` input ('YYYY-MM-DD'), '' when empty or a placeholder. */
export function dateForInput(value: string | null | undefined): string {
  return referenceDateForForm(value);
}

/** A time for a `time` input ('HH:mm'), '' when there is none. */
export function timeForInput(value: string | null | undefined): string {
  const match = /^(\d{2}):(\d{2})/.exec((value ?? '').trim());
  return match ? `${match[1]}:${match[2]}` : '';
}

/** publish_down must not be before publish_up (both in the input format; empty means open). */
export function isPublishRangeValid(up: string, down: string): boolean {
  if (!up || !down) return true;
  return down >= up;
}
