// The API error catalogue's texts (contracts/errors): a chunk of its own that apiErrors.ts loads when
// the first coded error needs translating, so /login does not run ~9 KB gzip of it before its form.
import API_ERROR_LABELS from 'contracts/errors/api-error-labels.json';
import API_ERRORS from 'contracts/errors/api-errors.json';
import type { TranslationTree } from './texts';

export type LabelTables = Record<string, Record<string, { en: string; de: string }>>;

export interface ApiErrorCatalogue {
  /** Each code's English and German text (without the file's $comment). */
  texts: Record<string, { en: string; de: string }>;
  /** The labels of parameter values (a right, an article state), by table. */
  labels: LabelTables;
}

const { $comment: _texts, ...texts } = API_ERRORS as unknown as Record<string, { en: string; de: string }>;
const { $comment: _labels, ...labels } = API_ERROR_LABELS as unknown as LabelTables;

export const apiErrorCatalogue: ApiErrorCatalogue = { texts, labels };

/** The catalogue as i18next resources, one tree per language. */
export function apiErrorResources(): { en: TranslationTree; de: TranslationTree } {
  const en: TranslationTree = {};
  const de: TranslationTree = {};
  for (const [code, text] of Object.entries(texts)) {
    en[code] = text.en;
    de[code] = text.de;
  }
  return { en, de };
}
