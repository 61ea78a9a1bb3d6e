// List rules of the editor (spec section 5): tags, authors, ads and videos are lists of records
// keyed by id; adding one already there is ignored.

export interface WithId {
  id: number;
}

/** Adds `item` unless an item with the same id is already there (then the same list comes back). */
export function addById<T extends WithId>(list: readonly T[], item: T): T[] {
  if (list.some((existing) => existing.id === item.id)) return list as T[];
  return [...list, item];
}

/** Adds each item in order, skipping ids already there. */
export function addAllById<T extends WithId>(list: readonly T[], items: readonly T[]): T[] {
  return items.reduce<T[]>((acc, item) => addById(acc, item), [...list]);
}

export function removeById<T extends WithId>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}

/** A positive whole number typed as an ad id, else null. */
export function parseAdId(text: string | number | null | undefined): number | null {
  const value = String(text ?? '').trim();
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An ad is fetched only when it is not already on the article (spec section 5). */
export function adNeedsFetch(ads: readonly WithId[], id: number): boolean {
  return !ads.some((ad) => ad.id === id);
}

/** A video response counts only with an id (else "Invalid response"). */
export function hasId(value: unknown): value is WithId {
  if (!value || typeof value !== 'object') return false;
  const id = (value as { id?: unknown }).id;
  return (typeof id === 'number' && Number.isFinite(id) && id > 0) || (typeof id === 'string' && /^\d+$/.test(id) && Number(id) > 0);
}
