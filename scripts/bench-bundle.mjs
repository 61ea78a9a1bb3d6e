#!/usr/bin/env node
// `npm run bench:bundle`: how much JavaScript (gzip bytes) the browser fetches
//   1. to make /login interactive (the username field is enabled), and
//   2. after signing in as editor, in addition, to open the article portal (the root).
// It serves the production builds the way `npm start` does (the API process serves the shell and
// the remotes on one origin), on a free port in 18120-18199 with a temp database, and measures in
// headless Chromium. Each JS response body is gzipped here at level 9, so the figure does not depend
// on whether or how the server compresses. Builds first only when a dist folder is missing.
//
// Options: --json (machine-readable output), --strict (exit 1 when /login is over the goal).
import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';
// The browser tests' way of starting the product: the same Chromium flags, port range and API process.
import { ROOT, launchBrowser, missingBuilds, startApi } from '../e2e/support/product.js';

// The goals: /login ≤ 200 KB; the portal after sign-in ≤ 300 KB in ≤ 25 files; both ≤ 490 KB.
const GOAL_LOGIN_KB = 200;
const GOAL_PORTAL_KB = 300;
const GOAL_PORTAL_FILES = 25;
const GOAL_TOTAL_KB = 490;
const KB = 1000; // 1 KB = 1000 bytes (the stricter reading of the goal)
const USER = { username: 'editor', password: 'editor-demo' };
const args = new Set(process.argv.slice(2));
const asJson = args.has('--json');
const strict = args.has('--strict');
const say = (...a) => (asJson ? console.error(...a) : console.log(...a));

function ensureBuilt() {
  const missing = missingBuilds();
  if (missing.length === 0) return;
  say(`bench:bundle: missing ${missing.join(', ')} → npm run build`);
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: asJson ? ['ignore', 2, 2] : 'inherit' });
  if (res.status !== 0) throw new Error('npm run build failed');
}

const isScript = (res) => {
  const type = res.request().resourceType();
  if (type === 'script') return true;
  const ct = res.headers()['content-type'] || '';
  return /javascript/.test(ct) || /\.m?js$/.test(new URL(res.url()).pathname);
};

function fmt(bytes) {
  return (bytes / KB).toFixed(1);
}

function table(rows, origin) {
  const name = (u) => (u.startsWith(origin) ? u.slice(origin.length) : u);
  const width = Math.max(4, ...rows.map((r) => name(r.url).length));
  const lines = [`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(9)}  ${'gzip KB'.padStart(9)}`];
  for (const r of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(`  ${name(r.url).padEnd(width)}  ${fmt(r.raw).padStart(9)}  ${fmt(r.gzip).padStart(9)}`);
  }
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gzip = rows.reduce((s, r) => s + r.gzip, 0);
  lines.push(`  ${'total'.padEnd(width)}  ${fmt(raw).padStart(9)}  ${fmt(gzip).padStart(9)}   (${rows.length} files)`);
  return { text: lines.join('\n'), raw, gzip };
}

