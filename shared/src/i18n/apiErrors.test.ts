// The error catalogue loads on demand (its own chunk): nothing before the login form waits for it.
import { apiErrorText, i18n, loadApiErrorTexts, recordedErrorText, setLanguage } from './index';
import { API_ERRORS_NAMESPACE, isApiErrorCatalogueLoaded, isApiErrorCode } from './apiErrors';

afterEach(async () => {
  await setLanguage('en');
});

describe('the API error catalogue, loaded on demand', () => {
  it('is not loaded with i18n; a recorded code shows its English text meanwhile and starts the load', async () => {
    expect(isApiErrorCatalogueLoaded()).toBe(false);
    expect(i18n.hasResourceBundle('en', API_ERRORS_NAMESPACE)).toBe(false);
    expect(isApiErrorCode('unauthorized')).toBe(false);
    expect(
      recordedErrorText({ error: 'The feed server answered HTTP 500', error_code: 'import_http_status', error_params: { status: 500 } }),
    ).toBe('The feed server answered HTTP 500');
    await loadApiErrorTexts();
    expect(isApiErrorCatalogueLoaded()).toBe(true);
  });

  it('once loaded, translates codes in English and German with their labelled parameters', async () => {
    await loadApiErrorTexts();
    expect(isApiErrorCode('unauthorized')).toBe(true);
    expect(isApiErrorCode('$comment')).toBe(false);
    expect(apiErrorText({ error: 'unauthorized' })).toBe('Please sign in');
    await setLanguage('de');
    expect(apiErrorText({ error: 'no_right', params: { right: 'import' } })).toBe('Sie haben nicht das Recht, Importe zu verwalten');
    expect(recordedErrorText({ error: 'x', error_code: 'import_http_status', error_params: { status: 500 } })).toBe(
      'Der Feed-Server antwortete mit HTTP 500',
    );
  });

  it("a time in the parameters reads as a local date and time in the user's language, never as UTC text", async () => {
    await loadApiErrorTexts();
    await setLanguage('en');
    const at = '2026-11-24T08:05:00.000Z';
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
    const text = apiErrorText({ error: 'article_changed', params: { name: 'Erin Editor', at } });
    expect(text).toContain(`changed by Erin Editor at ${local} after you opened it`);
    expect(text).not.toMatch(/UTC|2026-11-24T/);
    await setLanguage('de');
    const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
    expect(apiErrorText({ error: 'article_changed_by_someone', params: { at } })).toContain(german);
    await setLanguage('en');
  });

  it('adds its namespace once however often it is asked for', async () => {
    const added = jest.fn();
    i18n.store.on('added', added);
    await Promise.all([loadApiErrorTexts(), loadApiErrorTexts()]);
    expect(added).not.toHaveBeenCalled();
    i18n.store.off('added', added);
  });
});
