// Starting the built product, one way for the browser tests (global-setup.js, api.ts, harness.ts)
// and the bench scripts: Debian's Chromium with one set of flags, a free port in 18120-18199 (a
// block of it per jest worker), and the API process, which serves the shell and the remotes on its
// origin. CommonJS JavaScript so that a plain .mjs script (scripts/bench-bundle.mjs) can import it
// as it is; its types: product.d.ts.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

/** Repository root. */
const ROOT = path.resolve(__dirname, '..', '..');
const API_SERVER = path.join(ROOT, 'api', 'dist', 'server.js');
/** What `npm run build` makes that the product needs (paths from the root). */
const BUILD_OUTPUTS = [
  'api/dist/server.js',
  'shell/dist/index.html',
  'remote-articles/dist/mf-manifest.json',
  'remote-categories/dist/mf-manifest.json',
  'remote-importers/dist/mf-manifest.json',
  'remote-admin/dist/mf-manifest.json',
  'remote-desk/dist/mf-manifest.json',
];

/** The build outputs (paths from the root) that are missing. */
function missingBuilds(files = BUILD_OUTPUTS) {
  return files.filter((file) => !fs.existsSync(path.join(ROOT, file)));
}

/** Throws a clear message when a build output is missing (the tests never build the product). */
function requireBuilt(files = BUILD_OUTPUTS) {
  const missing = missingBuilds(files);
  if (missing.length > 0) {
    throw new Error(
      `e2e: missing production build output: ${missing.join(', ')}. Run \`npm run build\` (or \`npm run test:e2e\`, which builds first).`,
    );
  }
}

// ---- Chromium -----------------------------------------------------------------------------------

const CHROMIUM_PATH = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Headless Chromium from the system (never a downloaded browser). */
function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
}

/**
 * A browser with a profile on disk: closing it and launching it again on the same folder is a
 * browser restart (localStorage survives, sessionStorage does not).
 */
function launchPersistent(userDataDir, baseURL) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: LAUNCH_ARGS,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
}

// ---- Ports --------------------------------------------------------------------------------------

const PORT_MIN = 18120;
const PORT_MAX = 18199;
const taken = new Set();

// The browser tests run two files at once (one per jest worker): each worker picks from its own
// block of the range, so two files never hand out the same port between its check and its listen.
// The benches (no worker) use the whole range.
const WORKER_BLOCK = 20;
const WORKER_ID = Number(process.env.JEST_WORKER_ID) || 0;

/** The ports this process picks from: its worker's block, or the whole range. */
function portRange() {
  if (WORKER_ID < 1) return { first: PORT_MIN, span: PORT_MAX - PORT_MIN + 1 };
  const blocks = Math.floor((PORT_MAX - PORT_MIN + 1) / WORKER_BLOCK);
  return { first: PORT_MIN + ((WORKER_ID - 1) % blocks) * WORKER_BLOCK, span: WORKER_BLOCK };
}

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A free TCP port of this process's range (portRange), starting at a random place so parallel runs rarely collide. */
async function getFreePort() {
  const { first, span } = portRange();
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = first + ((start + i) % span);
    if (taken.has(port)) continue;
    if (await isFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`e2e: no free port in ${first}-${first + span - 1}`);
}

/** Lets a port handed out by getFreePort be handed out again. */
function releasePort(port) {
  taken.delete(port);
}

// ---- The API process ----------------------------------------------------------------------------

const DEFAULT_TIMEOUT = 90_000;

async function waitForHealth(url, child, logs, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`e2e: the API exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${logs()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`e2e: GET ${url}/api/health not OK after ${timeoutMs} ms (${lastError}).\n${logs()}`);
}

/**
 * Starts the production API (`node api/dist/server.js`), which also serves shell/dist and the
 * remotes' dist folders on the same origin, in demo mode on PGlite in a fresh temp DATA_DIR (a copy
 * of E2E_TEMPLATE_DATA_DIR when global-setup.js prepared one).
 */
async function startApi(options = {}) {
  requireBuilt(['api/dist/server.js', 'shell/dist/index.html']);
  const port = options.port ?? (await getFreePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-data-'));
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (ownDataDir && template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });

  const env = { ...process.env };
  // Always the embedded database, never a server that happens to be configured in the shell.
  delete env.DATABASE_URL;
  delete env.REMOTES_MANIFEST;
  delete env.REMOTES_MANIFEST_FILE;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NEWSDESK_DEMO: '1',
    // Imports run only when a test asks (GET /cron/…); a test can turn the scheduler on through options.env.
    IMPORT_SCHEDULER: '0',
    // Likewise the publishing job (issue 15): on only in the files that test it (with a short tick).
    PUBLISH_SCHEDULER: '0',
    // And the desks' overdue job: on only where a test asks.
    OVERDUE_SCHEDULER: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL || 'warn',
  });
  if (options.remotesManifest) env.REMOTES_MANIFEST = JSON.stringify(options.remotesManifest);
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }

  const child = spawn(process.execPath, [API_SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const append = (chunk) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const logs = () => out;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    releasePort(port);
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    return child.exitCode;
  };

  try {
    await waitForHealth(url, child, logs, options.timeoutMs ?? DEFAULT_TIMEOUT);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, dataDir, logs, stop };
}

module.exports = {
  ROOT,
  API_SERVER,
  BUILD_OUTPUTS,
  missingBuilds,
  requireBuilt,
  CHROMIUM_PATH,
  LAUNCH_ARGS,
  launchBrowser,
  launchPersistent,
  PORT_MIN,
  PORT_MAX,
  getFreePort,
  releasePort,
  startApi,
};
