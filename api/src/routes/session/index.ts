import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../config';
import { ok } from '../../lib/envelope';
import { HttpError, httpError } from '../../lib/http-error';
import { isSignInRefusal } from '../../lib/metrics';
import { passkeyService } from '../../services/passkeys';
import { TwoFactorService } from '../../services/two-factor';
import { sessionAnswer } from './answer';
import {
  loginSchema,
  logoutSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  restoreSchema,
  secondFactorPasskeyOptionsSchema,
  secondFactorPasskeySchema,
  secondFactorSchema,
} from './schemas';

function wantsRemember(value: unknown): boolean {
  return ['1', 'true', 'on', 'yes'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

const sessionRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const twoFactor = new TwoFactorService(app.db, config, app.auth);
  const passkeys = passkeyService(app.db, config, app.auth, twoFactor);
  app.post(
    '/api/v2/session',
    {
      schema: loginSchema,
      // Failed sign-ins are limited per address + name and per address (services/auth-service.ts).
      config: { public: true },
      // An empty request reads as "nothing given" so validation names the missing field.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
      },
    },
    async (request) => {
      const { username, password, remember } = request.body;
      const session = await app.auth
        .login({
          username,
          password,
          remember: wantsRemember(remember),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        })
        .catch((error: unknown) => {
          if (error instanceof HttpError && isSignInRefusal(error.code)) app.metrics.signInRefusals.inc({ reason: error.code });
          throw error;
        });
      if ('secondFactor' in session) {
        const answer = await twoFactor.challengeAnswer(session, {
          remember: wantsRemember(remember),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        request.log.info({ userId: session.userId }, 'Password accepted; code needed');
        return ok(answer, 'Code needed');
      }
      request.log.info({ userId: session.user.id }, 'Signed in');
      return ok(sessionAnswer(session), 'Signed in');
    },
  );

  app.get('/api/v2/session', { schema: restoreSchema, config: { public: true } }, async (request) => {
    const token = request.query.auth;
    const session = await app.auth.resolve(token);
    if (!session) throw httpError(401, 'session_expired');
    return ok({
      auth: token,
      user: session.user,
      expires: session.expiresAt.toISOString(),
      permissions: session.rights,
      language: session.language,
      second_factor_enrolment: session.enrolSecondFactor,
    });
  });

  app.post('/api/v2/session/second-factor', { schema: secondFactorSchema, config: { public: true } }, async (request) => {
    const session = await twoFactor.completeChallenge(request.body.challenge, request.body.code, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    request.log.info({ userId: session.user.id }, 'Signed in with a second factor');
    return ok(sessionAnswer(session), 'Signed in');
  });

  app.post('/api/v2/session/passkey/options', { schema: passkeySignInOptionsSchema, config: { public: true } }, async () =>
    ok(await passkeys.signInOptions()),
  );

  app.post('/api/v2/session/passkey', { schema: passkeySignInSchema, config: { public: true } }, async (request) => {
    const session = await passkeys.signIn(request.body.response, {
      remember: request.body.remember ?? false,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    request.log.info({ userId: session.user.id }, 'Signed in with a passkey');
    return ok(sessionAnswer(session), 'Signed in');
  });

  app.post(
    '/api/v2/session/second-factor/passkey-options',
    { schema: secondFactorPasskeyOptionsSchema, config: { public: true } },
    async (request) => ok(await passkeys.secondFactorOptions(request.body.challenge)),
  );

  app.post('/api/v2/session/second-factor/passkey', { schema: secondFactorPasskeySchema, config: { public: true } }, async (request) => {
    const session = await passkeys.completeSecondFactor(request.body.challenge, request.body.response, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    request.log.info({ userId: session.user.id }, 'Signed in with a passkey as second factor');
    return ok(sessionAnswer(session), 'Signed in');
  });

  app.delete('/api/v2/session', { schema: logoutSchema, config: { enrolment: true } }, async (request) => {
    if (request.session && request.user) await app.auth.logout(request.session.id, request.user.id);
    return ok(null, 'Signed out');
  });
};

export default sessionRoutes;
