import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../config';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { loginSchema, logoutSchema, restoreSchema } from './schemas';

function wantsRemember(value: unknown): boolean {
  return ['1', 'true', 'on', 'yes'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

const sessionRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    '/api/v2/session',
    {
      schema: loginSchema,
      config: {
        public: true,
        // A coarse flood guard per IP on top of the per-username failure limit.
        rateLimit: { max: config.loginRequestsPerMinute, timeWindow: 60_000 },
      },
      // An empty request reads as "nothing given" so validation names the missing field.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
      },
    },
    async (request) => {
      const { username, password, remember } = request.body;
      const session = await app.auth.login({
        username,
        password,
        remember: wantsRemember(remember),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      request.log.info({ userId: session.user.id }, 'Signed in');
      return ok(
        { auth: session.token, user: session.user, expires: session.expiresAt.toISOString(), permissions: session.rights },
        'Signed in',
      );
    },
  );

  app.get('/api/v2/session', { schema: restoreSchema, config: { public: true } }, async (request) => {
    const token = request.query.auth;
    const session = await app.auth.resolve(token);
    if (!session) throw httpError(401, 'session_expired');
    return ok({ auth: token, user: session.user, expires: session.expiresAt.toISOString(), permissions: session.rights });
  });

  app.delete('/api/v2/session', { schema: logoutSchema }, async (request) => {
    if (request.session && request.user) await app.auth.logout(request.session.id, request.user.id);
    return ok(null, 'Signed out');
  });
};

export default sessionRoutes;
