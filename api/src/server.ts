import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DEMO_USERS } from './db/demo-data';
import { errorMessage } from 'contracts/rules/error-message';

/**
 * Starts the Newsdesk server: reads the environment (see config.ts and api/README.md), opens the
 * database, listens, and prints where it runs. Demo mode (demo users and content) is on by default
 * when neither NEWSDESK_DEMO nor DATABASE_URL is set.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });

  let closing = false;
  // Readiness goes at once; the server stops accepting, in-flight requests finish, idle keep-alive
  // connections and event streams close, background jobs stop; SHUTDOWN_TIMEOUT cuts off the rest.
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.lifecycle.drain();
    app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'Shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'Shutdown took longer than SHUTDOWN_TIMEOUT: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    app
      .close()
      .then(() => {
        app.log.info('Shut down');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'Error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${address.port}`;

  const lines = [
    '',
    `Newsdesk is running at ${url}`,
    `  API docs:  ${url}/api/docs`,
    `  database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  ];
  if (config.demo) {
    lines.push('  demo mode: sign in as one of');
    for (const user of DEMO_USERS) lines.push(`    ${user.username.padEnd(10)} password ${user.password}`);
  } else if (config.adminPassword) {
    lines.push('  sign in as admin with the password in ADMIN_PASSWORD (set when the database had no users)');
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Newsdesk failed to start:', errorMessage(error));
  if (error instanceof Error && error.cause) console.error('Cause:', error.cause);
  process.exit(1);
});
