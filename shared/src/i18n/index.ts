import type { ImportRun } from 'contracts/schemas/importers';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  API_ERRORS_NAMESPACE,
  hasErrorCode,
  isApiErrorCatalogueLoaded,
  isApiErrorCode,
  labelledParams,
  loadApiErrorCatalogue,
  type ApiErrorData,
} from './apiErrors';
import { SHARED_NAMESPACE, sharedDe, sharedEn, type SharedTextKey } from './resources';

/** Where the chosen language is remembered (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'newsdesk.lang';
export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

import type { Texts, TranslationTree } from './texts';

export type { Texts, TranslationTree } from './texts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stored choice, else the browser language's prefix ('de-AT' → 'de'), else English. */
export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language : undefined;
  const prefix = browser?.split('-')[0]?.toLowerCase();
  if (isLanguage(prefix)) return prefix;
  return FALLBACK_LANGUAGE;
}

function setDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** The one i18next instance of the application (shared as a Module Federation singleton). */
export const i18n: I18n = createInstance();

i18n.use(initReactI18next);
i18n.on('languageChanged', setDocumentLanguage);
void i18n.init({
  // The API error codes' namespace comes with its catalogue (loadApiErrorTexts).
  resources: { en: { [SHARED_NAMESPACE]: sharedEn }, de: { [SHARED_NAMESPACE]: sharedDe } },
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: [SHARED_NAMESPACE],
  defaultNS: SHARED_NAMESPACE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
  react: { useSuspense: false },
});
setDocumentLanguage(i18n.language);

/** Switch the language and remember the choice. Unsupported values fall back to English. */
export function setLanguage(lng: Language): Promise<unknown> {
  const next: Language = isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  setDocumentLanguage(next);
  return i18n.changeLanguage(next);
}

/**
 * Add (or extend) a namespace's texts in both languages, under `prefix` when given (a feature's
 * share of the namespace, e.g. 'presence' in 'articles'). The German table must have every English
 * key (the compiler checks it). Deep merge, later calls overwrite earlier keys, so each remote can
 * bring its own namespace whenever it loads.
 */
export function addTranslations<T extends TranslationTree>(ns: string, texts: { en: T; de: NoInfer<Texts<T>> }, prefix?: string): void {
  const resources: Record<Language, TranslationTree> = { en: texts.en, de: texts.de as TranslationTree };
  for (const lng of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(lng, ns, prefix === undefined ? resources[lng] : { [prefix]: resources[lng] }, true, true);
  }
}

/** A text of the `shared` namespace in the current language. */
export function sharedText(key: SharedTextKey): string {
  return i18n.t(key, { ns: SHARED_NAMESPACE });
}

/**
 * Loads the API error catalogue (its own chunk) and adds its texts to i18next: awaited before a
 * coded error is translated (apiErrorTextsFor) and by the screens that show recorded codes.
 */
export function loadApiErrorTexts(): Promise<void> {
  return loadApiErrorCatalogue().then((texts) => {
    if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, API_ERRORS_NAMESPACE)) addTranslations(API_ERRORS_NAMESPACE, texts);
  });
}

/**
 * Resolves once the texts to translate this response body are there: at once for a body without
 * an error code; a catalogue that fails to load leaves the server's own message (never rejects).
 */
export function apiErrorTextsFor(body: unknown): Promise<void> {
  return hasErrorCode(body) ? loadApiErrorTexts().catch(() => undefined) : Promise.resolve();
}

/** The text of an API error code in the current language, its parameters filled in (the catalogue loaded). */
export function apiErrorText(data: ApiErrorData): string {
  return i18n.t(data.error, { ns: API_ERRORS_NAMESPACE, ...labelledParams(data.params ?? {}, i18n.language) });
}

/** An error the API recorded rather than sent (an import run's): its English text, code and parameters. */
export type RecordedError = Partial<Pick<ImportRun, 'error' | 'error_code' | 'error_params'>>;

/**
 * A recorded error in the current language: the text of its code when this client knows the code,
 * else the English text as recorded ('' when there is none). Its screen loads the catalogue first
 * (loadApiErrorTexts); before that the English text, and the catalogue starts loading.
 */
export function recordedErrorText(record: RecordedError): string {
  if (record.error_code && !isApiErrorCatalogueLoaded()) void loadApiErrorTexts().catch(() => undefined);
  if (isApiErrorCode(record.error_code)) return apiErrorText({ error: record.error_code, params: record.error_params ?? {} });
  return record.error ?? '';
}

export { SHARED_NAMESPACE } from './resources';
export { countryName, countryOptions } from './countries';
export { API_ERRORS_NAMESPACE, apiErrorDataOf, isApiErrorCode } from './apiErrors';
export type { ApiErrorCode, ApiErrorData } from './apiErrors';
