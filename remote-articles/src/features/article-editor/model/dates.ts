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

/** The user's time zone: the browser's (IANA name, e.g. Europe/Berlin). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const WALL_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/** How far the wall clock of `timeZone` is ahead of UTC at the instant `utcMs` (milliseconds; DST included). */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { ...WALL_PARTS, timeZone, hourCycle: 'h23' }).formatToParts(new Date(utcMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The offset of `timeZone` at `utcMs`; without one, the browser's own, which Date knows without an
 * Intl formatter (the first one costs tens of ms: it would hold back the form's first render).
 */
function offsetMs(utcMs: number, timeZone: string | undefined): number {
  return timeZone ? zoneOffsetMs(utcMs, timeZone) : -new Date(utcMs).getTimezoneOffset() * 60_000;
}

/** 'YYYY-MM-DD HH:mm:ss' of a UTC instant as Date.UTC-style milliseconds (the wall clock, read as UTC). */
function wallText(ms: number, separator: ' ' | 'T', seconds: boolean): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)}${separator}${iso.slice(11, seconds ? 19 : 16)}`;
}

/** A wall-clock date and time ('YYYY-MM-DD[ T]HH:mm[:ss]') as Date.UTC milliseconds, or null when it is no real time. */
function wallMs(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as number[];
  const ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second ?? 0);
  const back = new Date(ms);
  // 2024-02-30 or 25:00 roll over: not a time anyone entered.
  if (back.getUTCMonth() !== month! - 1 || back.getUTCDate() !== day! || back.getUTCHours() !== hour!) return null;
  return ms;
}

/**
 * A publish_up/publish_down value (stored and sent in UTC, 'YYYY-MM-DD HH:mm:ss' or ISO) for a
 * `datetime-local` input, in `timeZone` (default: the user's, the browser's) ('YYYY-MM-DDTHH:mm'); '' when empty.
 */
export function dateTimeForInput(value: string | null | undefined, timeZone?: string): string {
  if (isPlaceholderDate(value)) return '';
  const text = (value ?? '').trim();
  const utc = DATE_TIME.test(text) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? wallMs(text) : Date.parse(text);
  if (utc === null || Number.isNaN(utc)) return '';
  return wallText(utc + offsetMs(utc, timeZone), 'T', false);
}

/**
 * The value of a `datetime-local` input (in `timeZone`, default the user's) as the server stores it: UTC,
 * 'YYYY-MM-DD HH:mm:ss'; '' when empty or unreadable. A wall time that a daylight-saving change
 * skips is read with the offset after the change.
 */
export function dateTimeForServer(value: string | null | undefined, timeZone?: string): string {
  if (isPlaceholderDate(value)) return '';
  const wall = wallMs((value ?? '').trim());
  if (wall === null) return '';
  let utc = wall - offsetMs(wall, timeZone);
  utc = wall - offsetMs(utc, timeZone);
  return wallText(utc, ' ', true);
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
