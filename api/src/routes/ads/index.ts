import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { AdSchema } from 'contracts/schemas/ads';
import { Envelope, errors } from 'contracts/schemas/common';
import { adsRepository } from '../../repositories/ads';

const adSchema = {
  tags: ['article editor'],
  summary: 'One ad by its numeric id (spec "Ad")',
  params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Ad id' }) }),
  response: {
    200: Envelope(AdSchema),
    ...errors(400, 401, 404),
  },
};

const adsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/portal/ads/:id', { schema: adSchema }, async (request) => {
    const ad = await adsRepository.find(app.db, request.params.id);
    if (!ad) throw httpError(404, 'ad_not_found', { id: request.params.id });
    return ok(ad);
  });
};

export default adsRoutes;
