import {
  applyingDefaults,
  defaultsObject,
  IMPORT_DEFAULT_CODES,
  IMPORT_DEFAULT_VALUES,
  isCoordinate,
  isHostname,
  mainCategoryIsATopic,
  needsCustomImage,
} from './import-defaults';

describe('import defaults (spec section 9)', () => {
  it('a new import is unpublished, dated from the feed, with no source domain, first-published date, tiny URL, image or country', () => {
    expect(IMPORT_DEFAULT_VALUES).toMatchObject({
      published: '0',
      date: '1',
      sourceDomain: '0',
      dateFirstPublished: '0',
      tinyURL: '0',
      imageSource: '0',
      country: '0',
    });
  });

  it('every default of a choice field is one of its codes', () => {
    for (const [field, codes] of Object.entries(IMPORT_DEFAULT_CODES)) {
      expect([field, (codes as readonly string[]).includes(IMPORT_DEFAULT_VALUES[field as keyof typeof IMPORT_DEFAULT_CODES])]).toEqual([
        field,
        true,
      ]);
    }
  });

  it('a new import applies no conditional value', () => {
    expect(applyingDefaults(IMPORT_DEFAULT_VALUES)).toEqual({
      sourceDomainCustom: false,
      tinyURLCustom: false,
      image: false,
      state: false,
    });
  });
});

describe('which conditional values apply (spec sections 2 and 5)', () => {
  const CODES = ['', '0', '1', '2', '3', '4', 'x'];
  const COUNTRIES = ['', '0', 'AU', 'DE'];
  it('every combination of sourceDomain × tinyURL × imageSource × country', () => {
    for (const sourceDomain of CODES)
      for (const tinyURL of CODES)
        for (const imageSource of CODES)
          for (const country of COUNTRIES) {
            expect(applyingDefaults({ sourceDomain, tinyURL, imageSource, country })).toEqual({
              sourceDomainCustom: sourceDomain === '3',
              tinyURLCustom: tinyURL === '3',
              image: imageSource !== '0' && imageSource !== '',
              state: country !== '0' && country !== '',
            });
          }
  });

  it.each(IMPORT_DEFAULT_CODES.imageSource.map((code) => [code]))('image source %s needs an uploaded image only when it is 2', (code) => {
    expect(needsCustomImage(code)).toBe(code === '2');
  });
});

describe('host names (the custom source domain)', () => {
  it.each(['example.com', 'news.example.co.uk', 'a-b.example.org', 'EXAMPLE.COM', `${'a'.repeat(63)}.com`])('%s is one', (value) =>
    expect(isHostname(value)).toBe(true),
  );
  it.each([
    '',
    'localhost',
    'example',
    '-a.com',
    'a-.com',
    'http://example.com',
    'example.com/x',
    'exa mple.com',
    'example.c',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(126)}com`,
  ])('%p is not one', (value) => expect(isHostname(value)).toBe(false));
});

describe('coordinates', () => {
  it('every whole degree from -200 to 200, and a half beyond each limit', () => {
    for (let degree = -200; degree <= 200; degree += 1) {
      expect(isCoordinate(String(degree), 'latitude')).toBe(Math.abs(degree) <= 90);
      expect(isCoordinate(String(degree), 'longitude')).toBe(Math.abs(degree) <= 180);
    }
    expect(isCoordinate('90.5', 'latitude')).toBe(false);
    expect(isCoordinate('-180.5', 'longitude')).toBe(false);
  });
  it.each([
    ['', true],
    ['-33.865143', true],
    ['1.123456789012', true],
    ['1.1234567890123', false],
    ['1.', false],
    ['.5', false],
    ['1e1', false],
    ['+1', false],
    [' 1', false],
  ])('latitude %p → %p', (value, ok) => expect(isCoordinate(value, 'latitude')).toBe(ok));
  it('longitude takes three integer digits, latitude two', () => {
    expect(isCoordinate('100', 'longitude')).toBe(true);
    expect(isCoordinate('100', 'latitude')).toBe(false);
    expect(isCoordinate('0100', 'longitude')).toBe(false);
  });
});

describe('the main category is one of the topics', () => {
  const topics = [100, 805];
  it.each([
    ['100', true],
    ['805', true],
    ['101', false],
    ['', false],
    ['0', false],
    ['0100', false],
    ['abc', false],
    ['100.0', false],
  ])('%p → %p', (main, ok) => expect(mainCategoryIsATopic(main, topics)).toBe(ok));
  it('nothing is a topic without topics', () => expect(mainCategoryIsATopic('100', [])).toBe(false));
});

describe('defaultsObject: stored Defaults as an object, whatever form they came in', () => {
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
  ])('%p → %p', (input, expected) => expect(defaultsObject(input)).toEqual(expected));
});
