// Runs once before the browser tests:
//  - checks the production builds exist (the tests never build the product; `npm run test:e2e`
//    runs `npm run build` first) and Chromium is there;
//  - prepares a template database: the API is started once on a fresh DATA_DIR (migrations + demo
//    seed, ~10 s on PGlite) and stopped; each test's API then starts on a copy (~2 s).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CHROMIUM_PATH, ROOT, requireBuilt, startApi } = require('./product');

async function prepareTemplate() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-e2e-template-'));
  let healthy = false;
  let code;
  let logs;
  try {
    const api = await startApi({ dataDir, timeoutMs: 120_000 });
    healthy = true;
    code = await api.stop();
    logs = api.logs();
  } catch (err) {
    logs = err.message;
  }
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
  requireBuilt();
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`e2e: Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium; .ci/run does it).`);
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
