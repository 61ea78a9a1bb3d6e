// The one decoder of sent importer Defaults: every problem it names (code, field, parameters) and
// what it stores. The API's answers for the same inputs (English messages) are api/test/importers-defaults.test.ts.
import { IMPORT_DEFAULT_CODES, IMPORT_DEFAULT_VALUES } from '../rules/import-defaults';
import { FieldProblem } from './form-fields';
import { decodeImportDefaults } from './import-defaults';

const base = { contentType: 'article', user: '2', mainCategory: '100', topics: [100] };

function problem(raw: unknown): Pick<FieldProblem, 'code' | 'field' | 'params'> | undefined {
  try {
    decodeImportDefaults(raw);
  } catch (error) {
    if (error instanceof FieldProblem) return { code: error.code, field: error.field, params: error.params };
    throw error;
  }
  return undefined;
}

describe('decodeImportDefaults', () => {
  it('stores the values of a new import for fields left out, from JSON text or an object alike', () => {
    expect(decodeImportDefaults(JSON.stringify(base))).toEqual({ ...IMPORT_DEFAULT_VALUES, ...base });
    expect(decodeImportDefaults(base)).toEqual(decodeImportDefaults(JSON.stringify(base)));
  });

  it.each([
    ['', 'defaults_required', 'defaults'],
    ['   ', 'defaults_required', 'defaults'],
    [null, 'defaults_required', 'defaults'],
    [undefined, 'defaults_required', 'defaults'],
    ['{', 'field_json', 'defaults'],
    ['[1]', 'field_json_object', 'defaults'],
    [42, 'field_json_object', 'defaults'],
    ['{"contentType":"a\\u0000b"}', 'field_control_character', 'defaults.contentType'],
    [{ ...base, contentType: '' }, 'defaults_content_type_required', 'defaults.contentType'],
    [{ ...base, user: undefined }, 'defaults_user_required', 'defaults.user'],
    [{ ...base, mainCategory: null }, 'defaults_main_category_required', 'defaults.mainCategory'],
    [{ ...base, published: '9' }, 'field_enum', 'defaults.published'],
    [{ ...base, user: 'bob' }, 'field_pattern', 'defaults.user'],
    [{ ...base, colour: 'red' }, 'field_unknown_property', 'defaults'],
    [{ ...base, suburb: { a: 1 } }, 'field_string', 'defaults.suburb'],
    [{ ...base, postcode: 'x'.repeat(21) }, 'field_max_length', 'defaults.postcode'],
    [{ ...base, topics: '100' }, 'field_array', 'defaults.topics'],
    [{ ...base, topics: [100, 100] }, 'field_unique_items', 'defaults.topics'],
    [{ ...base, topics: [100, 'x'] }, 'field_integer', 'defaults.topics.1'],
    [{ ...base, tags: [{ id: 1 }] }, 'field_required', 'defaults.tags.0.title'],
    [{ ...base, authors: [{ name: 'x' }] }, 'field_required', 'defaults.authors.0.id'],
    [{ ...base, imageSource: '1', image: { id: 5 } }, 'field_required', 'defaults.image.file_thumbnail'],
    [{ ...base, imageSource: '1', image: { file_thumbnail: '/images/t.jpg', evil: 1 } }, 'field_unknown_property', 'defaults.image'],
    [{ ...base, latitude: 'north' }, 'field_number_range', 'defaults.latitude'],
    [{ ...base, latitude: '91' }, 'field_number_range', 'defaults.latitude'],
    [{ ...base, longitude: '-180.5' }, 'field_number_range', 'defaults.longitude'],
    [{ ...base, sourceDomain: '3' }, 'defaults_source_domain_custom_required', 'defaults.sourceDomainCustom'],
    [{ ...base, sourceDomain: '3', sourceDomainCustom: 'localhost' }, 'field_host_name', 'defaults.sourceDomainCustom'],
    [{ ...base, tinyURL: '3' }, 'defaults_tiny_url_custom_required', 'defaults.tinyURLCustom'],
    [{ ...base, tinyURL: '3', tinyURLCustom: 'ftp://x.example' }, 'field_http_url', 'defaults.tinyURLCustom'],
    [{ ...base, imageSource: '2' }, 'defaults_image_required', 'defaults.image'],
    [
      { ...base, imageSource: '1', image: { file_thumbnail: 'javascript:alert(1)' } },
      'url_scheme_not_allowed',
      'defaults.image.file_thumbnail',
    ],
    [{ ...base, topics: [101] }, 'defaults_main_category_not_in_topics', 'defaults.mainCategory'],
  ])('%j → %s at %s', (raw, code, field) => {
    expect(problem(raw)).toMatchObject({ code, field, params: { field } });
  });

  it('names a coordinate by its range, and an unknown property by its name', () => {
    expect(problem({ ...base, latitude: '999' })?.params).toEqual({ field: 'defaults.latitude', min: -90, max: 90 });
    expect(problem({ ...base, longitude: 'east' })?.params).toEqual({ field: 'defaults.longitude', min: -180, max: 180 });
    expect(problem({ ...base, colour: 'red' })?.params).toEqual({ field: 'defaults', property: 'colour' });
    expect(problem({ ...base, published: '9' })?.params).toEqual({
      field: 'defaults.published',
      values: IMPORT_DEFAULT_CODES.published.join(', '),
    });
  });

  it('takes numbers and booleans as their text, and ids sent as text as numbers', () => {
    const decoded = decodeImportDefaults({
      ...base,
      user: 7,
      published: 1,
      use_source_link: true,
      videos_at_source: false,
      topics: ['100', '101'],
    });
    expect(decoded).toMatchObject({ user: '7', published: '1', use_source_link: '1', videos_at_source: '0', topics: [100, 101] });
    expect(decodeImportDefaults({ ...base, imageSource: '1', image: { file_thumbnail: '/images/t.jpg', id: '5' } }).image).toEqual({
      file_thumbnail: '/images/t.jpg',
      id: 5,
    });
    expect(decodeImportDefaults({ ...base, imageSource: '1', image: '' }).image).toBeNull();
  });

  it('keeps the conditional values only where they apply, and each tag and author once', () => {
    const image = { file_thumbnail: '/images/t.jpg' };
    expect(decodeImportDefaults({ ...base, sourceDomain: '3', sourceDomainCustom: 'News.Example.com' }).sourceDomainCustom).toBe(
      'news.example.com',
    );
    expect(decodeImportDefaults({ ...base, sourceDomain: '1', sourceDomainCustom: 'example.com' }).sourceDomainCustom).toBe('');
    expect(decodeImportDefaults({ ...base, tinyURL: '2', tinyURLCustom: 'https://t.example/x' }).tinyURLCustom).toBe('');
    expect(decodeImportDefaults({ ...base, imageSource: '0', image, imageCaption: 'Cap' })).toMatchObject({
      image: null,
      imageCaption: '',
    });
    expect(decodeImportDefaults({ ...base, country: 'au', state: '12' })).toMatchObject({ country: 'AU', state: '12' });
    expect(decodeImportDefaults({ ...base, country: '', state: '12' })).toMatchObject({ country: '0', state: '' });
    const lists = decodeImportDefaults({
      ...base,
      tags: [
        { id: 1, title: 'A' },
        { id: 1, title: 'A again' },
      ],
      authors: [
        { id: '2', name: 'B' },
        { id: 2, name: 'B' },
      ],
    });
    expect(lists).toMatchObject({ tags: [{ id: 1, title: 'A' }], authors: [{ id: 2, name: 'B' }] });
  });
});
