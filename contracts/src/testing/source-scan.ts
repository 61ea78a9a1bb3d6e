// The scans that keep a rule declared once: they read the production sources line by line and list
// the lines that look like a second declaration, less the allowed ones.
import fs from 'node:fs';
import path from 'node:path';

/** The repository's root (contracts/src/testing is three levels down). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..', '..');

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test', 'testing', '__tests__']);

/** The TypeScript production files below `dir` (no tests, no declaration files, no test folders). */
export function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) out.push(...productionFiles(path.join(dir, entry.name)));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** A line a scan lets stand, with its reason. */
export interface AllowedLine {
  file: string;
  line: string;
  why: string;
}

/** Every non-comment line of `files` matching one of `patterns`, less the allowed ones: `file:line: text`. */
export function matchingLines(
  files: readonly string[],
  patterns: readonly RegExp[],
  allowed: readonly AllowedLine[],
  read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8'),
): string[] {
  const found: string[] = [];
  for (const file of files) {
    const relative = path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/');
    read(file)
      .split('\n')
      .forEach((text, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(text)) return;
        if (!patterns.some((pattern) => pattern.test(text))) return;
        if (allowed.some((entry) => entry.file === relative && text.includes(entry.line))) return;
        found.push(`${relative}:${index + 1}: ${text.trim()}`);
      });
  }
  return found;
}
