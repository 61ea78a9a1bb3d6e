import {
  DEFAULT_FILTER,
  PAGE_SIZES,
  changeFilter,
  currentPage,
  filterToSearchParams,
  firstPage,
  isPastLastPage,
  isSameFilter,
  isSortColumn,
  lastPage,
  parseFilter,
  setPage,
  setPageSize,
  toApiParams,
  toggleSort,
  totalPages,
  type ArticleFilter,
  type FilterField,
  type PageSize,
  type SortColumn,
} from './filterModel';

const base = (patch: Partial<ArticleFilter> = {}): ArticleFilter => ({ ...DEFAULT_FILTER, ...patch });
const q = (s: string) => new URLSearchParams(s);

describe('defaults (spec section 9)', () => {
  it('is frozen so nobody changes it by accident', () => {
    expect(Object.isFrozen(DEFAULT_FILTER)).toBe(true);
  });
});

describe('guards', () => {
  it.each(['id', 'title', 'submitter'])('%p is a sort column', (c) => expect(isSortColumn(c)).toBe(true));
  it.each(['ID', 'date', '', null, 1])('%p is not a sort column', (c) => expect(isSortColumn(c)).toBe(false));
});

describe('parseFilter', () => {
  it('an empty query gives the defaults', () => {
    expect(parseFilter(q(''))).toEqual(DEFAULT_FILTER);
  });
  it('reads every page size', () => {
    for (const size of PAGE_SIZES) expect(parseFilter(q(`limit=${size}`)).limit).toBe(size);
  });
  it.each(['7', 'abc', '-5', '5.5', '', '1e1'])('an invalid limit %p falls back to 5', (raw) => {
    expect(parseFilter(q(`limit=${raw}`)).limit).toBe(5);
  });
  it('reads the offset', () => {
    expect(parseFilter(q('limit=10&limitStart=30')).limitStart).toBe(30);
  });
  it('aligns an offset that is not on a page boundary down to its page', () => {
    expect(parseFilter(q('limit=10&limitStart=37')).limitStart).toBe(30);
    expect(parseFilter(q('limitStart=4')).limitStart).toBe(0);
  });
  it.each(['-10', 'x', '', '2.5'])('an invalid offset %p falls back to 0', (raw) => {
    expect(parseFilter(q(`limitStart=${raw}`)).limitStart).toBe(0);
  });
  it.each<SortColumn>(['id', 'title', 'submitter'])('reads sort=%s', (col) => {
    expect(parseFilter(q(`sort=${col}`)).sort).toBe(col);
  });
  it('an unknown sort column falls back to id', () => {
    expect(parseFilter(q('sort=date')).sort).toBe('id');
  });
  it('reads sortDir in any case, falls back to DESC', () => {
    expect(parseFilter(q('sortDir=ASC')).sortDir).toBe('ASC');
    expect(parseFilter(q('sortDir=asc')).sortDir).toBe('ASC');
    expect(parseFilter(q('sortDir=desc')).sortDir).toBe('DESC');
    expect(parseFilter(q('sortDir=up')).sortDir).toBe('DESC');
  });
  it('keeps the Scheduled status (-3) from the URL to the API', () => {
    const f = parseFilter(q('status=-3'));
    expect(f.status).toBe('-3');
    expect(toApiParams(f)).toMatchObject({ status: '-3' });
  });
  it('reads the narrowing filters, trimmed', () => {
    const f = parseFilter(q('category=12&user=3&status=1&search=%20cats%20&author=Ann&featured=1'));
    expect(f).toMatchObject({ category: '12', user: '3', status: '1', search: 'cats', author: 'Ann', featured: '1' });
  });
  it('ignores parameters it does not own', () => {
    expect(parseFilter(q('foo=bar&id=7'))).toEqual(DEFAULT_FILTER);
  });
});

