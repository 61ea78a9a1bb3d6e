// The pager with an estimated total (API `total_is_estimate`) and the move from an empty page past
// the real end to the real last page (filterModel: pagerTotal, pageToShowInstead).
import { DEFAULT_FILTER, lastPageToShow, pagerTotal, pageToShowInstead, totalPages, type ArticleFilter } from './filterModel';

const base = (patch: Partial<ArticleFilter> = {}): ArticleFilter => ({ ...DEFAULT_FILTER, ...patch });

describe('pagerTotal', () => {
  it.each([
    // [limit, limitStart, total, estimate, rows on page, pager total]
    [20, 0, 1000, false, 20, 1000], // exact: as it is
    [20, 0, 10, false, 10, 10],
    [20, 980, 1000, false, 20, 1000], // exact, last page: no page after it
    [20, 0, 14357, true, 20, 14357], // estimate above the page: as it is
    [20, 980, 1000, true, 20, 1001], // estimate reached by a full page: one more page to try
    [20, 1000, 1000, true, 20, 1021], // estimate below the rows seen (cannot come from the API, still safe)
    [20, 980, 1000, true, 7, 1000], // a short page is the end: the estimate stays
    [5, 0, 5, true, 5, 6],
    [5, 0, 0, true, 0, 0],
  ])('limit %i offset %i total %i (estimate %p, %i rows) → %i', (limit, limitStart, total, estimate, rows, expected) => {
    expect(pagerTotal(base({ limit: limit as ArticleFilter['limit'], limitStart }), total, estimate, rows)).toBe(expected);
  });

  it('a full page with an estimated total always leaves a next page for the arrows', () => {
    for (const limit of [5, 10, 20, 50, 100] as const) {
      for (const page of [1, 2, 7, 50]) {
        const filter = base({ limit, limitStart: (page - 1) * limit });
        for (const total of [0, page * limit - 1, page * limit, page * limit + 1, 10 * page * limit]) {
          const pages = totalPages(pagerTotal(filter, total, true, limit), limit);
          expect(pages).toBeGreaterThan(page);
        }
      }
    }
  });
});

describe('pageToShowInstead', () => {
  it('an empty page past the end with an exact total moves to the real last page', () => {
    expect(pageToShowInstead(base({ limit: 20, limitStart: 14340 }), 9999, false, 0)).toEqual(base({ limit: 20, limitStart: 9980 }));
    expect(pageToShowInstead(base({ limit: 5, limitStart: 50 }), 10, false, 0)).toEqual(base({ limit: 5, limitStart: 5 }));
    expect(pageToShowInstead(base({ limit: 5, limitStart: 50 }), 1, false, 0)).toEqual(base({ limit: 5, limitStart: 0 }));
  });

  it('keeps every other filter value', () => {
    const filter = base({ limit: 10, limitStart: 500, search: 'energy', author: 'costa', sort: 'title', sortDir: 'ASC' });
    expect(pageToShowInstead(filter, 42, false, 0)).toEqual({ ...filter, limitStart: 40 });
  });

  it('an empty result (total 0) past the first page moves to the first page', () => {
    expect(pageToShowInstead(base({ limit: 5, limitStart: 25 }), 0, false, 0)).toEqual(base({ limit: 5, limitStart: 0 }));
  });

  it.each([
    ['the page has rows', base({ limitStart: 50 }), 10, false, 3],
    ['the first page (nothing before it)', base({ limitStart: 0 }), 0, false, 0],
    ['the total is still an estimate', base({ limitStart: 50 }), 10, true, 0],
    ['the page is not past the end (exact total says rows exist there)', base({ limit: 5, limitStart: 50 }), 100, false, 0],
  ])('stays when %s', (_why, filter, total, estimate, rows) => {
    expect(pageToShowInstead(filter, total, estimate, rows)).toBeNull();
  });
});

describe('lastPageToShow (after the last-page arrow on an estimate)', () => {
  it('moves on to the real last page once the total is exact', () => {
    // The estimate said 12,837 (page 1284 of 10); the deep page counted 19,605 exactly.
    expect(lastPageToShow(base({ limit: 10, limitStart: 12830 }), 19605, false)).toEqual(base({ limit: 10, limitStart: 19600 }));
    // The estimate was too high and the page came back short: its exact total says where the end is.
    expect(lastPageToShow(base({ limit: 20, limitStart: 980 }), 955, false)).toEqual(base({ limit: 20, limitStart: 940 }));
  });

  it('keeps every other filter value', () => {
    const filter = base({ limit: 5, limitStart: 100, search: 'energy', sort: 'title', sortDir: 'ASC' });
    expect(lastPageToShow(filter, 1001, false)).toEqual({ ...filter, limitStart: 1000 });
  });

  it.each([
    ['this is the last page', base({ limit: 10, limitStart: 19600 }), 19605, false],
    ['this is the last page (total a multiple of the page size)', base({ limit: 10, limitStart: 19590 }), 19600, false],
    ['the total is still an estimate', base({ limit: 10, limitStart: 12830 }), 19605, true],
    ['nothing to show (total 0, first page)', base({ limit: 10, limitStart: 0 }), 0, false],
  ])('stays when %s', (_why, filter, total, estimate) => {
    expect(lastPageToShow(filter, total, estimate)).toBeNull();
  });
});
