import { startsAuthorAutocomplete } from 'contracts/rules/constants';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope';
import { requireVersion, staleVersion } from '../../lib/edit-version';
import { decoded, httpError } from '../../lib/http-error';
import {
  AuthorRefSchema,
  AuthorSchema,
  AuthorsQuerySchema,
  CreateAuthorBodySchema,
  UpdateAuthorBodySchema,
} from 'contracts/schemas/authors';
import { AUTHOR_LIMITS as AUTHORS } from 'contracts/rules/field-limits';
import { Envelope, errors } from 'contracts/schemas/common';
import { requireRight } from '../../plugins/permissions';
import { authorsRepository, type AuthorChange } from '../../repositories/authors';
import { httpUrl } from 'contracts/schemas/form-fields';
import { ARTICLE_LIMITS } from 'contracts/rules/field-limits';
import { editorLookupsService } from '../../services/editor-lookups';

/** Spec section 5 / 9: "Author autocomplete minimum: 3 characters". */
export const AUTOCOMPLETE_LIMIT = 10;
/** contracts/rules/field-limits: the same the editor's author dialog checks. */
export const AUTHOR_LIMITS = { name: AUTHORS.name.max, position: AUTHORS.position.max, bio: AUTHORS.bio.max } as const;

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Author id' }) });

function clean(value: unknown): string {
  return typeof value === 'string' ? value.replaceAll('\0', '').trim() : '';
}

function authorName(value: unknown): string {
  const name = clean(value).replace(/\s+/g, ' ');
  if (!name) throw httpError(400, 'field_required', { field: 'name' }, { field: 'name' });
  if (name.length > AUTHOR_LIMITS.name)
    throw httpError(400, 'field_max_length', { field: 'name', limit: AUTHOR_LIMITS.name }, { field: 'name' });
  return name;
}

/** An author image: an http(s) URL or one of our image URLs (/api/image/…); empty = none. */
export function authorImage(value: unknown): string | null {
  const text = clean(value);
  if (!text) return null;
  if (/^\/api\/image\/\d{1,9}(\/thumb)?$/.test(text)) return text;
  return decoded(() => httpUrl(text, 'image', ARTICLE_LIMITS.url.max));
}

const authorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lookups = editorLookupsService(app.db);
  app.get(
    '/api/v2/authors',
    {
      schema: {
        tags: ['article editor'],
        summary: 'The authors; with ?term= an autocomplete (at least 3 characters, else []) of up to 10 { id, name }',
        querystring: AuthorsQuerySchema,
        response: { 200: Envelope(Type.Union([Type.Array(AuthorSchema), Type.Array(AuthorRefSchema)])), ...errors(400, 401) },
      },
    },
    async (request) => {
      if (request.query.term === undefined) return ok(await authorsRepository.list(app.db));
      const term = clean(request.query.term);
      if (!startsAuthorAutocomplete(term)) return ok([]);
      return ok(await authorsRepository.autocomplete(app.db, term, AUTOCOMPLETE_LIMIT));
    },
  );

  app.get(
    '/api/author/:id',
    {
      schema: {
        tags: ['article editor'],
        summary: 'One author (spec "Author")',
        params: idParams,
        response: { 200: Envelope(AuthorSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const author = await authorsRepository.find(app.db, request.params.id);
      if (!author) throw httpError(404, 'author_not_found', { id: request.params.id });
      return ok(author);
    },
  );

  app.post(
    '/api/author/newAuthor',
    {
      preHandler: requireRight('create_article'),
      schema: {
        tags: ['article editor'],
        summary: 'Create an author by name (form or JSON `name`)',
        body: CreateAuthorBodySchema,
        response: { 200: Envelope(AuthorRefSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      if (!request.user) throw httpError(401, 'unauthorized');
      return ok(await lookups.createAuthor(request.user.id, authorName(request.body?.name)), 'Author created');
    },
  );

  app.post(
    '/api/author/:id',
    {
      preHandler: requireRight('create_article'),
      schema: {
        tags: ['article editor'],
        summary: 'Update an author: name, position, bio, image (URL); form or JSON',
        description:
          'Fields left out keep their value. version (from GET /api/author/{id}) is required: a save made from an older version ' +
          'answers 409 with the current author in data.current.',
        params: idParams,
        body: UpdateAuthorBodySchema,
        response: { 200: Envelope(AuthorSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const version = requireVersion(body.version);
      // Only the fields sent are written (the editor may save only the image); the others keep their value.
      const change: Partial<AuthorChange> = {};
      if (body.name !== undefined) change.name = authorName(body.name);
      if (body.position !== undefined) change.position = clean(body.position);
      if (body.bio !== undefined) change.bio = clean(body.bio);
      if (body.image !== undefined) change.image = authorImage(body.image);
      if ((change.position?.length ?? 0) > AUTHOR_LIMITS.position)
        throw httpError(400, 'field_max_length', { field: 'position', limit: AUTHOR_LIMITS.position }, { field: 'position' });
      if ((change.bio?.length ?? 0) > AUTHOR_LIMITS.bio)
        throw httpError(400, 'field_max_length', { field: 'bio', limit: AUTHOR_LIMITS.bio }, { field: 'bio' });
      if (!request.user) throw httpError(401, 'unauthorized');
      const result = await lookups.updateAuthor(request.user.id, request.params.id, version, change);
      if (result.ok) return ok(result.author, 'Author updated');
      if (!result.current) throw httpError(404, 'author_not_found', { id: request.params.id });
      throw staleVersion('author_stale_version', result.current);
    },
  );
};

export default authorsRoutes;
