// A real API server process (api/src/server.ts run by tsx), for tests of what only a process shows:
// signals, exit codes, start-up against a shared database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ProvisionedDatabase } from './database-env';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port once it listens. */
  url: string;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** The environment that points a server process at the database, quiet background jobs, a free port. */
export function serverEnv(database: ProvisionedDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    NEWSDESK_DEMO: '0',
    IMPORT_SCHEDULER: '0',
    PUBLISH_SCHEDULER: '0',
    OVERDUE_SCHEDULER: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: database.config.dataDir,
    DATABASE_URL: database.config.databaseUrl ?? '',
    COMPILED_SCHEMA_DIR: database.config.compiledSchemaDir ?? '',
    PASSWORD_HASH_COST: String(database.config.passwordHashCost),
    ...extra,
  };
}

/** Starts a server process; resolves once it prints where it runs (rejects when it exits first). */
export function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=newsdesk-source', '--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Newsdesk is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, output: () => output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it listened:\n${output}`));
    });
  });
}
