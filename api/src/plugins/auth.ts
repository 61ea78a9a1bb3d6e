import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { RightGrant } from 'contracts/rules/rights';
import type { Right } from '../db/schema';
import { httpError } from '../lib/http-error';
import type { User } from '../repositories/users';
import { AuthService } from '../services/auth-service';

export interface SessionInfo {
  id: number;
  token: string;
  expiresAt: Date;
  remember: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no session (sign-in, session restore, health). Routes are private by default. */
    public?: boolean;
    /** The route is open to a session that must enrol a second factor first (My account, sign-out). */
    enrolment?: boolean;
  }
  interface FastifyInstance {
    auth: AuthService;
    /** onRequest hook: resolves the AUTHENTICATION header into request.user, 401 unless the route is public. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Resolves the AUTHENTICATION header into request.user and request.session, whatever the route: 401 without a valid session. */
    requireSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, with their rights; null on public routes without a session. */
    user: (User & { rights: Right[]; grants: RightGrant[] }) | null;
    /** The current session; null on public routes without a session. */
    session: SessionInfo | null;
  }
}

export const AUTH_HEADER = 'authentication';

/** The token in the AUTHENTICATION header (a "Bearer " prefix is tolerated). */
export function tokenFromHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers[AUTH_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  return value.replace(/^bearer\s+/i, '');
}

export interface AuthPluginOptions {
  config: AppConfig;
}

export default fp<AuthPluginOptions>(
  async (app, { config }) => {
    app.decorate('auth', new AuthService(app.db, config));
    // Other API processes on the same PostgreSQL database revoke sessions too: hear them at once.
    if (config.databaseUrl) {
      await app.auth.listen(config.databaseUrl, (error) =>
        app.log.warn({ err: error }, 'Session cache: LISTEN connection lost, cache off until it is back'),
      );
      app.addHook('onClose', async () => app.auth.stopListening());
    }
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    app.decorate('requireSession', async (request: FastifyRequest) => {
      const token = tokenFromHeader(request);
      if (!token) throw httpError(401, 'unauthorized');
      const session = await app.auth.resolve(token);
      if (!session) throw httpError(401, 'session_expired');
      request.user = { ...session.user, rights: session.rights, grants: session.grants };
      request.session = { id: session.id, token, expiresAt: session.expiresAt, remember: session.remember };
      // A role requires two-factor and the user has none: nothing but enrolling until it is set up.
      if (session.enrolSecondFactor && !request.routeOptions.config.enrolment) throw httpError(403, 'two_factor_enrolment_required');
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.routeOptions.config.public) await app.requireSession(request);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