async function main() {
  ensureBuilt();
  const api = await startApi();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: api.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Requests still running, but for the live-presence stream, which stays open (networkidle never comes).
    const inFlight = new Set();
    page.on('request', (req) => {
      if (!new URL(req.url()).pathname.startsWith('/api/portal/events')) inFlight.add(req);
    });
    page.on('requestfinished', (req) => inFlight.delete(req));
    page.on('requestfailed', (req) => inFlight.delete(req));
    const settled = async (quietMs = 500) => {
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
        await page.waitForTimeout(50);
        if (inFlight.size > 0) quietSince = Date.now();
      }
    };
    let phase = 'login';
    const pending = [];
    const seen = new Map(); // url → the first record; a prefetched file is counted once, when it runs
    page.on('response', (res) => {
      if (!isScript(res) || res.status() >= 400) return;
      const url = res.url();
      // <link rel=prefetch>: fetched into the cache at low priority, not run (Chromium marks the
      // request "Sec-Purpose: prefetch"); the later load of the same URL is the one that runs.
      const headers = res.request().headers();
      const prefetch = /prefetch/.test(`${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''}`);
      const known = seen.get(url);
      if (known) {
        if (!prefetch) known.ran = true;
        return;
      }
      const record = { url, phase, prefetched: prefetch, ran: !prefetch };
      seen.set(url, record);
      pending.push(
        res
          .body()
          .then((body) => Object.assign(record, { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length }))
          .catch(() => null),
      );
    });

    // 1. /login until the username field is enabled.
    const t0 = Date.now();
    await page.goto('/login');
    const username = page
      .getByLabel(/user ?name/i)
      .or(page.getByPlaceholder(/user ?name/i))
      .first();
    await username.waitFor({ state: 'visible', timeout: 60_000 });
    while (!(await username.isEditable())) await page.waitForTimeout(20);
    const loginMs = Date.now() - t0;
    phase = 'portal';

    // 2. Sign in as editor; the article portal opens at the root.
    await username.fill(USER.username);
    await page
      .getByLabel(/password/i)
      .or(page.getByPlaceholder(/password/i))
      .first()
      .fill(USER.password);
    const t1 = Date.now();
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 60_000 });
    // The portal's screen root carries its remote's mark (shared/ui/buildMark; no visible footer).
    await page.locator('[data-remote="remote-articles"]').first().waitFor({ state: 'visible', timeout: 60_000 });
    const portalMs = Date.now() - t1;
    await settled();
    const all = (await Promise.all(pending)).filter(Boolean);

    // /login: the scripts run until its form is interactive. The portal: every other script that has
    // run when the portal shows, whether the login page prefetched it or not. Prefetched files that
    // never ran are listed apart (bytes the login page fetched in the background).
    const login = table(
      all.filter((r) => r.phase === 'login' && !r.prefetched),
      api.url,
    );
    const portal = table(
      all.filter((r) => r.ran && (r.phase === 'portal' || r.prefetched)),
      api.url,
    );
    const unused = table(
      all.filter((r) => !r.ran),
      api.url,
    );
    const portalFiles = all.filter((r) => r.ran && (r.phase === 'portal' || r.prefetched)).length;
    const goals = [
      ['/login JS', `${fmt(login.gzip)} KB gzip`, `≤ ${GOAL_LOGIN_KB} KB`, login.gzip <= GOAL_LOGIN_KB * KB],
      ['portal JS after sign-in', `${fmt(portal.gzip)} KB gzip`, `≤ ${GOAL_PORTAL_KB} KB`, portal.gzip <= GOAL_PORTAL_KB * KB],
      ['portal files', String(portalFiles), `≤ ${GOAL_PORTAL_FILES}`, portalFiles <= GOAL_PORTAL_FILES],
      [
        'login + portal JS',
        `${fmt(login.gzip + portal.gzip)} KB gzip`,
        `≤ ${GOAL_TOTAL_KB} KB`,
        login.gzip + portal.gzip <= GOAL_TOTAL_KB * KB,
      ],
    ];
    const result = {
      loginGzipBytes: login.gzip,
      loginRawBytes: login.raw,
      portalGzipBytes: portal.gzip,
      portalRawBytes: portal.raw,
      portalFiles,
      prefetchedUnusedGzipBytes: unused.gzip,
      goalLoginKB: GOAL_LOGIN_KB,
      withinGoal: login.gzip <= GOAL_LOGIN_KB * KB,
      goals: goals.map(([name, figure, goal, met]) => ({ name, figure, goal, met })),
      loginInteractiveMs: loginMs,
      portalVisibleMs: portalMs,
      files: all,
    };
    if (asJson) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      say(`\nJavaScript run to make /login interactive (username field enabled, ${loginMs} ms):`);
      say(login.text);
      say(
        `\nJavaScript the article portal runs after signing in as ${USER.username} (prefetched on /login or not; portal shown ${portalMs} ms after the click):`,
      );
      say(portal.text);
      say('\nPrefetched on /login but not run by the portal:');
      say(unused.text);
      say('');
      for (const [name, figure, goal, met] of goals)
        say(`${name.padEnd(24)} ${figure.padStart(16)}  (goal ${goal})  ${met ? 'met' : 'NOT MET'}`);
      say(`(gzip level 9 of each JS response body; 1 KB = ${KB} bytes)`);
    }
    if (strict && !result.withinGoal) process.exitCode = 1;
  } finally {
    await browser.close();
    await api.stop();
  }
}

main().catch((err) => {
  console.error(`bench:bundle failed: ${err?.stack || err}`);
  process.exit(1);
});
