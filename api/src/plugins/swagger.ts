import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { requiredRightOf } from './permissions';

/**
 * The OpenAPI document, built from the route schemas (TypeBox), at /api/docs/json, and the
 * Swagger UI at /api/docs. Register before the routes so every route is collected.
 * The docs themselves are public (a browser opening them cannot send the AUTHENTICATION header);
 * "Authorize" in the UI takes a token for trying the calls.
 */
export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Newsdesk portal API',
          description:
            'Every response is an envelope `{ code, data, message }` (lists add `total`); `code` equals the HTTP status. ' +
            'All calls except signing in, restoring a session and the health check need the header `AUTHENTICATION: <token>`.',
          version: '2.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'header', name: 'AUTHENTICATION' },
          },
        },
        security: [{ session: [] }],
        tags: [
          { name: 'session', description: 'Signing in and out' },
          { name: 'users', description: 'The signed-in user and other users' },
          { name: 'articles', description: 'The article portal' },
          { name: 'categories', description: 'Categories' },
          { name: 'importers', description: 'Scheduled imports' },
          { name: 'webhooks', description: 'Signed webhooks: subscriptions, delivery log, redelivery' },
          { name: 'system', description: 'Health and serving' },
        ],
      },
      // Each operation names the right its route hooks enforce (`x-required-right`), from the hook itself.
      transform: ({ schema, url, route }) => {
        const right = requiredRightOf(route.preHandler);
        return { schema: right ? { ...schema, 'x-required-right': right } : schema, url };
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
