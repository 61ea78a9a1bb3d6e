import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { placeProvider } from '../../import/places/local';
import { okList } from '../../lib/envelope';
import { errors, ListEnvelope } from 'contracts/schemas/common';

const PlaceSchema = Type.Object({
  name: Type.String(),
  state: Type.String({ description: 'First-level division code' }),
  country_code: Type.String(),
  postcode: Type.Optional(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  formatted: Type.String(),
});

const placesSchema = {
  tags: ['importers'],
  summary: 'Suburb autocomplete for the importer location (any signed-in user)',
  querystring: Type.Object({
    term: Type.String({ minLength: 3, maxLength: 100, description: 'At least 3 characters' }),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  }),
  response: { 200: ListEnvelope(PlaceSchema), ...errors(400, 401) },
};

const placesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const provider = placeProvider(app.config.placesProvider);
  app.get('/api/v2/places', { schema: placesSchema }, async (request) => {
    const { term, country, limit } = request.query;
    const places = await provider.search({ term, country: country?.toUpperCase(), limit: limit ?? 10 });
    return okList(places, places.length);
  });
};

export default placesRoutes;
