import {
  applyPlace,
  FORM_DEFAULTS,
  isCoordinate,
  isHostname,
  keepMainCategory,
  mainChoicesOf,
  MAX_LENGTHS,
  REQUIRED_FIELDS,
  toFormValues,
  toPayload,
  validateForm,
  visibleFields,
  type ImporterFormValues,
  type TreeNode,
} from './form';
import { IMPORT_DEFAULT_VALUES } from 'contracts/rules/import-defaults';
import type { Importer } from './importer';

const valid = (patch: Partial<ImporterFormValues> = {}): ImporterFormValues => ({
  ...toFormValues(null),
  title: 'Wire',
  feed_url: 'https://example.com/rss',
  plugin: 'rss',
  contentType: 'article',
  user: '2',
  topics: [100],
  mainCategory: '100',
  ...patch,
});

describe('form defaults (spec section 9)', () => {
  it("a new import starts with the spec defaults (the contracts' values) and blank placeholders", () => {
    expect(toFormValues(null)).toMatchObject({
      id: 0,
      schedule: '1',
      enabled: '1',
      ...IMPORT_DEFAULT_VALUES,
      plugin: '',
      contentType: '',
      user: '',
      mainCategory: '',
      // The 0/1 switches are checkboxes.
      use_source_link: false,
      videos_at_source: false,
      references_at_source: false,
      tags: [],
      authors: [],
      topics: [],
      image: null,
    });
  });
  it('hands out fresh lists, never the frozen defaults', () => {
    const values = toFormValues(null);
    values.tags.push({ id: 1, title: 'x' });
    expect(FORM_DEFAULTS.tags).toEqual([]);
    expect(toFormValues(null).tags).toEqual([]);
  });
});

describe('toFormValues of a loaded import', () => {
  const importer: Importer = {
    id: 7,
    version: 4,
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
    title: 'Wire',
    feed_url: 'https://feed.test/rss',
    plugin: 'atom',
    schedule: 2,
    enabled: 0,
    defaults: {
      published: 1,
      date: '2',
      contentType: 'video',
      user: 3,
      use_source_link: '1',
      videos_at_source: 0,
      references_at_source: true,
      sourceDomain: '3',
      sourceDomainCustom: 'example.com',
      tinyURL: 3,
      tinyURLCustom: 'https://t.example/x',
      country: 'AU',
      state: 12,
      suburb: 'Surry Hills',
      latitude: -33.88,
      longitude: 151.21,
      postcode: '2010',
      mainCategory: 100,
      imageSource: '2',
      imageCaption: 'Cap',
      image: { id: 5, file_thumbnail: '/t.jpg' },
      tags: [{ id: '4', title: 'Sport' }, { id: 4, title: 'Dup' }, { id: 0, title: 'bad' }, 'junk'],
      authors: [{ id: 9, name: 'Ann' }],
      topics: [100, '101', 'x', 100],
    },
  };
  it('reads every field, numbers as the option texts', () => {
    expect(toFormValues(importer)).toEqual({
      id: 7,
      version: 4,
      title: 'Wire',
      feed_url: 'https://feed.test/rss',
      plugin: 'atom',
      schedule: '2',
      enabled: '0',
      published: '1',
      date: '2',
      contentType: 'video',
      user: '3',
      use_source_link: true,
      videos_at_source: false,
      references_at_source: true,
      sourceDomain: '3',
      sourceDomainCustom: 'example.com',
      dateFirstPublished: '0',
      tinyURL: '3',
      tinyURLCustom: 'https://t.example/x',
      country: 'AU',
      state: '12',
      suburb: 'Surry Hills',
      latitude: '-33.88',
      longitude: '151.21',
      postcode: '2010',
      mainCategory: '100',
      imageSource: '2',
      imageCaption: 'Cap',
      image: { id: 5, file_thumbnail: '/t.jpg' },
      tags: [{ id: 4, title: 'Sport' }],
      authors: [{ id: 9, name: 'Ann' }],
      topics: [100, 101],
    });
  });
  it('older data: defaults as a JSON string, or missing', () => {
    expect(toFormValues({ ...importer, defaults: '{"published":"5"}' })).toMatchObject({ published: '5', date: '1', tinyURL: '0' });
    expect(toFormValues({ ...importer, defaults: null })).toMatchObject({ published: '0', topics: [], image: null });
    expect(toFormValues({ ...importer, defaults: { image: { id: 1 } } }).image).toBeNull();
  });
});

