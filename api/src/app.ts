import { cachedSchemaCompilers } from './lib/compiled-schemas';
import metricsPlugin from './plugins/metrics';
import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type AppConfig } from './config';
import { redactUrl } from './lib/tokens';
import authPlugin from './plugins/auth';
import connectionCapPlugin from './plugins/connection-cap';
import dbPlugin from './plugins/db';
import inputGuardPlugin from './plugins/input-guard';
import lifecyclePlugin from './plugins/lifecycle';
import envelopePlugin, { clientErrorHandler, frameworkErrors, schemaErrorFormatter } from './plugins/envelope';
import schedulerPlugin from './plugins/scheduler';
import overdueSchedulerPlugin from './plugins/overdue-scheduler';
import publishingSchedulerPlugin from './plugins/publishing-scheduler';
import webhookWorkerPlugin from './plugins/webhook-worker';
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

/** The nearest `hops` proxies are trusted (Fastify's own numeric trustProxy, which its types leave out). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
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
    // Request ids unique across instances (a counter per process is not): in every log line of the
    // request (pino's reqId) and in the X-Request-Id response header. An incoming X-Request-Id is
    // not taken (anyone could make log lines look related).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Whose X-Forwarded-For names the client (request.ip): TRUST_PROXY, nobody's by default.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The database plugin migrates while it registers: on a big database or a busy machine that takes
    // minutes, and a first start must not fail for it. Still bounded, so a start that hangs ends.
    pluginTimeout: 10 * 60_000,
    ...(config.compiledSchemaDir ? { schemaController: { compilersFactory: cachedSchemaCompilers(config.compiledSchemaDir) } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(connectionCapPlugin, { config });
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, { config });
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(fastifyFormbody);
  await app.register(swaggerPlugin);
  await app.register(dbPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(routes, { config });
  await app.register(schedulerPlugin, { config });
  await app.register(publishingSchedulerPlugin, { config });
  await app.register(overdueSchedulerPlugin, { config });
  await app.register(webhookWorkerPlugin, { config });
  await app.register(staticPlugin, { config });
  return app;
}
