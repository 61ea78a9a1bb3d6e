import { act, render } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { addTranslations, detectLanguage, i18n, LANGUAGE_STORAGE_KEY, setLanguage, SHARED_NAMESPACE } from './index';
import { sharedDe, sharedEn } from './resources';

type I18nModule = typeof import('./index');

function freshModule(): I18nModule {
  let mod!: I18nModule;
  jest.isolateModules(() => {
    mod = jest.requireActual<I18nModule>('./index');
  });
  return mod;
}

function mockBrowserLanguage(language: string) {
  return jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

beforeEach(async () => {
  window.localStorage.clear();
  await setLanguage('en');
  window.localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

describe('start-up language', () => {
  it('is English by default', () => {
    mockBrowserLanguage('en-US');
    const mod = freshModule();
    expect(mod.i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is the remembered language', () => {
    mockBrowserLanguage('en-US');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    const mod = freshModule();
    expect(mod.i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it("else the browser language's prefix", () => {
    mockBrowserLanguage('de-AT');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(freshModule().i18n.language).toBe('de');
  });

  it('else English for an unsupported browser language', () => {
    mockBrowserLanguage('fr-FR');
    expect(freshModule().i18n.language).toBe('en');
    expect(detectLanguage()).toBe('en');
  });

  it('falls back to en', () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.isInitialized).toBe(true);
  });
});

describe('setLanguage', () => {
  it('switches, remembers and sets <html lang>', async () => {
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(detectLanguage()).toBe('de');
    await setLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to English for an unsupported value', async () => {
    await setLanguage('de');
    await setLanguage('fr' as never);
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe('texts of shared', () => {
  it('are word-for-word the spec texts in English', () => {
    const t = i18n.getFixedT('en', SHARED_NAMESPACE);
    expect(t('errors.serverError')).toBe('Server error');
    expect(t('errors.internalServerError')).toBe('Internal server error');
    expect(t('errors.envelopeError')).toBe('Internal server Error');
    expect(t('errors.networkError')).toBe('Network error');
  });

  it('all have a German text', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
    const en = keys(sharedEn);
    expect(keys(sharedDe).sort()).toEqual([...en].sort());
    const de = i18n.getFixedT('de', SHARED_NAMESPACE);
    const english = i18n.getFixedT('en', SHARED_NAMESPACE);
    // The time of day reads alike in both languages (24-hour clock).
    const alike = new Set(['fields.formats.time', 'fields.formats.timePlaceholder']);
    for (const key of en) {
      expect(i18n.exists(key, { lng: 'de', ns: SHARED_NAMESPACE, fallbackLng: false })).toBe(true);
      if (!alike.has(key)) expect(de(key)).not.toBe(english(key));
      expect(de(key)).toMatch(/\S/);
    }
  });
});

describe('addTranslations', () => {
  it('adds a namespace in both languages', async () => {
    addTranslations('articles', { en: { title: 'Articles', nested: { a: 'A' } }, de: { title: 'Artikel', nested: { a: 'Ä' } } });
    expect(i18n.t('title', { ns: 'articles' })).toBe('Articles');
    await setLanguage('de');
    expect(i18n.t('title', { ns: 'articles' })).toBe('Artikel');
    expect(i18n.t('nested.a', { ns: 'articles' })).toBe('Ä');
  });

  it('merges deep and overwrites keys given again', () => {
    addTranslations('importers', {
      en: { list: { title: 'Imports', empty: 'No records found' } },
      de: { list: { title: 'Importe', empty: 'Keine Einträge gefunden' } },
    });
    addTranslations('importers', {
      en: { list: { title: 'Scheduled imports' }, run: 'Run All' },
      de: { list: { title: 'Geplante Importe' }, run: 'Alle ausführen' },
    });
    const t = i18n.getFixedT('en', 'importers');
    expect(t('list.title')).toBe('Scheduled imports');
    expect(t('list.empty')).toBe('No records found');
    expect(t('run')).toBe('Run All');
    expect(i18n.getFixedT('de', 'importers')('list.empty')).toBe('Keine Einträge gefunden');
  });

  it("puts a feature's texts under its prefix, next to the namespace's other texts", () => {
    addTranslations('prefixed', { en: { top: 'Top' }, de: { top: 'Oben' } });
    addTranslations('prefixed', { en: { title: 'Presence', n: { a: 'A' } }, de: { title: 'Anwesenheit', n: { a: 'Ä' } } }, 'presence');
    expect(i18n.getFixedT('en', 'prefixed')('presence.title')).toBe('Presence');
    expect(i18n.getFixedT('de', 'prefixed')('presence.n.a')).toBe('Ä');
    expect(i18n.getFixedT('de', 'prefixed')('top')).toBe('Oben');
  });

  it('leaves the other namespaces alone', () => {
    addTranslations('categories', { en: { serverError: 'x' }, de: { serverError: 'y' } });
    expect(i18n.t('errors.serverError', { ns: SHARED_NAMESPACE })).toBe('Server error');
  });

  it('react-i18next components use this instance and follow language changes', async () => {
    addTranslations('demo', { en: { hello: 'Hello {{name}}' }, de: { hello: 'Hallo {{name}}' } });
    function Greeting() {
      const { t } = useTranslation('demo');
      return <p>{t('hello', { name: '<Ann>' })}</p>;
    }
    const view = render(<Greeting />);
    expect(view.container.textContent).toBe('Hello <Ann>');
    await act(() => setLanguage('de'));
    expect(view.container.textContent).toBe('Hallo <Ann>');
  });
});
