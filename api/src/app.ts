import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type AppConfig } from './config';
import { httpError } from './lib/http-error';
import { redactUrl } from './lib/tokens';
import authPlugin from './plugins/auth';
import connectionCapPlugin from './plugins/connection-cap';
import dbPlugin from './plugins/db';
import inputGuardPlugin from './plugins/input-guard';
import envelopePlugin, { clientErrorHandler, frameworkErrors, schemaErrorFormatter } from './plugins/envelope';
import schedulerPlugin from './plugins/scheduler';
import publishingSchedulerPlugin from './plugins/publishing-scheduler';
import staticPlugin from './plugins/static';
import swaggerPlugin from './plugins/swagger';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export interface BuildAppOptions {
  /** Settings; whatever is left out takes its default (nothing is read from the environment here). */
  config?: Partial<AppConfig>;
  /** false: no logging; an object: pino options (e.g. `stream` to capture the output in tests). */
  logger?: boolean | LoggerOptions;
}

/**
 * Session tokens and passwords never reach the logs: the logged URL has every secret query parameter
 * redacted however it is encoded (redactUrl), and header/body fields that carry one are censored
 * wherever a log line holds them.
 */
function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const custom = typeof logger === 'object' ? logger : {};
  return {
    level: config.logLevel,
    ...custom,
    redact: {
      paths: [
        'req.headers.authentication',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.query.auth',
        'req.body.password',
        'req.body.auth',
        '*.auth',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}

/** Builds the Newsdesk API (and the server of the built front ends); `app.inject` works without listening. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = defaultConfig(options.config);
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    schemaErrorFormatter,
    frameworkErrors,
    clientErrorHandler,
    // Path parameters are ids, codes and search words: a longer one is refused as 414 (uri_too_long).
    routerOptions: { maxParamLength: 500 },
    // Kept short: the plugins hold a database and open it while registering.
    pluginTimeout: 60_000,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  await app.register(connectionCapPlugin, { config });
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      httpError(context.statusCode, 'too_many_requests', { after: `${Math.max(1, Math.ceil(context.ttl / 1000))} s` }),
  });
  await app.register(swaggerPlugin);
  await app.register(dbPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(routes, { config });
  await app.register(schedulerPlugin, { config });
  await app.register(publishingSchedulerPlugin, { config });
  await app.register(staticPlugin, { config });
  return app;
}
