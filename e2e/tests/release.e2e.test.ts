/**
 * Independent release: one remote is rebuilt alone with a visible change and redeployed; the
 * already-running shell shows the change after a reload, and the shell was not rebuilt.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ROOT,
  SHELL_DIST,
  USERS,
  login,
  navLink,
  newPage,
  remoteDist,
  remoteLabel,
  shot,
  visible,
  withRemoteOnItsOwnOrigin,
  type RemoteFolder,
} from '../support';

/**
 * The remote released alone, and where its screen is (its navbar link, its path). The mechanism is
 * the same for every remote; one rebuild costs minutes, so one remote is released per run:
 * remote-desk by default (the newest), another with E2E_RELEASE_REMOTE=remote-importers etc.
 */
const RELEASES: Record<string, { nav: string; path: string }> = {
  'remote-desk': { nav: 'Desk', path: '/desk' },
  'remote-admin': { nav: 'Users', path: '/admin/users' },
  'remote-importers': { nav: 'Import', path: '/import' },
  'remote-categories': { nav: 'Categories', path: '/categories' },
  'remote-articles': { nav: 'Articles', path: '/articles' },
};
const FOLDER = (process.env.E2E_RELEASE_REMOTE ?? 'remote-desk') as RemoteFolder;
const SCREEN = RELEASES[FOLDER] as { nav: string; path: string };
const BUILD_TIMEOUT = 420_000;

/** Content hash + mtimes of every file in a folder. */
function fingerprint(dir: string): { hash: string; mtimes: Record<string, number> } {
  const hash = crypto.createHash('sha256');
  const mtimes: Record<string, number> = {};
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const file = path.join(d, name);
      const stat = fs.statSync(file);
      if (stat.isDirectory()) walk(file);
      else {
        const rel = path.relative(dir, file);
        hash.update(rel).update(fs.readFileSync(file));
        mtimes[rel] = stat.mtimeMs;
      }
    }
  };
  walk(dir);
  return { hash: hash.digest('hex'), mtimes };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT - 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-5000)}`));
    });
  });
}

let outDir: string;

const e2e = withRemoteOnItsOwnOrigin(FOLDER);

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), `newsdesk-e2e-${FOLDER}-`));
});

afterAll(async () => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

test(`a copy of ${FOLDER} built for a newer shared and React 18 is refused with the modules and versions, before it runs`, async () => {
  // The remote's build with its manifest's requirements raised, as a remote built against newer packages declares them.
  const skewedDir = fs.mkdtempSync(path.join(os.tmpdir(), `newsdesk-e2e-skewed-${FOLDER}-`));
  const originalDir = e2e.remote.dir;
  const { context, page } = await newPage(e2e.browser, e2e.api.url);
  try {
    fs.cpSync(remoteDist(FOLDER), skewedDir, { recursive: true });
    const manifestFile = path.join(skewedDir, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared: { name: string; requiredVersion?: string }[] };
    for (const entry of manifest.shared) {
      if (entry.name === 'shared') entry.requiredVersion = '^0.2.0';
      if (entry.name === 'react') entry.requiredVersion = '^18.2.0';
    }
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    e2e.remote.dir = skewedDir;
    const before = e2e.remote.requests.length;

    await login(page, USERS.admin);
    await navLink(page, SCREEN.nav).click();
    await page.waitForURL((url) => url.pathname === SCREEN.path);
    const error = await visible(page.locator('[data-testid="remote-error"][data-skew="true"]'));
    const remote = FOLDER.replace('-', '_');
    await visible(error.getByText(`${remote} needs shared ^0.2.0; Newsdesk has 0.1.0.`));
    await visible(error.getByText(new RegExp(`^${remote} needs react \\^18\\.2\\.0; Newsdesk has 19\\.`)));
    await visible(error.getByRole('button', { name: /retry/i }));
    await shot(page, 'release-skewed-remote-refused');
    // Refused before any of its code ran: only its manifest was fetched.
    expect(e2e.remote.requests.slice(before).filter((p) => p.endsWith('.js'))).toEqual([]);
    // The rest of the shell works.
    await navLink(page, 'Articles').click();
    await visible(remoteLabel(page, 'remote-articles'));
  } finally {
    e2e.remote.dir = originalDir;
    await context.close();
    fs.rmSync(skewedDir, { recursive: true, force: true });
  }
});

test(
  `rebuilding ${FOLDER} alone and redeploying it shows the change in the running shell after a reload`,
  async () => {
    const shellBefore = fingerprint(SHELL_DIST);
    const remoteBefore = fingerprint(remoteDist(FOLDER));

    const { context, page } = await newPage(e2e.browser, e2e.api.url);
    try {
      await login(page, USERS.admin);
      await navLink(page, SCREEN.nav).click();
      await page.waitForURL((url) => url.pathname === SCREEN.path);
      const label = remoteLabel(page, FOLDER);
      const before = (await (await visible(label)).getAttribute('data-build')) ?? '';
      const shellScriptsBefore = await page.evaluate(() =>
        [...document.querySelectorAll('script[src]')]
          .map((s) => (s as HTMLScriptElement).src)
          .filter((src) => !src.includes('/remotes/') && src.startsWith(location.origin)),
      );

      // Build the remote alone, with a visible change, into a new folder.
      const release = `release-${crypto.randomBytes(4).toString('hex')}`;
      expect(before).not.toContain(release);
      await run('npx', ['webpack', '--mode', 'production', '--output-path', outDir], path.join(ROOT, FOLDER), {
        ...process.env,
        NEWSDESK_BUILD_LABEL: release,
      });
      expect(fs.existsSync(path.join(outDir, 'mf-manifest.json'))).toBe(true);

      // Redeploy: the remote's server now serves the new build.
      e2e.remote.dir = outDir;
      await page.reload();
      await page.waitForURL((url) => url.pathname === SCREEN.path);
      await visible(page.locator(`[data-remote="${FOLDER}"][data-build="${release}"]`));
      await shot(page, 'release-after-redeploy');

      // The shell was not rebuilt: same files, same times, same scripts in the page.
      expect(fingerprint(SHELL_DIST)).toEqual(shellBefore);
      expect(fingerprint(remoteDist(FOLDER))).toEqual(remoteBefore);
      const shellScriptsAfter = await page.evaluate(() =>
        [...document.querySelectorAll('script[src]')]
          .map((s) => (s as HTMLScriptElement).src)
          .filter((src) => !src.includes('/remotes/') && src.startsWith(location.origin)),
      );
      expect(shellScriptsAfter).toEqual(shellScriptsBefore);
    } finally {
      await context.close();
    }
  },
  BUILD_TIMEOUT + 60_000,
);