describe('visibleFields (conditional fields, spec sections 2 and 5)', () => {
  const base = { sourceDomain: '0', tinyURL: '0', imageSource: '0', country: '0' };
  it.each([
    [{}, { sourceDomainCustom: false, tinyURLCustom: false, image: false, state: false }],
    [{ sourceDomain: '3' }, { sourceDomainCustom: true }],
    [{ sourceDomain: '2' }, { sourceDomainCustom: false }],
    [{ tinyURL: '3' }, { tinyURLCustom: true }],
    [{ tinyURL: '1' }, { tinyURLCustom: false }],
    [{ imageSource: '1' }, { image: true }],
    [{ imageSource: '2' }, { image: true }],
    [{ imageSource: '' }, { image: false }],
    [{ country: 'AU' }, { state: true }],
    [{ country: '' }, { state: false }],
  ])('%p → %p', (patch, expected) => {
    expect(visibleFields({ ...base, ...patch })).toMatchObject(expected);
  });
});

describe('toPayload (the save body)', () => {
  it('sends the feed fields and the defaults as a JSON string', () => {
    const payload = toPayload(
      valid({ id: 4, version: 9, use_source_link: true, tags: [{ id: 1, title: 'A' }], authors: [{ id: 2, name: 'B' }] }),
    );
    expect(toPayload(valid()).version).toBeUndefined(); // a new import has no version
    expect(payload).toMatchObject({
      id: 4,
      version: 9,
      title: 'Wire',
      feed_url: 'https://example.com/rss',
      schedule: '1',
      plugin: 'rss',
      enabled: '1',
    });
    expect(typeof payload.defaults).toBe('string');
    // Every Default goes out, as text: the new import's values but for the ones the form set.
    expect(JSON.parse(payload.defaults)).toEqual({
      ...IMPORT_DEFAULT_VALUES,
      contentType: 'article',
      user: '2',
      use_source_link: '1',
      mainCategory: '100',
      tags: [{ id: 1, title: 'A' }],
      authors: [{ id: 2, name: 'B' }],
      topics: [100],
    });
  });
  it('leaves hidden conditional values out and trims text', () => {
    const hidden = JSON.parse(
      toPayload(
        valid({
          sourceDomainCustom: 'x.com',
          tinyURLCustom: 'https://t',
          imageCaption: 'c',
          image: { file_thumbnail: '/t' },
          state: '3',
          country: '0',
          title: ' T ',
        }),
      ).defaults,
    );
    expect(hidden).toMatchObject({ sourceDomainCustom: '', tinyURLCustom: '', imageCaption: '', image: null, state: '' });
    const shown = JSON.parse(
      toPayload(
        valid({
          sourceDomain: '3',
          sourceDomainCustom: ' x.com ',
          tinyURL: '3',
          tinyURLCustom: 'https://t',
          imageSource: '1',
          imageCaption: 'c',
          image: { file_thumbnail: '/t' },
          country: 'AU',
          state: '3',
        }),
      ).defaults,
    );
    expect(shown).toMatchObject({
      sourceDomainCustom: 'x.com',
      tinyURLCustom: 'https://t',
      imageCaption: 'c',
      image: { file_thumbnail: '/t' },
      country: 'AU',
      state: '3',
    });
    expect(toPayload(valid({ title: ' T ' })).title).toBe('T');
  });
  it('round-trips through toFormValues', () => {
    const values = valid({ id: 3, version: 6, published: '4', tags: [{ id: 1, title: 'A' }], country: 'AU', state: '2', latitude: '1.5' });
    const payload = toPayload(values);
    const back = toFormValues({
      id: 3,
      version: payload.version,
      title: payload.title,
      feed_url: payload.feed_url,
      plugin: payload.plugin,
      schedule: Number(payload.schedule),
      enabled: Number(payload.enabled),
      defaults: JSON.parse(payload.defaults),
    });
    expect(back).toEqual(values);
  });
});

