// "Active 3 minutes ago" for the Logged In submitters popover. Pure (the clock is passed in).

/** Minutes since the last use, rounded down; 0 for now or a time a little ahead (clock skew); null when unreadable. */
export function minutesSince(lastSeen: string, now: Date): number | null {
  const at = Date.parse(lastSeen);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now.getTime() - at) / 60_000));
}

/** The time since the last use in the language, e.g. "3 minutes ago" / "vor 3 Minuten", "now" under a minute. */
export function lastSeenText(lastSeen: string, now: Date, language: string): string {
  const minutes = minutesSince(lastSeen, now);
  if (minutes === null) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** Sorted by name (any letter case), then username, so the list does not jump between openings. */
export function byName<T extends { name: string; username: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.username.localeCompare(b.username));
}
