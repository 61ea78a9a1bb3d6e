import path from 'node:path';
import { matchingLines, productionFiles, REPOSITORY_ROOT, type AllowedLine } from '../testing/source-scan';
import { ARTICLE_LIMITS, AUTHOR_LIMITS, SEARCH_TERM_LIMITS, withinLimit } from './field-limits';
import { TITLE_SEARCH_MAX_WORDS } from './constants';

describe('field limits', () => {
  it('counts a limit inclusive, and leaves the empty text to the required check', () => {
    expect(withinLimit('a'.repeat(ARTICLE_LIMITS.notes.max), ARTICLE_LIMITS.notes)).toBe(true);
    expect(withinLimit('a'.repeat(ARTICLE_LIMITS.notes.max + 1), ARTICLE_LIMITS.notes)).toBe(false);
    expect(withinLimit('', { min: 3, max: 10 })).toBe(true);
    expect(withinLimit('ab', { min: 3, max: 10 })).toBe(false);
    expect(withinLimit('abc', { min: 3, max: 10 })).toBe(true);
  });

  it('keeps the values the API stored articles under (the editor used stricter ones)', () => {
    expect(ARTICLE_LIMITS.title).toEqual({ max: 255 });
    expect(ARTICLE_LIMITS.notes.max).toBe(10_000);
    expect(ARTICLE_LIMITS.imageCaption.max).toBe(1000);
    expect(AUTHOR_LIMITS.name).toEqual({ max: 255 });
    expect(SEARCH_TERM_LIMITS.term.max).toBe(200);
    // The spec's own bound (section 9) stays in constants.ts.
    expect(TITLE_SEARCH_MAX_WORDS).toBe(5);
  });
});

// ---- Declared once -------------------------------------------------------------------------------
// A field limit written as a number outside contracts is a second definition that can drift from the
// one the other side checks. The scan reads the production sources of every workspace.

const ROOT = REPOSITORY_ROOT;
const WORKSPACES = ['api/src', 'shared/src', 'shell/src', 'remote-articles/src', 'remote-categories/src', 'remote-importers/src'];

/** The shapes a length or range limit takes in the code: an input's maxLength, a Form rule, a length check, a LENGTH constant. */
const LIMIT_PATTERNS: readonly RegExp[] = [
  /\b(?:max|min)Length\s*[=:]\s*\{?\s*-?[\d_]+/,
  /[{,]\s*(?:max|min)\s*:\s*-?[\d_]+\s*[,}]/,
  /\.length\s*(?:>|>=|<|<=)\s*[\d_]{2,}\b/,
  /(?:MAX|MIN)_?LENGTH\w*\s*=\s*[\d_]+/,
];

/**
 * Lines that match a pattern but are no field limit both sides check, each with why
 * (file relative to the root, then a piece of the line).
 */
const ALLOWED: readonly AllowedLine[] = [
  {
    file: 'api/src/services/auth-service.ts',
    line: 'token.length > 200',
    why: 'a malformed token is no session (not a field anybody types)',
  },
  { file: 'api/src/import/engine/defaults.ts', line: 'text.length > 80', why: 'shortens a feed title for a log line' },
  { file: 'api/src/db/database.ts', line: 'max: 10', why: 'the connection pool size' },
  {
    file: 'api/src/lib/image-rights.ts',
    line: 'exif.length < 14',
    why: "the smallest EXIF block ('Exif\\0\\0' and a TIFF header): a binary format",
  },
  { file: 'api/src/db/seed-articles.ts', line: 'chain.length < 20', why: 'stops the demo seed walking a category cycle' },
  { file: 'api/src/routes/locations/index.ts', line: 'countryCode: Type.String({ maxLength: 10 })', why: 'a path parameter, no field' },
  { file: 'api/src/routes/locations/index.ts', line: 'id: Type.String({ maxLength: 100 })', why: 'a path parameter, no field' },
  {
    file: 'remote-importers/src/features/scheduled-imports/components/RunResults.tsx',
    line: 'result.items.length > 20',
    why: 'pages a run result table of more than 20 rows',
  },
  {
    file: 'remote-articles/src/features/article-editor/components/EventFields.tsx',
    line: 'maxLength={3}',
    why: 'an ISO 4217 code is three letters (its pattern is LIMITS.currency)',
  },
];

/** Every line of `files` that declares a limit by a number, less the allowed ones: `file:line: text`. */
export function limitLiterals(files: readonly string[], read?: (file: string) => string): string[] {
  return matchingLines(files, LIMIT_PATTERNS, ALLOWED, read);
}

describe('every field limit is declared in contracts', () => {
  it('finds none as a number in the production sources of the API, shared, the shell and the remotes', () => {
    const files = WORKSPACES.flatMap((workspace) => productionFiles(path.join(ROOT, workspace)));
    expect(files.length).toBeGreaterThan(100);
    expect(limitLiterals(files)).toEqual([]);
  });

  it('catches each shape of a limit literal (planted), and not a limit read from contracts', () => {
    const planted: Record<string, string> = {
      [path.join(ROOT, 'remote-articles/src/a.tsx')]: '<Input maxLength={500} />',
      [path.join(ROOT, 'remote-articles/src/b.tsx')]: "rules={[{ max: 5000, message: t('rules.max') }]}",
      [path.join(ROOT, 'api/src/c.ts')]: "if (title.length > 255) fail('field_max_length');",
      [path.join(ROOT, 'shared/src/d.ts')]: 'export const TAG_MAX_LENGTH = 100;',
      [path.join(ROOT, 'shared/src/e.ts')]: 'maxLength: 2000,',
      [path.join(ROOT, 'shared/src/ok.tsx')]: '<Input maxLength={TAG_LIMITS.title.max} />\n// a comment: maxLength={5}',
    };
    const found = limitLiterals(Object.keys(planted), (file) => planted[file] ?? '');
    expect(found.map((line) => line.split(':')[0])).toEqual([
      'remote-articles/src/a.tsx',
      'remote-articles/src/b.tsx',
      'api/src/c.ts',
      'shared/src/d.ts',
      'shared/src/e.ts',
    ]);
  });
});
