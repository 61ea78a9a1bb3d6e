import fs from 'node:fs';
import path from 'node:path';

/** Repository root (/work/main). */
export const ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS_DIR || path.join(ROOT, 'e2e', 'artifacts');
/** Screenshots the tests take on purpose (not only on failure). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || path.join(ARTIFACTS_DIR, 'shots');

export const REMOTE_FOLDERS = ['remote-articles', 'remote-categories', 'remote-importers'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];
export const REMOTE_NAMES: Record<RemoteFolder, string> = {
  'remote-articles': 'remote_articles',
  'remote-categories': 'remote_categories',
  'remote-importers': 'remote_importers',
};

export const API_SERVER = path.join(ROOT, 'api', 'dist', 'server.js');
export const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
export const remoteDist = (folder: RemoteFolder): string => path.join(ROOT, folder, 'dist');

/** Throws a clear message when a production build the tests need is missing. */
export function requireBuilt(...files: string[]): void {
  const missing = files.filter((f) => !fs.existsSync(f)).map((f) => path.relative(ROOT, f));
  if (missing.length > 0) {
    throw new Error(
      `e2e: missing production build output: ${missing.join(', ')}. ` + 'Run `npm run build` (or `npm run test:e2e`, which builds first).',
    );
  }
}

export function requireAllBuilt(): void {
  requireBuilt(API_SERVER, path.join(SHELL_DIST, 'index.html'), ...REMOTE_FOLDERS.map((f) => path.join(remoteDist(f), 'mf-manifest.json')));
}
