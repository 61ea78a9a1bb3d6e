import {
  activityFilterToParams,
  activityPage,
  changeActivityFilter,
  EMPTY_ACTIVITY_FILTER,
  isDay,
  parseActivityFilter,
  toActivityQuery,
  type ActivityFilter,
  isRangeReversed,
} from './activityFilter';

const parse = (query: string) => parseActivityFilter(new URLSearchParams(query));

describe('parseActivityFilter / activityFilterToParams', () => {
  it('an empty URL is the empty filter, and the empty filter writes an empty URL', () => {
    expect(parse('')).toEqual(EMPTY_ACTIVITY_FILTER);
    expect(activityFilterToParams(EMPTY_ACTIVITY_FILTER).toString()).toBe('');
  });

  it('reads every filter and writes it back the same', () => {
    const query = 'user=3&entity=article&entity_id=7&action=update&from=2026-11-01&to=2026-11-24&limit=50&limitStart=100';
    const filter = parse(query);
    expect(filter).toEqual({
      user: 3,
      entity: 'article',
      entityId: 7,
      action: 'update',
      from: '2026-11-01',
      to: '2026-11-24',
      limit: 50,
      limitStart: 100,
    });
    expect(activityFilterToParams(filter).toString()).toBe(query);
  });

  it.each([
    ['user=0', 'user', null],
    ['user=abc', 'user', null],
    ['user=99999999999', 'user', null],
    ['entity=planet', 'entity', null],
    ['entity_id=7', 'entityId', null],
    ['entity=article&entity_id=-1', 'entityId', null],
    ['action=explode', 'action', null],
    ['from=2026-02-30', 'from', ''],
    ['to=yesterday', 'to', ''],
    ['limit=7', 'limit', 20],
    ['limitStart=-5', 'limitStart', 0],
    ['limitStart=1.5', 'limitStart', 0],
  ])('%s is read as not given', (query, key, value) => {
    expect(parse(query)[key as keyof ActivityFilter]).toBe(value);
  });

  it('isDay knows the calendar', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
  });
});

describe('toActivityQuery', () => {
  it('always pages; filters when set', () => {
    expect(toActivityQuery(EMPTY_ACTIVITY_FILTER)).toEqual({ limit: 20, limitStart: 0 });
    expect(toActivityQuery({ ...EMPTY_ACTIVITY_FILTER, user: 3, entity: 'category', entityId: 9, action: 'move' })).toEqual({
      limit: 20,
      limitStart: 0,
      user: 3,
      entity: 'category',
      entity_id: 9,
      action: 'move',
    });
  });

  it('days are local: from its midnight to the midnight after the last day (the API end is exclusive)', () => {
    const query = toActivityQuery({ ...EMPTY_ACTIVITY_FILTER, from: '2026-11-01', to: '2026-11-03' });
    expect(query.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 4).toISOString());
  });

  it('a range given backwards is reversed (sent as given, never swapped), one day alone is that day', () => {
    const backwards = { ...EMPTY_ACTIVITY_FILTER, from: '2026-11-05', to: '2026-11-01' };
    expect(isRangeReversed(backwards)).toBe(true);
    expect(toActivityQuery(backwards)).toMatchObject({
      from: new Date(2026, 10, 5).toISOString(),
      to: new Date(2026, 10, 2).toISOString(),
    });
    expect(isRangeReversed({ from: '2026-11-05', to: '2026-11-05' })).toBe(false);
    expect(isRangeReversed({ from: '2026-11-05', to: '' })).toBe(false);
    const day = toActivityQuery({ ...EMPTY_ACTIVITY_FILTER, from: '2026-11-05', to: '2026-11-05' });
    expect([day.from, day.to]).toEqual([new Date(2026, 10, 5).toISOString(), new Date(2026, 10, 6).toISOString()]);
  });
});

describe('changing the filter and the page', () => {
  const paged: ActivityFilter = { ...EMPTY_ACTIVITY_FILTER, entity: 'article', entityId: 7, limitStart: 40 };

  it('a new filter starts at the first page; no record kind drops the record id', () => {
    expect(changeActivityFilter(paged, { action: 'update' })).toMatchObject({ action: 'update', limitStart: 0, entityId: 7 });
    expect(changeActivityFilter(paged, { entity: null })).toMatchObject({ entity: null, entityId: null });
  });

  it('page n starts at (n - 1) × limit; a new page size starts again at the first page', () => {
    expect(activityPage(paged, 3).limitStart).toBe(40);
    expect(activityPage(paged, 1).limitStart).toBe(0);
    expect(activityPage(paged, 0).limitStart).toBe(0);
    expect(activityPage(paged, 2, 50)).toMatchObject({ limit: 50, limitStart: 0 });
  });
});
