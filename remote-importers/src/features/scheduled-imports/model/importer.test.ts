import { NEW_IMPORTER_DEFAULTS, parseDefaults, parseImporterId, summarise, type Importer } from './importer';

describe('new import defaults (spec section 9)', () => {
  it('schedule 1 and enabled 1, and the article defaults', () => {
    const s = summarise(null);
    expect(s).toMatchObject({ isNew: true, id: null, title: '', feed_url: '', plugin: '', schedule: '1', enabled: '1' });
    expect(s.defaults).toEqual({
      published: '0',
      date: '1',
      sourceDomain: '0',
      dateFirstPublished: '0',
      tinyURL: '0',
      imageSource: '0',
      country: '0',
    });
  });
  it('hands out a copy, never the frozen defaults', () => {
    const s = summarise(null);
    s.defaults.published = '1';
    expect(NEW_IMPORTER_DEFAULTS.published).toBe('0');
  });
});

describe('summarise an existing import', () => {
  const importer: Importer = {
    id: 7,
    title: 'Wire',
    feed_url: 'https://feed.test/rss',
    plugin: 'rss',
    schedule: 2,
    enabled: 0,
    defaults: { published: 4, tinyURL: '2' },
  };
  it('takes its values and defaults', () => {
    expect(summarise(importer)).toEqual({
      isNew: false,
      id: 7,
      title: 'Wire',
      feed_url: 'https://feed.test/rss',
      plugin: 'rss',
      schedule: 2,
      enabled: 0,
      defaults: { published: 4, tinyURL: '2' },
    });
  });
  it('reads defaults sent as a JSON string', () => {
    expect(summarise({ ...importer, defaults: '{"published":"1"}' }).defaults).toEqual({ published: '1' });
  });
});

describe('parseDefaults', () => {
  it.each([
    [null, {}],
    [undefined, {}],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    [[1], {}],
    [42, {}],
    ['{"date":"2"}', { date: '2' }],
    [{ date: '2' }, { date: '2' }],
  ])('%p → %p', (input, expected) => expect(parseDefaults(input)).toEqual(expected));
});

describe('parseImporterId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1.5', null],
    ['', null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('%p → %p', (raw, id) => expect(parseImporterId(raw)).toBe(id));
});
