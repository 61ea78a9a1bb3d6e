import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { TAG_LIMITS } from 'contracts/rules/field-limits';
import { Envelope, errors } from 'contracts/schemas/common';
import { TagBodySchema, TagSchema } from 'contracts/schemas/tags';
import { requireRight } from '../../plugins/permissions';
import { editorLookupsService } from '../../services/editor-lookups';

export const TAG_MAX_LENGTH = TAG_LIMITS.title.max;

/** The tag titles in a value: split on commas, trimmed, blanks dropped, repeats (any letter case) once. */
export function tagTitles(value: string): string[] {
  const titles: string[] = [];
  for (const part of value.replaceAll('\0', '').split(',')) {
    const title = part.replace(/\s+/g, ' ').trim();
    if (!title) continue;
    if (title.length > TAG_MAX_LENGTH) throw httpError(400, 'tag_too_long', { limit: TAG_MAX_LENGTH });
    if (!titles.some((known) => known.toLowerCase() === title.toLowerCase())) titles.push(title);
  }
  return titles;
}

const tagSchema = {
  tags: ['article editor'],
  summary: 'Find or create tags by title (form or JSON `value`)',
  description:
    'Returns the tags [{ id, title }]: an existing tag (letter case ignored) or a new one. Commas separate several tags. ' +
    'An empty value is ignored and answers [].',
  body: TagBodySchema,
  response: { 200: Envelope(Type.Array(TagSchema)), ...errors(400, 401, 403) },
};

const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/tag', { schema: tagSchema, preHandler: requireRight('create_article') }, async (request) => {
    const titles = tagTitles(request.body?.value ?? '');
    if (!request.user) throw httpError(401, 'unauthorized');
    return ok(await editorLookupsService(app.db).findOrCreateTags(request.user.id, titles));
  });
};

export default tagsRoutes;