describe('validateForm (spec section 5)', () => {
  it('a complete form has no errors', () => {
    expect(validateForm(valid())).toEqual({});
  });
  it.each(REQUIRED_FIELDS)('%s is required', (field) => {
    expect(validateForm(valid({ [field]: '' } as Partial<ImporterFormValues>))[field]).toBe('required');
    expect(validateForm(valid({ [field]: '   ' } as Partial<ImporterFormValues>))[field]).toBe('required');
  });
  it('the blank main category (empty id) is invalid until chosen; it must be a selected topic', () => {
    expect(validateForm(valid({ mainCategory: '' })).mainCategory).toBe('required');
    expect(validateForm(valid({ mainCategory: '101' })).mainCategory).toBe('mainCategory');
    expect(validateForm(valid({ topics: [] })).mainCategory).toBe('mainCategory');
  });
  it('the feed URL is an http(s) URL', () => {
    expect(validateForm(valid({ feed_url: 'example.com' })).feed_url).toBe('url');
    expect(validateForm(valid({ feed_url: 'ftp://example.com/x' })).feed_url).toBe('url');
    expect(validateForm(valid({ feed_url: 'http://localhost:8080/feed' })).feed_url).toBeUndefined();
  });
  it('the custom domain and URL are checked only when shown', () => {
    expect(validateForm(valid({ sourceDomainCustom: 'bad value' }))).toEqual({});
    expect(validateForm(valid({ sourceDomain: '3' })).sourceDomainCustom).toBe('required');
    expect(validateForm(valid({ sourceDomain: '3', sourceDomainCustom: 'http://x.com' })).sourceDomainCustom).toBe('hostname');
    expect(validateForm(valid({ sourceDomain: '3', sourceDomainCustom: 'news.example.com' })).sourceDomainCustom).toBeUndefined();
    expect(validateForm(valid({ tinyURL: '3' })).tinyURLCustom).toBe('required');
    expect(validateForm(valid({ tinyURL: '3', tinyURLCustom: 'short' })).tinyURLCustom).toBe('url');
    expect(validateForm(valid({ tinyURL: '3', tinyURLCustom: 'https://t.example/a' })).tinyURLCustom).toBeUndefined();
  });
  it('a custom image (imageSource 2) needs an upload', () => {
    expect(validateForm(valid({ imageSource: '2' })).image).toBe('image');
    expect(validateForm(valid({ imageSource: '1' })).image).toBeUndefined();
    expect(validateForm(valid({ imageSource: '2', image: { file_thumbnail: '/t' } })).image).toBeUndefined();
  });
  // Issue 11, defect 6: latitude 999 reached the server and came back as a raw pattern error.
  it.each([
    ['999', 'latitude'],
    ['90.0001', 'latitude'],
    ['-91', 'latitude'],
    ['abc', 'latitude'],
    ['1e2', 'latitude'],
    ['12.1234567890123', 'latitude'],
  ])('latitude %s is refused before a save', (latitude, key) => {
    expect(validateForm(valid({ latitude })).latitude).toBe(key);
  });
  it.each(['', '0', '-90', '90', '-33.8688', ' 51.5 ', '12.123456789012'])('latitude %j is fine', (latitude) => {
    expect(validateForm(valid({ latitude })).latitude).toBeUndefined();
  });
  it('longitude: -180 to 180', () => {
    for (const longitude of ['', '180', '-180', '151.2093', '0.5']) expect(validateForm(valid({ longitude })).longitude).toBeUndefined();
    for (const longitude of ['181', '-180.5', '1000', 'east', '--1'])
      expect(validateForm(valid({ longitude })).longitude).toBe('longitude');
  });
  it('coordinates as the API takes them', () => {
    expect(isCoordinate('99', 90)).toBe(false);
    expect(isCoordinate('99', 180)).toBe(true);
    expect(isCoordinate('179.999999999999', 180)).toBe(true);
    expect(isCoordinate('Infinity', 180)).toBe(false);
  });
  // The host name rule already caps sourceDomainCustom at 253 (a longer one is no host name).
  const lengthChecked = (Object.entries(MAX_LENGTHS) as Array<[keyof ImporterFormValues, number]>).filter(
    ([field]) => field !== 'sourceDomainCustom',
  );
  it.each(lengthChecked)('%s: at most %i characters (when shown)', (field, limit) => {
    const shown = { tinyURL: '3', imageSource: '1' };
    const prefix = field === 'feed_url' || field === 'tinyURLCustom' ? 'https://example.com/' : '';
    const of = (length: number) => prefix + 'x'.repeat(length - prefix.length);
    expect(validateForm(valid({ ...shown, [field]: of(limit) }))[field]).toBeUndefined();
    expect(validateForm(valid({ ...shown, [field]: of(limit + 1) }))[field]).toBe('maxLength');
  });
  it('a custom source domain longer than 253 is refused', () => {
    expect(validateForm(valid({ sourceDomain: '3', sourceDomainCustom: `${'a.'.repeat(125)}com` })).sourceDomainCustom).toBeUndefined();
    expect(validateForm(valid({ sourceDomain: '3', sourceDomainCustom: `${'a.'.repeat(126)}com` })).sourceDomainCustom).toBe('hostname');
  });
  it('a hidden field is not checked (it is not sent)', () => {
    expect(validateForm(valid({ imageSource: '0', imageCaption: 'x'.repeat(501) })).imageCaption).toBeUndefined();
    expect(validateForm(valid({ tinyURL: '1', tinyURLCustom: 'x'.repeat(2001) })).tinyURLCustom).toBeUndefined();
  });
  it('URL and host name helpers', () => {
    expect(validateForm(valid({ feed_url: '  https://a.b/c  ' })).feed_url).toBeUndefined();
    expect(validateForm(valid({ feed_url: 'javascript:alert(1)' })).feed_url).toBe('url');
    expect(isHostname('a.example.org')).toBe(true);
    expect(isHostname('localhost')).toBe(false);
    expect(isHostname('-a.com')).toBe(false);
  });
});

