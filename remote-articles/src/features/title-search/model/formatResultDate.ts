// Result dates (ISO from the API) in the reader's language. Pure.

/** Placeholder dates mean "no date" (spec section 5). */
const EMPTY_DATE = /^(0000-00-00|1970-01-01)/;

/** A short date in the given language; '' for no date, the text itself when it is not a date. */
export function formatResultDate(value: string | null | undefined, language: string, timeZone?: string): string {
  const raw = value?.trim() ?? '';
  if (!raw || EMPTY_DATE.test(raw)) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(raw) ? raw.replace(' ', 'T') : raw);
  if (Number.isNaN(date.getTime())) return raw;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(date);
}
