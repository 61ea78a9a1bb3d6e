import * as shared from './index';
import { http } from './http/client';

describe('public API of shared', () => {
  it('exports what docs/ARCHITECTURE.md lists (and a few helpers), nothing test-only', () => {
    expect(Object.keys(shared).sort()).toEqual(
      [
        'API_ERRORS_NAMESPACE',
        'AUTH_HEADER',
        'ApiError',
        'CATEGORY_TREE_MODULE',
        'LANGUAGE_STORAGE_KEY',
        'MissingRightError',
        'RIGHTS',
        'SHARED_NAMESPACE',
        'SUPPORTED_LANGUAGES',
        'TOKEN_STORAGE_KEY',
        'addTranslations',
        'apiDelete',
        'apiErrorText',
        'recordedErrorText',
        'countryName',
        'countryOptions',
        'apiGet',
        'createAuthor',
        'createTag',
        'errorMessage',
        'fetchAuthor',
        'fetchCategoryTree',
        'fetchCountries',
        'fetchStates',
        'searchAuthors',
        'updateAuthor',
        'uploadImage',
        'apiPost',
        'apiRequest',
        'configureShared',
        'connectEventStream',
        'hasRight',
        'http',
        'i18n',
        'isApiError',
        'errorText',
        'isApiErrorCode',
        'loadApiErrorTexts',
        'isCancelledRequest',
        'isMissingRightError',
        'isRight',
        'isSignedIn',
        'lazyCode',
        'lazyScreen',
        'loadRemoteModule',
        'loading',
        'requireRight',
        'RemoteModuleUnavailableError',
        'session',
        'setLanguage',
        'staleVersionCurrent',
        'toFormBody',
        'toast',
        'useLazyCode',
        'useLoading',
        'usePermissions',
        'useRemoteModule',
        'useRight',
        'useSession',
      ].sort(),
    );
  });

  it('has the fixed constants', () => {
    expect(shared.TOKEN_STORAGE_KEY).toBe('newsdesk.auth');
    expect(shared.LANGUAGE_STORAGE_KEY).toBe('newsdesk.lang');
    expect(shared.AUTH_HEADER).toBe('AUTHENTICATION');
  });

  it('has the documented shapes', () => {
    expect(typeof shared.http.request).toBe('function');
    expect(typeof shared.loading.count).toBe('function');
    expect(typeof shared.loading.subscribe).toBe('function');
    for (const fn of ['error', 'info', 'success', 'warning', 'subscribe'] as const) expect(typeof shared.toast[fn]).toBe('function');
    for (const fn of ['getState', 'subscribe', 'login', 'restore', 'logout', 'consumeReturnTo'] as const) {
      expect(typeof shared.session[fn]).toBe('function');
    }
    expect(shared.session.getState().status).toBe('unknown');
    expect(typeof shared.i18n.t).toBe('function');
  });

  it('ApiError carries message, code and status', () => {
    const error = new shared.ApiError('Missing right', 403, 403);
    expect(error).toBeInstanceOf(Error);
    expect(shared.isApiError(error)).toBe(true);
    expect(shared.isApiError(new Error('x'))).toBe(false);
    expect(error).toMatchObject({ name: 'ApiError', message: 'Missing right', code: 403, status: 403 });
  });

  it('configureShared sets the API base URL (default same origin)', () => {
    shared.configureShared({ apiBaseUrl: 'https://api.example.com/' });
    expect(http.defaults.baseURL).toBe('https://api.example.com');
    shared.configureShared();
    expect(http.defaults.baseURL).toBe('');
    expect(shared.http).toBe(http);
  });
});
