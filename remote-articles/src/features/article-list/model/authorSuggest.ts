// The author filter's autocomplete (spec sections 2, 5 and 9): suggestions from 3 characters. Pure.

import { startsAuthorAutocomplete } from 'contracts/rules/constants';
import type { AuthorRef } from 'contracts/schemas/authors';

/** The term to ask suggestions for, or null when the text is too short (counted in characters, not UTF-16 units). */
export function suggestionTerm(text: string): string | null {
  const term = text.trim().replace(/\s+/g, ' ');
  return startsAuthorAutocomplete(term) ? term : null;
}

/** A suggestion of GET /api/v2/authors?term=. */
export type AuthorSuggestion = AuthorRef;

/** Autocomplete options: one per distinct name (the filter matches by name), in the server's order. */
export function suggestionOptions(list: unknown): Array<{ value: string; label: string }> {
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const options: Array<{ value: string; label: string }> = [];
  for (const entry of list as Array<Partial<AuthorSuggestion> | null>) {
    const name = typeof entry?.name === 'string' ? entry.name.trim() : '';
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    options.push({ value: name, label: name });
  }
  return options;
}