describe('filterToSearchParams', () => {
  it('writes nothing for the defaults', () => {
    expect(filterToSearchParams(base()).toString()).toBe('');
  });
  it('writes only the values that differ from the defaults', () => {
    const params = filterToSearchParams(base({ limit: 20, limitStart: 40, sort: 'title', sortDir: 'ASC' }));
    expect(Object.fromEntries(params)).toEqual({ limit: '20', limitStart: '40', sort: 'title', sortDir: 'ASC' });
  });
  it('writes narrowing filters that are set', () => {
    expect(Object.fromEntries(filterToSearchParams(base({ status: '4', search: 'x' })))).toEqual({
      status: '4',
      search: 'x',
    });
  });
  it('keeps foreign parameters of the base query and replaces its own', () => {
    const params = filterToSearchParams(base({ limit: 10 }), q('tab=2&limit=50&sort=title'));
    expect(Object.fromEntries(params)).toEqual({ tab: '2', limit: '10' });
  });
  it('does not change the base query', () => {
    const original = q('limit=50');
    filterToSearchParams(base(), original);
    expect(original.toString()).toBe('limit=50');
  });
  it('round-trips through parseFilter', () => {
    const samples: ArticleFilter[] = [
      base(),
      base({ limit: 100, limitStart: 300, sort: 'submitter', sortDir: 'ASC' }),
      base({ limit: 10, limitStart: 10, sort: 'id', sortDir: 'ASC', category: '5', featured: '0' }),
    ];
    for (const f of samples) expect(parseFilter(filterToSearchParams(f))).toEqual(f);
  });
});

describe('toApiParams', () => {
  it('always sends paging and sorting', () => {
    expect(toApiParams(base())).toEqual({ limit: 5, limitStart: 0, sort: 'id', sortDir: 'DESC' });
  });
  it('adds only the narrowing filters that are set', () => {
    expect(toApiParams(base({ limit: 50, limitStart: 100, status: '5', author: 'Bo' }))).toEqual({
      limit: 50,
      limitStart: 100,
      sort: 'id',
      sortDir: 'DESC',
      status: '5',
      author: 'Bo',
    });
  });
});

describe('setPage: offset = limit × (page − 1)', () => {
  it.each<[PageSize, number, number]>([
    [5, 1, 0],
    [5, 2, 5],
    [5, 3, 10],
    [10, 4, 30],
    [20, 2, 20],
    [50, 3, 100],
    [100, 10, 900],
  ])('limit %i page %i → offset %i', (limit, page, offset) => {
    expect(setPage(base({ limit }), page).limitStart).toBe(offset);
  });
  it.each([0, -3, NaN, Infinity])('a page below 1 or not a number (%p) means page 1', (page) => {
    expect(setPage(base({ limitStart: 20 }), page).limitStart).toBe(0);
  });
  it('a fractional page is rounded down', () => {
    expect(setPage(base({ limit: 10 }), 2.7).limitStart).toBe(10);
  });
  it('keeps everything else and does not mutate', () => {
    const f = base({ limit: 10, sort: 'title', sortDir: 'ASC', status: '1' });
    const next = setPage(f, 3);
    expect(next).toEqual({ ...f, limitStart: 20 });
    expect(f.limitStart).toBe(0);
  });
});

describe('setPageSize', () => {
  it('sets the size and resets the offset to the first page', () => {
    expect(setPageSize(base({ limit: 5, limitStart: 25 }), 20)).toEqual(base({ limit: 20, limitStart: 0 }));
  });
  it('keeps sorting and filters', () => {
    const f = base({ sort: 'submitter', sortDir: 'ASC', category: '3', limitStart: 10 });
    expect(setPageSize(f, 50)).toEqual({ ...f, limit: 50, limitStart: 0 });
  });
  it('ignores a size that is not offered', () => {
    const f = base({ limitStart: 10 });
    expect(setPageSize(f, 7 as PageSize)).toBe(f);
  });
});

