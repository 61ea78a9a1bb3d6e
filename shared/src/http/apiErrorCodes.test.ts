import API_ERRORS from 'contracts/errors/api-errors.json';
import { ApiError, staleVersionCurrent } from './ApiError';
import { apiGet, apiPost } from './api';
import { setLanguage } from '../i18n';
import { setupStub, type StubServer } from '../test/stubServer';

let server: StubServer;

beforeEach(() => {
  server = setupStub();
});

afterEach(async () => {
  await setLanguage('en');
});

function coded(status: number, message: string, data: Record<string, unknown>) {
  return () => ({ status, data: { code: status, data, message } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API errors are translated by their machine code', () => {
  it('shows the German text of a code with its parameters filled in, and keeps code, field and params', async () => {
    await setLanguage('de');
    server.on(
      'get',
      '/api/x',
      coded(400, 'limit must be 100 or less', { error: 'field_maximum', field: 'limit', params: { field: 'limit', limit: 100 } }),
    );
    const error = await failure(apiGet('/api/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('limit darf höchstens 100 sein');
    expect(error.error).toBe('field_maximum');
    expect(error.field).toBe('limit');
    expect(error.params).toEqual({ field: 'limit', limit: 100 });
  });

  it('shows the English text of the code in English', async () => {
    server.on('get', '/api/x', coded(401, 'whatever the server said', { error: 'unauthorized' }));
    expect((await failure(apiGet('/api/x'))).message).toBe('Please sign in');
  });

  it("names a right and an article state in the user's language (api-error-labels.json)", async () => {
    await setLanguage('de');
    server.on(
      'get',
      '/api/x',
      coded(403, 'You do not have the right to manage imports', { error: 'no_right', params: { right: 'import' } }),
    );
    expect((await failure(apiGet('/api/x'))).message).toBe('Sie haben nicht das Recht, Importe zu verwalten');
    server.on('get', '/api/y', coded(409, 'Only a draft…', { error: 'submit_not_draft', params: { state: 1 } }));
    expect((await failure(apiGet('/api/y'))).message).toBe(
      'Nur ein Entwurf kann eingereicht werden; dieser Artikel ist Veröffentlicht (1)',
    );
    await setLanguage('en');
    server.on('get', '/api/z', coded(403, 'x', { error: 'no_right', params: { right: 'import' } }));
    expect((await failure(apiGet('/api/z'))).message).toBe('You do not have the right to manage imports');
  });

  it("falls back to the server's message when the code is unknown to this client (a newer API)", async () => {
    server.on('get', '/api/x', coded(400, 'A message from a newer API', { error: 'not_in_this_catalogue' }));
    const error = await failure(apiGet('/api/x'));
    expect(error.message).toBe('A message from a newer API');
    expect(error.error).toBeUndefined();
  });
});

describe('a stale save (409 *_stale_version)', () => {
  it('gives the current record sent in data.current, translated message included', async () => {
    await setLanguage('de');
    const current = { id: 7, title: 'Theirs', version: 4 };
    server.on('post', '/api/y', coded(409, 'This category was changed …', { error: 'category_stale_version', field: 'version', current }));
    const error = await failure(apiPost('/api/y', { version: 3 }));
    expect(error.message).toBe('Diese Kategorie wurde nach dem Öffnen von jemand anderem geändert');
    expect(staleVersionCurrent(error)).toEqual(current);
  });

  it('is null for any other error', async () => {
    server.on('post', '/api/y', coded(409, 'The alias is already used', { error: 'conflict' }));
    expect(staleVersionCurrent(await failure(apiPost('/api/y', {})))).toBeNull();
    expect(staleVersionCurrent(new Error('x'))).toBeNull();
  });
});

describe('the error catalogue', () => {
  const entries = Object.entries(API_ERRORS).filter(([code]) => code !== '$comment') as [string, { en: string; de: string }][];

  it.each(entries)('%s has an English and a German text with the same parameters', (_code, texts) => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
    expect(texts.en.trim()).not.toBe('');
    expect(texts.de.trim()).not.toBe('');
    expect(names(texts.de)).toEqual(names(texts.en));
  });

  it('uses snake_case codes', () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('defines each code once (JSON.parse would silently keep only the last of two)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const text: string = require('fs').readFileSync(require.resolve('contracts/errors/api-errors.json'), 'utf8');
    const codes = [...text.matchAll(/^ {2}"(\w+)":/gm)].map((match) => match[1]);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
    expect(codes.length).toBe(entries.length); // every code is found by the scan
  });
});
