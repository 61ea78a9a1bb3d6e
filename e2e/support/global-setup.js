// Runs once before the browser tests:
//  - checks the production builds exist (the tests never build the product; `npm run test:e2e`
//    runs `npm run build` first) and Chromium is there;
//  - prepares a template database: the API is started once on a fresh DATA_DIR (migrations + demo
//    seed, ~10 s on PGlite) and stopped; each test's API then starts on a copy (~2 s).
const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
const REQUIRED = [
  'api/dist/server.js',
  'shell/dist/index.html',
  'remote-articles/dist/mf-manifest.json',
  'remote-categories/dist/mf-manifest.json',
  'remote-importers/dist/mf-manifest.json',
];

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

async function freePort() {
  const start = Math.floor(Math.random() * 80);
  for (let i = 0; i < 80; i += 1) {
    const port = 18120 + ((start + i) % 80);
    if (await isFree(port)) return port;
  }
  throw new Error('e2e: no free port in 18120-18199');
}

async function prepareTemplate() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-template-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NEWSDESK_DEMO: '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REMOTES_MANIFEST;
  delete env.REMOTES_MANIFEST_FILE;
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout.on('data', (c) => (logs += c));
  child.stderr.on('data', (c) => (logs += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120000;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      healthy = res.ok;
    } catch {
      /* not up yet */
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  const code = await exited;
  clearTimeout(timer);
  if (!healthy || code !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Not fatal: each test's API then starts on a fresh folder (slower), and reports its own error.
    console.warn(
      `\ne2e: could not prepare the template database (healthy=${healthy}, exit=${code}); tests start fresh.\n${logs.slice(-3000)}`,
    );
    return undefined;
  }
  return dataDir;
}

module.exports = async function globalSetup() {
  const missing = REQUIRED.filter((f) => !fs.existsSync(path.join(ROOT, f)));
  if (missing.length > 0) {
    throw new Error(
      `e2e: production builds are missing:\n  ${missing.join('\n  ')}\n` +
        'Run `npm run build` first (or `npm run test:e2e`, which builds and then runs the browser tests).',
    );
  }
  const chromium = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(`e2e: Chromium not found at ${chromium} (apt-get install -y chromium; .ci/run does it).`);
  }
  fs.mkdirSync(path.join(ROOT, 'e2e', 'artifacts'), { recursive: true });
  if (!process.env.E2E_TEMPLATE_DATA_DIR) {
    const template = await prepareTemplate();
    if (template) {
      process.env.E2E_TEMPLATE_DATA_DIR = template;
      process.env.E2E_TEMPLATE_OWNED = '1';
    }
  }
};
