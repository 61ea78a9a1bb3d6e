// Article dates as the list returns them ('2024-05-01 10:30:00' or ISO). Pure.

/** Placeholder dates mean "no date" (spec section 5). */
const EMPTY_DATE = /^(0000-00-00|1970-01-01)/;

export function parseArticleDate(value: string | null | undefined): Date | null {
  const raw = value?.trim();
  if (!raw || EMPTY_DATE.test(raw)) return null;
  // 'YYYY-MM-DD HH:mm:ss' is not ISO; make it so (read as local time, like the portal shows it).
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(raw) ? raw.replace(' ', 'T') : raw;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A readable date in the given language; unparseable text is shown as it is, no date as ''. */
export function formatArticleDate(value: string | null | undefined, language: string, timeZone?: string): string {
  const raw = value?.trim() ?? '';
  if (!raw || EMPTY_DATE.test(raw)) return '';
  const date = parseArticleDate(raw);
  if (!date) return raw;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