describe('toggleSort', () => {
  it('the same column toggles DESC → ASC → DESC', () => {
    const once = toggleSort(base({ sort: 'id', sortDir: 'DESC' }), 'id');
    expect(once).toMatchObject({ sort: 'id', sortDir: 'ASC' });
    expect(toggleSort(once, 'id')).toMatchObject({ sort: 'id', sortDir: 'DESC' });
  });
  it.each<[SortColumn, 'ASC' | 'DESC', SortColumn]>([
    ['id', 'DESC', 'title'],
    ['id', 'ASC', 'submitter'],
    ['title', 'DESC', 'id'],
    ['title', 'ASC', 'submitter'],
    ['submitter', 'DESC', 'title'],
    ['submitter', 'ASC', 'id'],
  ])('from %s %s a new column %s sorts ASC', (sort, sortDir, column) => {
    expect(toggleSort(base({ sort, sortDir }), column)).toMatchObject({ sort: column, sortDir: 'ASC' });
  });
  it('keeps the page and the filters', () => {
    const f = base({ limit: 10, limitStart: 20, status: '1' });
    expect(toggleSort(f, 'title')).toEqual({ ...f, sort: 'title', sortDir: 'ASC' });
  });
});

describe('changeFilter', () => {
  const fields: FilterField[] = ['category', 'user', 'status', 'search', 'author', 'featured'];
  it.each(fields)('changing %s resets the offset and flags a changed search', (field) => {
    const f = base({ limit: 10, limitStart: 40 });
    const result = changeFilter(f, field, '7');
    expect(result.searchChanged).toBe(true);
    expect(result.filter).toEqual({ ...f, [field]: '7', limitStart: 0 });
  });
  it.each(fields)('setting %s to the value it has changes nothing', (field) => {
    const f = base({ [field]: '7', limitStart: 40 });
    const result = changeFilter(f, field, '7');
    expect(result).toEqual({ filter: f, searchChanged: false });
    expect(result.filter).toBe(f);
  });
  it('clearing a filter is a change', () => {
    const result = changeFilter(base({ status: '1', limitStart: 5 }), 'status', '');
    expect(result).toEqual({ filter: base({ status: '' }), searchChanged: true });
  });
  it('trims the value', () => {
    expect(changeFilter(base(), 'search', '  news ').filter.search).toBe('news');
    expect(changeFilter(base({ search: 'news' }), 'search', ' news ').searchChanged).toBe(false);
  });
  it('keeps the page size and sorting', () => {
    const f = base({ limit: 50, sort: 'title', sortDir: 'ASC' });
    expect(changeFilter(f, 'featured', '1').filter).toMatchObject({ limit: 50, sort: 'title', sortDir: 'ASC' });
  });
});

describe('page arithmetic', () => {
  it.each([
    [5, 0, 1],
    [5, 4, 1],
    [5, 5, 2],
    [10, 30, 4],
    [100, 0, 1],
    [20, -20, 1],
  ])('limit %i offset %i is page %i', (limit, limitStart, page) => {
    expect(currentPage({ limit: limit as PageSize, limitStart })).toBe(page);
  });
  it.each([
    [0, 5, 1],
    [-1, 5, 1],
    [NaN, 5, 1],
    [1, 5, 1],
    [5, 5, 1],
    [6, 5, 2],
    [101, 100, 2],
    [250, 50, 5],
  ])('total %p with limit %i gives %i pages', (total, limit, pages) => {
    expect(totalPages(total, limit)).toBe(pages);
  });
  it('first page goes to offset 0', () => {
    expect(firstPage(base({ limit: 10, limitStart: 70 })).limitStart).toBe(0);
  });
  it('last page goes to the start of the last page', () => {
    expect(lastPage(base({ limit: 10 }), 95).limitStart).toBe(90);
    expect(lastPage(base({ limit: 10 }), 100).limitStart).toBe(90);
    expect(lastPage(base({ limit: 5 }), 0).limitStart).toBe(0);
  });
  it('detects a page past the end', () => {
    expect(isPastLastPage(base({ limit: 5, limitStart: 10 }), 10)).toBe(true);
    expect(isPastLastPage(base({ limit: 5, limitStart: 5 }), 10)).toBe(false);
    expect(isPastLastPage(base({ limitStart: 0 }), 0)).toBe(false);
  });
});

describe('isSameFilter', () => {
  it('compares every owned value', () => {
    expect(isSameFilter(base(), base())).toBe(true);
    expect(isSameFilter(base(), base({ sortDir: 'ASC' }))).toBe(false);
    expect(isSameFilter(base(), base({ featured: '1' }))).toBe(false);
  });
});