describe('main category choices (spec section 4, editor topics)', () => {
  const tree: TreeNode[] = [
    {
      id: 8,
      title: 'Portal',
      parent_id: null,
      subcategories: [
        { id: 100, title: 'News', parent_id: 8, subcategories: [{ id: 101, title: 'World', parent_id: 100 }] },
        { id: 804, title: 'Local', parent_id: 8, subcategories: [{ id: 805, title: 'Sydney', parent_id: 804 }] },
      ],
    },
  ];
  it('are the selected topics whose parent is 8 or 804, in tree order', () => {
    expect(mainChoicesOf(tree, [805, 101, 100])).toEqual([
      { id: 100, title: 'News' },
      { id: 805, title: 'Sydney' },
    ]);
    expect(mainChoicesOf(tree, [8, 101])).toEqual([]);
    expect(mainChoicesOf(tree, [])).toEqual([]);
  });
  it('a main category that is no longer a choice is blanked', () => {
    expect(keepMainCategory('100', [{ id: 100 }])).toBe('100');
    expect(keepMainCategory('100', [{ id: 805 }])).toBe('');
    expect(keepMainCategory('', [{ id: 805 }])).toBe('');
  });
});

describe('applyPlace (suburb autocomplete)', () => {
  const surryHills = {
    name: 'Surry Hills',
    latitude: -33.88,
    longitude: 151.21,
    state: '02',
    country_code: 'AU',
    state_id: 149019879,
    state_code: 'AU-NSW',
    state_name: 'New South Wales',
    formatted: 'Surry Hills, New South Wales, AU',
  };
  const blank = { country: '0', state: '', postcode: '' };

  it('keeps a postcode typed before any country was chosen', () => {
    expect(applyPlace(surryHills, { ...blank, postcode: '2010' })).toMatchObject({ country: 'AU', postcode: '2010' });
  });

  it('sets suburb, coordinates, country and the State/Region the place lies in', () => {
    expect(applyPlace(surryHills, blank)).toEqual({
      country: 'AU',
      state: '149019879',
      suburb: 'Surry Hills',
      latitude: '-33.88',
      longitude: '151.21',
      postcode: '',
    });
  });

  it("the place's State/Region and postcode replace the form's; a postcode is only taken from the place", () => {
    const typed = { country: 'AU', state: '123', postcode: '2000' };
    expect(applyPlace({ ...surryHills, postcode: '2010' }, typed)).toMatchObject({ state: '149019879', postcode: '2010' });
    // The place knows no postcode: the typed one stays (same country), none is made up.
    expect(applyPlace(surryHills, typed)).toMatchObject({ state: '149019879', postcode: '2000' });
  });

  it("keeps the user's State/Region when the place has none in the same country, empties both in another country", () => {
    const london = { ...surryHills, name: 'London', country_code: 'GB', state: 'ENG', state_id: null, state_code: null, state_name: null };
    expect(applyPlace(london, { country: 'GB', state: '77', postcode: 'EC1A' })).toMatchObject({
      country: 'GB',
      state: '77',
      postcode: 'EC1A',
    });
    expect(applyPlace(london, { country: 'AU', state: '149019879', postcode: '2010' })).toMatchObject({
      country: 'GB',
      state: '',
      postcode: '',
    });
  });
});
