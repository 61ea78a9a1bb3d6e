// The arithmetic of the list's walk (src/repositories/articles-list-walk.ts): pure, no database.
import {
  COUNT_CAP,
  SHORT_WALK_MAX_ROWS,
  SHORT_WALK_MIN_ROWS,
  TITLE_WALK_MAX_ROWS,
  TITLE_WALK_MIN_ROWS,
  estimateFromWalk,
  estimateFromWindow,
  expectedHits,
  totalFromCappedCount,
  walkRows,
  windowIds,
  worthCounting,
} from '../src/repositories/articles-list-walk';

describe('walkRows', () => {
  it.each([
    ['id', 5, SHORT_WALK_MIN_ROWS],
    ['id', 20, SHORT_WALK_MIN_ROWS],
    ['id', 40, 4_000],
    ['id', 220, SHORT_WALK_MAX_ROWS],
    ['id', 20_000, 20_000], // never fewer rows than the page needs
    ['title', 5, TITLE_WALK_MIN_ROWS],
    ['title', 40, 16_000],
    ['title', 1_000, TITLE_WALK_MAX_ROWS],
    ['title', 60_000, 60_000],
  ] as const)('%s order, reach %i → %i rows', (order, reach, rows) => {
    expect(walkRows(order, reach)).toBe(rows);
  });
});

describe('estimateFromWalk', () => {
  it('scales the share of hits up to the last row of the page to the table', () => {
    expect(estimateFromWalk(20, 1_394, 1_000_000)).toBe(14_347);
    expect(estimateFromWalk(20, 200, 1_000_000)).toBe(100_000);
  });
  it('is never below the rows seen', () => {
    expect(estimateFromWalk(20, 20, 10)).toBe(20);
    expect(estimateFromWalk(20, 0, 0)).toBe(20);
  });
});

describe('expectedHits and windowIds', () => {
  const shortfall = { hits: 6, walked: 2_000, rowsInTable: 1_000_000, idSpan: 1_000_000, reach: 20 };
  it('expects the walk density over the table; one hit when the walk met none', () => {
    expect(expectedHits(shortfall)).toBe(3_000);
    expect(expectedHits({ ...shortfall, hits: 0 })).toBe(500);
  });
  it('sizes the window for headroom × the rows wanted at the density met', () => {
    expect(windowIds(shortfall)).toBe(Math.ceil((3 * 20) / (6 / 2_000)));
  });
  it('scales rows to ids when ids have gaps', () => {
    expect(windowIds({ ...shortfall, idSpan: 2_000_000 })).toBe(2 * Math.ceil((3 * 20) / (6 / 2_000)));
  });
  it('collects instead when few hits are expected', () => {
    expect(windowIds({ ...shortfall, hits: 0 })).toBeUndefined();
    expect(windowIds({ ...shortfall, hits: 2 })).toBeUndefined(); // 1,000 expected
    expect(windowIds({ ...shortfall, hits: 3 })).toBeDefined();
    expect(windowIds({ ...shortfall, hits: 0 }, 0)).toBeDefined(); // the knob for tests
  });
  it('collects instead when the walk saw the whole table, or the window would span it', () => {
    expect(windowIds({ ...shortfall, rowsInTable: 2_000 })).toBeUndefined();
    expect(windowIds({ ...shortfall, reach: 2_000 })).toBeUndefined();
  });
});

describe('estimateFromWindow', () => {
  it('scales the window hits from its id span to the table', () => {
    expect(estimateFromWindow(48, 15_000, 1_000_000)).toBe(3_200);
  });
  it('is never below the hits in the window', () => {
    expect(estimateFromWindow(48, 2_000_000, 1_000_000)).toBe(48);
    expect(estimateFromWindow(5, 0, 10)).toBe(50);
  });
});

describe('capped counts', () => {
  it('counts an estimate up to the cap', () => {
    expect(worthCounting(COUNT_CAP)).toBe(true);
    expect(worthCounting(COUNT_CAP + 1)).toBe(false);
  });
  it('a count under the cap is exact; at cap + 1 the estimate stays, at least cap + 1', () => {
    expect(totalFromCappedCount(74, 900)).toEqual({ total: 74, estimated: false });
    expect(totalFromCappedCount(COUNT_CAP, 900)).toEqual({ total: COUNT_CAP, estimated: false });
    expect(totalFromCappedCount(COUNT_CAP + 1, 900)).toEqual({ total: COUNT_CAP + 1, estimated: true });
    expect(totalFromCappedCount(COUNT_CAP + 1, 5_000)).toEqual({ total: 5_000, estimated: true });
  });
});
