/**
 * The Defaults of a scheduled import: their schema, and the decoder of what a client sends (the
 * JSON text of the spec, or an object) into the stored form. The codes, values and rules are
 * contracts/rules/import-defaults.ts (pure, so the importer form uses them without a schema library).
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  coordinateRange,
  DEFAULTS_MAX_LENGTHS,
  IMPORT_DEFAULT_CODES,
  missingDefault,
  normaliseDefaults,
  settleDefaults,
  type DefaultsProblem,
} from '../rules/import-defaults';
import { forbiddenCharacterAt } from '../rules/stored-text';
import { StringEnum } from './common';
import { fail } from './form-fields';
import { firstSchemaError, schemaErrorDetail } from './schema-errors';

const Code = <const T extends readonly string[]>(values: T, description: string) => StringEnum(values, { description });
const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const Id = Type.Integer({ minimum: 1 });

/**
 * The Defaults of a scheduled import as stored and answered (spec section 3, defaults of section 9). Every
 * scalar is a string like the editor's form values ('0', '1', 'article', '12'); topics are category ids;
 * tags and authors are lists of {id, title|name}; image is {id?, file_thumbnail, url?} or null. The API
 * turns what a client sends into this form with decodeImportDefaults (below).
 */
export const ImportDefaultsSchema = Type.Object(
  {
    published: Code(IMPORT_DEFAULT_CODES.published, 'State of each new article: 0 Unpublished, 4 Awaiting approval, 5 Draft, 1 Published'),
    date: Code(IMPORT_DEFAULT_CODES.date, '1 Use date from feed, 2 Use current date'),
    contentType: Type.String({ minLength: 1, maxLength: 50, description: 'A content type id (GET /api/v2/portal/content-types)' }),
    user: Type.String({
      pattern: '^[1-9][0-9]{0,9}$',
      description: 'Owner of the new articles: a content creator id (GET /api/v2/portal/creators)',
    }),
    use_source_link: Code(IMPORT_DEFAULT_CODES.use_source_link, '1: the article links to its source'),
    videos_at_source: Code(IMPORT_DEFAULT_CODES.videos_at_source, '1: videos are at the source'),
    references_at_source: Code(IMPORT_DEFAULT_CODES.references_at_source, '1: references are at the source'),
    sourceDomain: Code(IMPORT_DEFAULT_CODES.sourceDomain, '0 Leave blank, 1 Use feed title, 2 Use feed url, 3 Custom'),
    sourceDomainCustom: Text(DEFAULTS_MAX_LENGTHS.sourceDomainCustom, 'A host name; required when sourceDomain is 3, ignored otherwise'),
    dateFirstPublished: Code(IMPORT_DEFAULT_CODES.dateFirstPublished, '0 Leave blank, 1 Use date from article'),
    tinyURL: Code(IMPORT_DEFAULT_CODES.tinyURL, '0 Leave blank, 1 Use URL from article, 2 Generate TinyURL from article, 3 Custom'),
    tinyURLCustom: Text(DEFAULTS_MAX_LENGTHS.tinyURLCustom, 'An http(s) URL; required when tinyURL is 3, ignored otherwise'),
    country: Type.String({ pattern: '^(0|[A-Z]{2,3})?$', description: "A country code, or '0' / '' for none" }),
    state: Type.String({ pattern: '^([0-9]{1,10})?$', description: "A state id of the country, or '' for none" }),
    suburb: Text(DEFAULTS_MAX_LENGTHS.suburb, 'Suburb or place name'),
    latitude: Type.String({ pattern: '^(-?[0-9]{1,2}(\\.[0-9]{1,12})?)?$', description: "-90 to 90, or ''" }),
    longitude: Type.String({ pattern: '^(-?[0-9]{1,3}(\\.[0-9]{1,12})?)?$', description: "-180 to 180, or ''" }),
    postcode: Text(DEFAULTS_MAX_LENGTHS.postcode, 'Postcode'),
    mainCategory: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The main category id; one of topics' }),
    imageSource: Code(IMPORT_DEFAULT_CODES.imageSource, '0 No image, 1 Use image from article if available, 2 Use custom image'),
    imageCaption: Text(DEFAULTS_MAX_LENGTHS.imageCaption, 'Caption of the main image'),
    tags: Type.Array(Type.Object({ id: Id, title: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false }), {
      maxItems: 100,
    }),
    image: Type.Union([
      Type.Object(
        {
          id: Type.Optional(Id),
          file_thumbnail: Type.String({ minLength: 1, maxLength: 2000 }),
          url: Type.Optional(Type.String({ maxLength: 2000 })),
          file_name: Type.Optional(Type.String({ maxLength: 500 })),
          thumb_url: Type.Optional(Type.String({ maxLength: 2000 })),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    authors: Type.Array(Type.Object({ id: Id, name: Type.String({ maxLength: 255 }) }, { additionalProperties: false }), {
      maxItems: 50,
    }),
    topics: Type.Array(Id, { maxItems: 200, uniqueItems: true, description: 'Category ids' }),
  },
  { additionalProperties: false },
);

export type ImportDefaults = Static<typeof ImportDefaultsSchema>;

function failWith(problem: DefaultsProblem | null): void {
  if (problem) fail(problem.code, problem.field, problem.params);
}

/** The first schema error of normalised Defaults as a problem; a coordinate is named by its range, never the pattern. */
function schemaProblem(defaults: unknown): DefaultsProblem | null {
  if (Value.Check(ImportDefaultsSchema, defaults)) return null;
  const first = firstSchemaError(Value.Errors(ImportDefaultsSchema, defaults));
  if (!first) return { code: 'field_invalid', field: 'defaults' };
  const { code, field, params } = schemaErrorDetail({ ...first, instancePath: `/defaults${first.instancePath}` }, 'defaults');
  const range = coordinateRange(field);
  if (range && code === 'field_pattern') return { code: 'field_number_range', field, params: range };
  const { field: _field, ...rest } = params;
  return { code, field, params: rest };
}

/** The JSON text of the spec or an object, as an object; NUL spelt \u0000 in the text is refused. */
function sentObject(raw: unknown): Record<string, unknown> {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') fail('defaults_required', 'defaults');
    try {
      value = JSON.parse(raw);
    } catch {
      fail('field_json', 'defaults');
    }
    // JSON text may spell a NUL as \u0000: the input guard saw only the text, so check what it decodes to.
    const at = forbiddenCharacterAt(value, ['defaults']);
    if (at) fail('field_control_character', at.join('.'));
  }
  if (value === undefined || value === null) fail('defaults_required', 'defaults');
  if (typeof value !== 'object' || Array.isArray(value)) fail('field_json_object', 'defaults');
  return value as Record<string, unknown>;
}

/**
 * The Defaults as stored, or a FieldProblem naming the first bad field. Fields left out take the
 * values of a new import (spec section 9); contentType, user and mainCategory are required (spec
 * section 5), checked first with the form's messages; numbers sent for text fields are taken as
 * their text, so '1' and 1 mean the same. Checks that need the database (the user and the
 * categories exist) are the caller's.
 */
export function decodeImportDefaults(raw: unknown): ImportDefaults {
  const defaults = normaliseDefaults(sentObject(raw));
  failWith(missingDefault(defaults));
  failWith(schemaProblem(defaults));
  const decoded = defaults as ImportDefaults;
  failWith(settleDefaults(decoded));
  return decoded;
}
