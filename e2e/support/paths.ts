import path from 'node:path';
import { ROOT } from './product';

export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS_DIR || path.join(ROOT, 'e2e', 'artifacts');
/** Screenshots the tests take on purpose (not only on failure). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || path.join(ARTIFACTS_DIR, 'shots');

export const REMOTE_FOLDERS = ['remote-articles', 'remote-categories', 'remote-importers', 'remote-admin', 'remote-desk'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];
export const REMOTE_NAMES: Record<RemoteFolder, string> = {
  'remote-articles': 'remote_articles',
  'remote-categories': 'remote_categories',
  'remote-importers': 'remote_importers',
  'remote-admin': 'remote_admin',
  'remote-desk': 'remote_desk',
};

export const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
export const remoteDist = (folder: RemoteFolder): string => path.join(ROOT, folder, 'dist');
