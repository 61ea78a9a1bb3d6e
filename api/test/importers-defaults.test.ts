// The Defaults schema (spec sections 3, 5, 9) and the importer field rules, without a database.
import { IMPORT_DEFAULT_CODES, IMPORT_DEFAULT_VALUES } from 'contracts/rules/import-defaults';
import { decodeImportDefaults } from 'contracts/schemas/import-defaults';
import { decoded, HttpError } from '../src/lib/http-error';
import { FEED_PLUGINS } from '../src/import/engine/plugins';
import { CONTENT_TYPES, isContentType } from '../src/routes/importers/content-types';
import { validateImporter } from '../src/routes/importers/rules';

const base = { contentType: 'article', user: '2', mainCategory: '100', topics: [100] };
/** The contracts' decoder as the API answers its problems: a coded 400 with the English message. */
const parseDefaults = (raw: unknown) => decoded(() => decodeImportDefaults(raw));
const DefaultsError = HttpError;
const PLUGINS = FEED_PLUGINS.map((plugin) => plugin.id);

describe('parseDefaults', () => {
  it("fills the form defaults of spec section 9 (the contracts' values) for fields left out", () => {
    expect(parseDefaults(JSON.stringify(base))).toEqual({ ...IMPORT_DEFAULT_VALUES, ...base });
  });

  it('accepts the JSON string of the spec and an object alike', () => {
    expect(parseDefaults(base)).toEqual(parseDefaults(JSON.stringify(base)));
  });

  it.each([
    ['', 'defaults is required (a JSON object)'],
    ['   ', 'defaults is required (a JSON object)'],
    [undefined, 'defaults is required (a JSON object)'],
    [null, 'defaults is required (a JSON object)'],
    ['{"published":', 'defaults is not valid JSON'],
    ['[1,2]', 'defaults must be a JSON object'],
    ['"text"', 'defaults must be a JSON object'],
    [42, 'defaults must be a JSON object'],
  ])('refuses %p', (raw, message) => {
    expect(() => parseDefaults(raw)).toThrow(message);
  });

  it.each([
    ['contentType', 'defaults.contentType is required (Type of Content)'],
    ['user', 'defaults.user is required (User)'],
    ['mainCategory', 'defaults.mainCategory is required (Main Category)'],
  ])('requires %s (spec section 5)', (field, message) => {
    expect(() => parseDefaults({ ...base, [field]: '' })).toThrow(message);
    const without: Record<string, unknown> = { ...base };
    delete without[field];
    expect(() => parseDefaults(without)).toThrow(message);
  });

  // The values the custom codes need (sourceDomain 3, tinyURL 3, imageSource 2).
  const companions = {
    sourceDomainCustom: 'example.com',
    tinyURLCustom: 'https://t.example/x',
    image: { file_thumbnail: '/t.jpg' },
  };
  it.each(Object.entries(IMPORT_DEFAULT_CODES))('%s takes exactly its codes, as text or number', (field, codes) => {
    for (const code of codes) {
      expect(parseDefaults({ ...base, ...companions, [field]: code })[field as keyof typeof IMPORT_DEFAULT_CODES]).toBe(code);
      expect(parseDefaults({ ...base, ...companions, [field]: Number(code) })[field as keyof typeof IMPORT_DEFAULT_CODES]).toBe(code);
    }
    for (const bad of ['9', '-1', 'yes', '2.5']) {
      if ((codes as readonly string[]).includes(bad)) continue;
      expect(() => parseDefaults({ ...base, [field]: bad })).toThrow(`defaults.${field} must be one of ${codes.join(', ')}`);
    }
  });

  it('reads booleans of the three source checkboxes as 1/0', () => {
    const parsed = parseDefaults({ ...base, use_source_link: true, videos_at_source: false, references_at_source: 1 });
    expect([parsed.use_source_link, parsed.videos_at_source, parsed.references_at_source]).toEqual(['1', '0', '1']);
  });

  it('user and mainCategory are positive ids', () => {
    expect(() => parseDefaults({ ...base, user: 'bob' })).toThrow('defaults.user is not in the expected form');
    expect(() => parseDefaults({ ...base, user: '0' })).toThrow('defaults.user is not in the expected form');
    expect(parseDefaults({ ...base, user: 7 }).user).toBe('7');
    expect(() => parseDefaults({ ...base, mainCategory: 'x' })).toThrow('defaults.mainCategory is not in the expected form');
  });

  it('mainCategory must be one of the topics', () => {
    expect(() => parseDefaults({ ...base, topics: [101] })).toThrow('defaults.mainCategory (100) must be one of the selected topics');
    expect(() => parseDefaults({ ...base, topics: [] })).toThrow('must be one of the selected topics');
    expect(parseDefaults({ ...base, topics: ['100', '101'] }).topics).toEqual([100, 101]);
    expect(() => parseDefaults({ ...base, topics: [100, 100] })).toThrow(/defaults\.topics/);
    expect(() => parseDefaults({ ...base, topics: [100, 'x'] })).toThrow(/defaults\.topics\.1/);
    expect(() => parseDefaults({ ...base, topics: '100' })).toThrow('defaults.topics must be a list');
  });

  describe('source domain', () => {
    it('the custom domain is required and a host name when sourceDomain is 3', () => {
      expect(() => parseDefaults({ ...base, sourceDomain: '3' })).toThrow(
        'defaults.sourceDomainCustom is required when Source Domain is Custom',
      );
      expect(() => parseDefaults({ ...base, sourceDomain: '3', sourceDomainCustom: 'http://x.com/a' })).toThrow(
        'defaults.sourceDomainCustom must be a host name like example.com (got "http://x.com/a")',
      );
      expect(() => parseDefaults({ ...base, sourceDomain: '3', sourceDomainCustom: 'localhost' })).toThrow(/host name/);
      expect(parseDefaults({ ...base, sourceDomain: '3', sourceDomainCustom: 'News.Example.com' }).sourceDomainCustom).toBe(
        'news.example.com',
      );
    });
    it('is dropped for the other codes (spec section 5: it applies only with 3)', () => {
      expect(parseDefaults({ ...base, sourceDomain: '1', sourceDomainCustom: 'example.com' }).sourceDomainCustom).toBe('');
    });
  });

  describe('tiny URL', () => {
    it('the custom URL is required and an http(s) URL when tinyURL is 3', () => {
      expect(() => parseDefaults({ ...base, tinyURL: '3' })).toThrow('defaults.tinyURLCustom is required when TinyURL is Custom');
      expect(() => parseDefaults({ ...base, tinyURL: '3', tinyURLCustom: 'ftp://x.com' })).toThrow(
        'defaults.tinyURLCustom must be an http or https URL (got "ftp://x.com")',
      );
      expect(() => parseDefaults({ ...base, tinyURL: '3', tinyURLCustom: 'not a url' })).toThrow(/http or https URL/);
      expect(parseDefaults({ ...base, tinyURL: '3', tinyURLCustom: 'https://t.example/x' }).tinyURLCustom).toBe('https://t.example/x');
    });
    it('is dropped for the other codes', () => {
      expect(parseDefaults({ ...base, tinyURL: '2', tinyURLCustom: 'https://t.example/x' }).tinyURLCustom).toBe('');
    });
  });

  describe('image', () => {
    const image = { id: 5, file_thumbnail: '/api/image/5/thumb', url: '/api/image/5' };
    it('a custom image is required with imageSource 2', () => {
      expect(() => parseDefaults({ ...base, imageSource: '2' })).toThrow('defaults.image is required when Main Image is Use custom image');
      expect(parseDefaults({ ...base, imageSource: '2', image, imageCaption: 'Cap' })).toMatchObject({ image, imageCaption: 'Cap' });
    });
    it('image and caption are dropped with imageSource 0', () => {
      expect(parseDefaults({ ...base, imageSource: '0', image, imageCaption: 'Cap' })).toMatchObject({ image: null, imageCaption: '' });
    });
    it('the image needs file_thumbnail and no unknown fields', () => {
      expect(() => parseDefaults({ ...base, imageSource: '1', image: { id: 5 } })).toThrow(/defaults\.image/);
      expect(() => parseDefaults({ ...base, imageSource: '1', image: { ...image, evil: 1 } })).toThrow(/defaults\.image/);
      expect(parseDefaults({ ...base, imageSource: '1', image: { ...image, id: '5' } }).image).toEqual(image);
      expect(parseDefaults({ ...base, imageSource: '1', image: '' }).image).toBeNull();
    });
  });

  describe('location', () => {
    it('country is 0 / empty or a code; no country means no state', () => {
      expect(parseDefaults({ ...base, country: 'au', state: '12' })).toMatchObject({ country: 'AU', state: '12' });
      expect(parseDefaults({ ...base, country: '', state: '12' })).toMatchObject({ country: '0', state: '' });
      expect(() => parseDefaults({ ...base, country: 'Australia' })).toThrow('defaults.country is not in the expected form');
      expect(() => parseDefaults({ ...base, country: 'AU', state: 'NSW' })).toThrow('defaults.state is not in the expected form');
    });
    it('latitude and longitude are numbers in range or empty', () => {
      expect(parseDefaults({ ...base, latitude: -33.8688, longitude: '151.2093' })).toMatchObject({
        latitude: '-33.8688',
        longitude: '151.2093',
      });
      expect(() => parseDefaults({ ...base, latitude: '91' })).toThrow('defaults.latitude must be a number from -90 to 90');
      expect(() => parseDefaults({ ...base, longitude: '-180.5' })).toThrow('defaults.longitude must be a number from -180 to 180');
      expect(() => parseDefaults({ ...base, latitude: 'north' })).toThrow('defaults.latitude must be a number from -90 to 90');
    });
    it('names the field and its range by code, never the schema pattern (latitude 999)', () => {
      for (const latitude of ['999', '-91', 'north']) {
        let thrown: unknown;
        try {
          parseDefaults({ ...base, latitude });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(DefaultsError);
        expect(thrown).toMatchObject({
          code: 'field_number_range',
          field: 'defaults.latitude',
          params: { field: 'defaults.latitude', min: -90, max: 90 },
        });
        expect((thrown as Error).message).not.toMatch(/pattern/);
      }
    });
    it('suburb and postcode are bounded text', () => {
      expect(parseDefaults({ ...base, suburb: 'Surry Hills', postcode: 2010 })).toMatchObject({ suburb: 'Surry Hills', postcode: '2010' });
      expect(() => parseDefaults({ ...base, postcode: 'x'.repeat(21) })).toThrow('defaults.postcode must be at most 20 characters long');
    });
  });

  it('tags and authors are {id, title|name} lists; duplicates by id are dropped', () => {
    const parsed = parseDefaults({
      ...base,
      tags: [
        { id: '3', title: 'Sport' },
        { id: 3, title: 'Sport' },
        { id: 4, title: 'Local' },
      ],
      authors: [
        { id: 1, name: 'A' },
        { id: 1, name: 'A' },
      ],
    });
    expect(parsed.tags).toEqual([
      { id: 3, title: 'Sport' },
      { id: 4, title: 'Local' },
    ]);
    expect(parsed.authors).toEqual([{ id: 1, name: 'A' }]);
    expect(() => parseDefaults({ ...base, tags: [{ id: 1 }] })).toThrow('defaults.tags.0.title is required');
    expect(() => parseDefaults({ ...base, authors: [{ name: 'x' }] })).toThrow('defaults.authors.0.id is required');
  });

  it('refuses unknown fields and wrong types with the field named', () => {
    expect(() => parseDefaults({ ...base, colour: 'red' })).toThrow('defaults has an unknown property colour');
    expect(() => parseDefaults({ ...base, suburb: { a: 1 } })).toThrow('defaults.suburb must be text');
  });
});

describe('validateImporter', () => {
  const input = { title: ' Feed ', feed_url: 'https://example.com/rss.xml', plugin: 'rss', defaults: JSON.stringify(base) };

  it('gives the values to store, schedule and enabled defaulting to 1', () => {
    expect(validateImporter(input, PLUGINS)).toEqual({
      title: 'Feed',
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      schedule: 1,
      enabled: 1,
      defaults: { ...IMPORT_DEFAULT_VALUES, ...base },
    });
    expect(validateImporter({ ...input, schedule: '4', enabled: '0' }, PLUGINS)).toMatchObject({ schedule: 4, enabled: 0 });
  });

  it.each([
    [{ title: '' }, 'title is required'],
    [{ title: 'x'.repeat(256) }, 'title must be at most 255 characters long'],
    [{ feed_url: '' }, 'feed_url is required'],
    [{ feed_url: 'file:///etc/passwd' }, 'feed_url must be an http or https URL (got "file:///etc/passwd")'],
    [{ feed_url: 'example.com/rss' }, 'feed_url must be an http or https URL'],
    [{ plugin: '' }, 'plugin is required (the feed type)'],
    [{ plugin: 'csv' }, `plugin must be one of ${PLUGINS.join(', ')} (got "csv")`],
    [{ schedule: '5' }, 'schedule must be one of 1 (Hourly), 2 (Daily), 3 (Weekly), 4 (Every 5 Mins) (got "5")'],
    [{ schedule: 'daily' }, 'schedule must be one of'],
    [{ enabled: '2' }, 'enabled must be one of 1 (Yes), 0 (No) (got "2")'],
    [{ defaults: '{' }, 'defaults is not valid JSON'],
    [{ defaults: JSON.stringify({ ...base, contentType: 'poem' }) }, 'defaults.contentType must be one of article'],
  ])('refuses %p', (patch, message) => {
    expect(() => validateImporter({ ...input, ...patch }, PLUGINS)).toThrow(message);
  });

  it('knows the content types', () => {
    expect(CONTENT_TYPES.map((type) => type.id)).toContain('article');
    expect(isContentType('video')).toBe(true);
    expect(isContentType('poem')).toBe(false);
    expect(isContentType(1)).toBe(false);
  });
});
