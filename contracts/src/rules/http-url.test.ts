import path from 'node:path';
import { matchingLines, productionFiles, REPOSITORY_ROOT, type AllowedLine } from '../testing/source-scan';
import { isHttpUrl } from './http-url';

describe('the http(s) URL rule', () => {
  it.each(['http://example.com', 'https://example.com/a?b=c', 'https://127.0.0.1:8080/x', 'HTTPS://EXAMPLE.ORG'])('%s is one', (value) =>
    expect(isHttpUrl(value)).toBe(true),
  );
  it.each(['', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', 'http://'])(
    '%p is not one',
    (value) => expect(isHttpUrl(value)).toBe(false),
  );
  it('a blank text counts only where the caller allows it (an optional field); null and undefined are blank', () => {
    expect(isHttpUrl('', { allowBlank: true })).toBe(true);
    expect(isHttpUrl(null, { allowBlank: true })).toBe(true);
    expect(isHttpUrl(undefined)).toBe(false);
    expect(isHttpUrl('javascript:alert(1)', { allowBlank: true })).toBe(false);
  });
});

// ---- Declared once -------------------------------------------------------------------------------
// A second URL check (a helper of its own, or `new URL(…)` followed by a protocol test) can drift
// from this one: the scan reads the production sources of every workspace for one.

const ROOT = REPOSITORY_ROOT;
const WORKSPACES = [
  'contracts/src',
  'api/src',
  'shared/src',
  'shell/src',
  'remote-articles/src',
  'remote-categories/src',
  'remote-importers/src',
];
const RULE_FILE = 'contracts/src/rules/http-url.ts';

/** How a URL rule shows itself: a function named like one, or a protocol compared to http(s). */
const URL_RULE_PATTERNS: readonly RegExp[] = [
  /function\s+(?:is|valid|check)\w*(?:Url|Link)\w*\s*\(/i,
  /const\s+(?:is|valid|check)\w*(?:Url|Link)\w*\s*=\s*(?:\([^)]*\)|\w+)\s*=>/i,
  /\.protocol\s*(?:===|!==|==|!=)\s*['"]https?:['"]/,
];

/**
 * Lines that match but are no second http(s) rule for a field, each with why (file relative to the
 * root, then a piece of the line).
 */
const ALLOWED: readonly AllowedLine[] = [
  { file: RULE_FILE, line: 'url.protocol', why: 'the rule itself' },
  { file: RULE_FILE, line: 'export function isHttpUrl', why: 'the rule itself' },
  { file: 'shared/src/http/requestKey.ts', line: 'function isAbsoluteUrl', why: 'tells a request path from an address (no field rule)' },
  {
    file: 'api/src/import/engine/fetch.ts',
    line: "url.protocol !== 'http:' && url.protocol !== 'https:'",
    why: 'the fetch guard names the refused scheme in its own error (import_url_scheme) before any connection',
  },
  {
    file: 'api/src/lib/sso-config.ts',
    line: "url.protocol === 'http:' && LOOPBACK_HOSTS",
    why: 'a deployment setting (OIDC_ISSUER, OIDC_REDIRECT_URI): plain http only on loopback, no field rule',
  },
  {
    file: 'api/src/lib/sso-config.ts',
    line: "parsed.protocol !== 'https:' && !isLoopbackHttp(parsed)",
    why: 'a deployment setting (OIDC_ISSUER, OIDC_REDIRECT_URI) must be https, no field rule',
  },
  {
    file: 'api/src/import/engine/fetch.ts',
    line: 'export function checkUrl',
    why: 'the fetch guard (scheme, credentials, address policy)',
  },
];

/** Every line of `files` that looks like a URL rule of its own, less the allowed ones: `file:line: text`. */
export function urlRules(files: readonly string[], read?: (file: string) => string): string[] {
  return matchingLines(files, URL_RULE_PATTERNS, ALLOWED, read);
}

describe('the http(s) URL rule is declared once, in contracts', () => {
  it('finds no other in the production sources of contracts, the API, shared, the shell and the remotes', () => {
    const files = WORKSPACES.flatMap((workspace) => productionFiles(path.join(ROOT, workspace)));
    expect(files.length).toBeGreaterThan(100);
    expect(urlRules(files)).toEqual([]);
  });

  it('catches each shape of a second rule (planted), and not a call of this one', () => {
    const planted: Record<string, string> = {
      [path.join(ROOT, 'remote-articles/src/a.ts')]: 'export function isHttpUrl(value: string) {',
      [path.join(ROOT, 'remote-importers/src/b.ts')]: 'const isValidLink = (value: string) => value.startsWith("http");',
      [path.join(ROOT, 'api/src/c.ts')]: "if (url.protocol !== 'https:') fail('field_web_address');",
      [path.join(ROOT, 'shared/src/d.ts')]: 'function checkImageUrl(raw) {',
      [path.join(ROOT, 'shared/src/ok.ts')]: 'if (!isHttpUrl(value.trim(), { allowBlank: true })) fail();\n// function isOldUrl(x) {',
    };
    expect(urlRules(Object.keys(planted), (file) => planted[file]!).map((line) => line.split(':')[0])).toEqual([
      'remote-articles/src/a.ts',
      'remote-importers/src/b.ts',
      'api/src/c.ts',
      'shared/src/d.ts',
    ]);
  });
});
