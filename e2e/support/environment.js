// Jest environment for the browser tests: plain Node, plus a screenshot of every page a test
// registered (see `track()` in browser.ts) when a test or hook fails. Files: e2e/artifacts/.
const fs = require('fs');
const path = require('path');
const { TestEnvironment } = require('jest-environment-node');

const ARTIFACTS = process.env.E2E_ARTIFACTS_DIR || path.join(__dirname, '..', 'artifacts');

function slug(text) {
  return (
    String(text)
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 100) || 'test'
  );
}

class E2EEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testFile = path.basename(context.testPath || 'e2e');
    this.global.__E2E_PAGES__ = new Set();
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const pages = this.global.__E2E_PAGES__;
    if (!pages || pages.size === 0) return;
    const names = [];
    for (let p = event.test || event.hook; p; p = p.parent) if (p.name && p.name !== 'ROOT_DESCRIBE_BLOCK') names.unshift(p.name);
    if (event.name === 'hook_failure') names.push(event.hook && event.hook.type ? event.hook.type : 'hook');
    const base = `${slug(this.testFile)}--${slug(names.join(' '))}`;
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    let i = 0;
    for (const page of pages) {
      i += 1;
      try {
        if (page.isClosed()) continue;
        const file = path.join(ARTIFACTS, `${base}${pages.size > 1 ? `-${i}` : ''}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
        console.error(`e2e: screenshot of the failing page (${page.url()}) → ${file}`);
      } catch {
        /* the page or browser is gone: nothing to capture */
      }
    }
  }
}

module.exports = E2EEnvironment;
