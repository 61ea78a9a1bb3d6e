/**
 * The arithmetic of the article list's walk (see `listByWalk` in articles-list.ts): how far to read, when
 * collecting every hit is cheaper, how large an id window to try, and the estimated totals. Pure, so
 * every rule is unit tested without a database (test/articles-list-walk.test.ts).
 *
 * The list with free text or an author name (several authors) cannot take its total from the count
 * tables, and on a million articles collecting every hit to sort and count it costs about 3.5 ms per
 * 1,000 hits. So the list reads in its sort order instead, as the search endpoint does:
 * 1. a short walk: the first rows in the order, filtered, until the page is full;
 * 2. (id order) an id window: only the ids within the top of the order, the search's GIN index
 *    intersected with the primary key range (a BitmapAnd), sized from the hits the walk met;
 * 3. else every hit collected (exact), cheap because step 1 showed they are few.
 */

/**
 * Below this many articles, auto always collects (exact totals; cheap anyway). The search walks like
 * the list's title order.
 */
export const WALK_FROM_TABLE_ROWS = 20_000;

/** A walk in id order reads this many rows per row wanted (offset + limit) … */
export const SHORT_WALK_ROWS_PER_RESULT = 100;
/** … at least this many … */
export const SHORT_WALK_MIN_ROWS = 2_000;
/** … and at most this many (about 1 µs per row: the heap row and the filter). */
export const SHORT_WALK_MAX_ROWS = 10_000;

/** Title order has no window: it walks further, as the search endpoint (400 rows per row wanted). */
export const TITLE_WALK_ROWS_PER_RESULT = 400;
export const TITLE_WALK_MIN_ROWS = 8_000;
export const TITLE_WALK_MAX_ROWS = 50_000;

/** When the hits expected in the whole table are at most this many, collecting them all is cheap. */
export const COLLECT_UP_TO_HITS = 1_000;
/** The id window aims at this many times the rows wanted, so that a thinner stretch still fills it. */
export const WINDOW_HEADROOM = 3;
/** An estimated total at most this large is replaced by a count capped at COUNT_CAP (exact below it). */
export const COUNT_CAP = 1_000;

export type ListWalkOrder = 'id' | 'title';

/** Rows the walk reads for a page that needs `reach` (offset + limit) rows. */
export function walkRows(order: ListWalkOrder, reach: number): number {
  if (order === 'title') {
    return Math.min(Math.max(TITLE_WALK_MIN_ROWS, reach * TITLE_WALK_ROWS_PER_RESULT), Math.max(TITLE_WALK_MAX_ROWS, reach));
  }
  return Math.min(Math.max(SHORT_WALK_MIN_ROWS, reach * SHORT_WALK_ROWS_PER_RESULT), Math.max(SHORT_WALK_MAX_ROWS, reach));
}

/**
 * The total after a walk that filled the page: the share of hits among the rows walked (up to the
 * page's last row) × the rows in the table, never below the rows known to exist (as the search endpoint).
 */
export function estimateFromWalk(reach: number, walked: number, rowsInTable: number): number {
  return Math.max(reach, Math.round((reach / Math.max(walked, 1)) * rowsInTable));
}

/** What a walk that did not fill the page tells: how many hits it met in how many rows. */
export interface WalkShortfall {
  /** Hits among the rows walked (at least those; offset rows are counted when the page had rows). */
  hits: number;
  /** Rows walked (all of them: the walk ran out before the page was full). */
  walked: number;
  rowsInTable: number;
  /** maximum id − minimum id + 1: ids stand in for rows when sizing a window. */
  idSpan: number;
  reach: number;
}

/** The hits expected in the whole table after a short walk (one hit assumed when it met none). */
export function expectedHits(shortfall: WalkShortfall): number {
  return (Math.max(shortfall.hits, 1) / Math.max(shortfall.walked, 1)) * shortfall.rowsInTable;
}

/**
 * After a walk that did not fill the page: how many ids (from the top of the order) a window should
 * span, or undefined when collecting every hit is the better plan (few hits expected, or a window
 * that would span the table anyway).
 */
export function windowIds(shortfall: WalkShortfall, collectUpToHits = COLLECT_UP_TO_HITS): number | undefined {
  if (shortfall.rowsInTable <= shortfall.walked) return undefined;
  if (expectedHits(shortfall) <= collectUpToHits) return undefined;
  const density = Math.max(shortfall.hits, 1) / Math.max(shortfall.walked, 1);
  const rows = (WINDOW_HEADROOM * shortfall.reach) / density;
  const ids = Math.ceil((rows * shortfall.idSpan) / Math.max(shortfall.rowsInTable, 1));
  return ids >= shortfall.idSpan ? undefined : ids;
}

/**
 * The total after an id window that filled the page: its hits scaled from the window's id span to
 * the table's, never below the hits the window holds.
 */
export function estimateFromWindow(windowHits: number, windowIdSpan: number, idSpan: number): number {
  return Math.max(windowHits, Math.round((windowHits * idSpan) / Math.max(windowIdSpan, 1)));
}

/** Whether an estimated total is small enough to count exactly (with the cap). */
export function worthCounting(estimate: number): boolean {
  return estimate <= COUNT_CAP;
}

/** The total from a count capped at COUNT_CAP + 1 rows: exact below the cap, else the estimate (at least the cap + 1). */
export function totalFromCappedCount(counted: number, estimate: number): { total: number; estimated: boolean } {
  return counted <= COUNT_CAP ? { total: counted, estimated: false } : { total: Math.max(estimate, counted), estimated: true };
}
