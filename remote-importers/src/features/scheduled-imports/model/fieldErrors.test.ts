import { FORM_DEFAULTS, type ImporterFormValues } from './form';
import { formFieldOf, serverFieldError } from './fieldErrors';

const values = (patch: Partial<ImporterFormValues> = {}): ImporterFormValues => ({
  ...FORM_DEFAULTS,
  tags: [],
  authors: [],
  topics: [],
  ...patch,
});

describe('formFieldOf: the form field of the API data.field', () => {
  it.each([
    ['title', 'title'],
    ['feed_url', 'feed_url'],
    ['plugin', 'plugin'],
    ['defaults.latitude', 'latitude'],
    ['defaults.longitude', 'longitude'],
    ['defaults.contentType', 'contentType'],
    ['defaults.mainCategory', 'mainCategory'],
    ['defaults.tags.0.title', 'tags'],
    ['defaults.authors.2.name', 'authors'],
    ['defaults.topics', 'topics'],
    ['/defaults/postcode', 'postcode'],
  ])('%s → %s', (server, field) => {
    expect(formFieldOf(server, values())).toBe(field);
  });

  it.each([[undefined], [''], ['defaults'], ['defaults.nope'], ['id'], ['version'], ['constructor'], ['__proto__.x']])(
    '%s → none (a toast)',
    (server) => {
      expect(formFieldOf(server, values())).toBeNull();
    },
  );

  it('a conditional field only while it shows', () => {
    expect(formFieldOf('defaults.sourceDomainCustom', values({ sourceDomain: '0' }))).toBeNull();
    expect(formFieldOf('defaults.sourceDomainCustom', values({ sourceDomain: '3' }))).toBe('sourceDomainCustom');
    expect(formFieldOf('defaults.tinyURLCustom', values({ tinyURL: '1' }))).toBeNull();
    expect(formFieldOf('defaults.tinyURLCustom', values({ tinyURL: '3' }))).toBe('tinyURLCustom');
    expect(formFieldOf('defaults.image.url', values({ imageSource: '0' }))).toBeNull();
    expect(formFieldOf('defaults.image.url', values({ imageSource: '2' }))).toBe('image');
    expect(formFieldOf('defaults.imageCaption', values({ imageSource: '1' }))).toBe('imageCaption');
  });
});

describe('serverFieldError: what the field shows', () => {
  const message = 'translated server message';
  it.each([
    // The defect: latitude 999 → pattern (or range) error at defaults.latitude.
    [{ error: 'field_pattern', field: 'defaults.latitude' }, 'latitude', 'latitude', {}],
    [
      { error: 'field_number_range', field: 'defaults.latitude', params: { min: -90, max: 90 } },
      'latitude',
      'latitude',
      { min: -90, max: 90 },
    ],
    [
      { error: 'field_number_range', field: 'defaults.longitude', params: { min: -180, max: 180 } },
      'longitude',
      'longitude',
      { min: -180, max: 180 },
    ],
    [{ error: 'field_http_url', field: 'feed_url', params: { value: 'ftp://x' } }, 'feed_url', 'url', { value: 'ftp://x' }],
    [{ error: 'import_url_scheme', field: 'feed_url', params: { scheme: 'ftp' } }, 'feed_url', 'url', { scheme: 'ftp' }],
    [{ error: 'field_host_name', field: 'defaults.sourceDomainCustom' }, 'sourceDomainCustom', 'hostname', {}],
    [
      { error: 'defaults_main_category_not_in_topics', field: 'defaults.mainCategory', params: { id: 5 } },
      'mainCategory',
      'mainCategory',
      { id: 5 },
    ],
    [{ error: 'field_required', field: 'title' }, 'title', 'required', {}],
    [{ error: 'defaults_content_type_required', field: 'defaults.contentType' }, 'contentType', 'required', {}],
    [{ error: 'field_min_length', field: 'title', params: { limit: 1 } }, 'title', 'required', { limit: 1 }],
    [{ error: 'field_max_length', field: 'defaults.suburb', params: { limit: 200 } }, 'suburb', 'maxLength', { limit: 200 }],
    [{ error: 'field_max_length', field: 'defaults.tags.0.title', params: { limit: 255 } }, 'tags', 'maxLength', { limit: 255 }],
  ] as const)('%j → %s shows %s', (error, field, key, params) => {
    expect(serverFieldError({ message, ...error }, values({ sourceDomain: '3' }))).toEqual({
      field,
      key,
      params,
      code: error.error,
      message,
    });
  });

  it("a field without its own text shows the API's (translated) message", () => {
    expect(
      serverFieldError({ message, error: 'defaults_user_not_creator', field: 'defaults.user', params: { user: 9 } }, values()),
    ).toEqual({
      field: 'user',
      key: null,
      params: { user: 9 },
      code: 'defaults_user_not_creator',
      message,
    });
    expect(serverFieldError({ message, error: 'a_newer_code', field: 'defaults.postcode' }, values())?.key).toBeNull();
  });

  it('no field, or one the form does not show: null (the message goes to a toast)', () => {
    expect(serverFieldError({ message, error: 'import_not_found' }, values())).toBeNull();
    expect(serverFieldError({ message, error: 'field_json', field: 'defaults' }, values())).toBeNull();
    expect(
      serverFieldError({ message, error: 'field_host_name', field: 'defaults.sourceDomainCustom' }, values({ sourceDomain: '1' })),
    ).toBeNull();
  });
});
