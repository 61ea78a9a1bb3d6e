import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { placeProvider } from '../../import/places/local';
import { okList } from '../../lib/envelope';
import { errors, ListEnvelope } from 'contracts/schemas/common';
import { PlaceSchema, PlacesQuerySchema } from 'contracts/schemas/locations';

const placesSchema = {
  tags: ['importers'],
  summary: 'Suburb autocomplete for the importer location (any signed-in user)',
  querystring: PlacesQuerySchema,
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
