// Removes the template database global-setup.js prepared.
const fs = require('fs');

module.exports = async function globalTeardown() {
  if (process.env.E2E_TEMPLATE_OWNED === '1' && process.env.E2E_TEMPLATE_DATA_DIR) {
    fs.rmSync(process.env.E2E_TEMPLATE_DATA_DIR, { recursive: true, force: true });
    delete process.env.E2E_TEMPLATE_DATA_DIR;
    delete process.env.E2E_TEMPLATE_OWNED;
  }
};
