import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SSO_ERROR_PARAM, SSO_HANDOFF_PARAM } from 'contracts/rules/sso';
import type { AppConfig } from '../../config';
import { ok } from '../../lib/envelope';
import { HttpError, httpError } from '../../lib/http-error';
import { SsoService } from '../../services/sso';
import { TwoFactorService } from '../../services/two-factor';
import { sessionAnswer } from '../session/answer';
import { callbackSchema, infoSchema, sessionSchema, startSchema } from './schemas';

const LOGIN_PATH = '/login';

/** A same-origin path to return to (not //host, not a scheme), else null. */
export function safeNext(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /\p{Cc}/u.test(value)) return null;
  return value.slice(0, 2000);
}

function loginUrl(params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return `${LOGIN_PATH}?${query.toString()}`;
}

/**
 * Single sign-on by OpenID Connect (services/sso.ts). The routes exist without OIDC_ISSUER too
 * (GET /api/v2/sso answers enabled: false, the others 404 sso_not_configured), so the OpenAPI
 * document and the fuzz suite do not depend on the configuration.
 */
const ssoRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const service: SsoService | undefined = config.sso
    ? new SsoService(app.db, config.sso, { auth: app.auth, twoFactor: new TwoFactorService(app.db, config, app.auth), log: app.log })
    : undefined;
  const configured = (): SsoService => {
    if (!service) throw httpError(404, 'sso_not_configured');
    return service;
  };
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
  });

  app.get('/api/v2/sso', { schema: infoSchema, config: { public: true } }, async () =>
    ok(service ? service.info() : { enabled: false, name: null, start: null }),
  );

  app.get('/api/v2/sso/start', { schema: startSchema, config: { public: true } }, async (request, reply) => {
    const sso = configured();
    const next = safeNext(request.query.next);
    try {
      return reply.header('cache-control', 'no-store').redirect(await sso.start(next), 302);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply.header('cache-control', 'no-store').redirect(loginUrl({ [SSO_ERROR_PARAM]: error.code, next }), 302);
    }
  });

  app.get('/api/v2/sso/callback', { schema: callbackSchema, config: { public: true } }, async (request, reply) => {
    const sso = configured();
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    try {
      const { handoff, returnTo } = await sso.callback(query, meta(request));
      return reply.redirect(loginUrl({ [SSO_HANDOFF_PARAM]: handoff, next: returnTo }), 302);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      request.log.info({ reason: error.code }, 'Single sign-on refused');
      return reply.redirect(loginUrl({ [SSO_ERROR_PARAM]: error.code }), 302);
    }
  });

  app.post('/api/v2/sso/session', { schema: sessionSchema, config: { public: true } }, async (request) => {
    const result = await configured().session(request.body.handoff, meta(request));
    if ('challenge' in result) {
      return ok(result.challenge, 'Code needed');
    }
    request.log.info({ userId: result.session.user.id }, 'Signed in by single sign-on');
    return ok(sessionAnswer(result.session), 'Signed in');
  });
};

export default ssoRoutes;
