// Every error the API sends names a code of the catalogue (contracts/errors/api-errors.json),
// and the catalogue holds no code the API never sends: a static scan of api/src.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import API_ERRORS from 'contracts/errors/api-errors.json';
import { apiErrorMessage } from '../src/lib/api-errors';

const SRC = join(__dirname, '..', 'src');
// The spec's rules (the state machine's refusals carry catalogue codes the API words).
const RULES = join(__dirname, '..', '..', 'contracts', 'src', 'rules');
// The request schemas decode form fields and name a field's problem by its code.
const SCHEMAS = join(__dirname, '..', '..', 'contracts', 'src', 'schemas');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const catalogue = Object.keys(API_ERRORS).filter((code) => code !== '$comment');

/** The string literals of the arguments that name an error's code, at every call that builds an error. */
function codesAtErrorSites(text: string): string[] {
  const sites = [
    // httpError(status, code, …), refuse(status, code, …), refusal(status, code, …): the code argument (a ternary included).
    /\b(?:httpError|refuse|refusal)\(\s*[^,()]+,\s*([^,]+?)\s*[,)]/g,
    // new FormError(code, …), new InputError(…), new DefaultsError(…), new CodedError(…); fail(code, …).
    /\bnew (?:Form|Input|Defaults|Coded)Error\(\s*([^,]+?)\s*[,)]/g,
    /(?<![.\w])fail\(\s*([^,]+?)\s*[,)]/g,
    // new ImportError(kind, code, …)
    /\bnew ImportError\(\s*'[^']*',\s*([^,]+?)\s*[,)]/g,
  ];
  return sites.flatMap((site) =>
    [...text.matchAll(site)].flatMap((match) => [...(match[1] ?? '').matchAll(/'([a-z][a-z0-9_]*)'/g)].map((m) => m[1] as string)),
  );
}

describe('API error codes', () => {
  it('finds the error sites it scans (the scan itself works)', () => {
    const found = files.flatMap((file) => codesAtErrorSites(file.text));
    expect(found.length).toBeGreaterThan(150);
    expect(found).toEqual(expect.arrayContaining(['invalid_credentials', 'title_search_too_many_words', 'no_right', 'import_http_status']));
  });

  it('every code thrown in api/src is in the catalogue', () => {
    const missing = files.flatMap((file) =>
      codesAtErrorSites(file.text)
        .filter((code) => !catalogue.includes(code))
        .map((code) => `${file.path}: ${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('every catalogue code is used somewhere in api/src or in the rules and request schemas the API applies (contracts)', () => {
    const rules = [...sources(RULES), ...sources(SCHEMAS)]
      .filter((path) => !path.endsWith('.test.ts'))
      .map((path) => readFileSync(path, 'utf8'));
    const all = [...files.map((file) => file.text), ...rules].join('\n');
    const unused = catalogue.filter((code) => !all.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });

  it('no error is built with new HttpError outside lib/http-error.ts (httpError() takes a code)', () => {
    const sites = files
      .filter((file) => file.path !== join('lib', 'http-error.ts') && /new HttpError\(/.test(file.text))
      .map((file) => file.path);
    expect(sites).toEqual([]);
  });

  it('fills parameters, and labels a right or a state in the English text', () => {
    expect(apiErrorMessage('no_right', { right: 'import' })).toBe('You do not have the right to manage imports');
    expect(apiErrorMessage('submit_not_draft', { state: 1 })).toBe('Only a draft can be submitted; this article is Published (1)');
    expect(apiErrorMessage('approve_state_mismatch', { state: 4, state_to: 1, state_wanted: 0 })).toBe(
      'Approving an article that is Awaiting approval (4) makes it Published (1), not Unpublished (0)',
    );
    expect(apiErrorMessage('title_search_too_many_words', { max: 5 })).toBe('The title search is limited to 5 words');
  });
});
