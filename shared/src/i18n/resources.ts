/**
 * Texts produced by `shared` itself (namespace `shared`).
 * English is word-for-word from the spec (section 8); every key has a German text.
 */
export const SHARED_NAMESPACE = 'shared';

export const sharedEn = {
  errors: {
    /** Login or session call with a non-200 code and no message (spec section 8). */
    serverError: 'Server error',
    /** Transport error with an empty HTTP status text (spec section 8). */
    internalServerError: 'Internal server error',
    /** Non-200 envelope without a message on the other calls (spec section 8, spelling kept). */
    envelopeError: 'Internal server Error',
    /** Login or session call that got no HTTP response at all (no status text to show). */
    networkError: 'Network error',
    /** An image upload answered without an uploaded image (spec sections 5 and 8). */
    noImageResponse: 'No image response',
  },
  /** The editor fields of shared/src/fields (the article editor and the importer form). */
  fields: {
    tags: 'Tags',
    tagPlaceholder: 'New tag (Enter)',
    addTag: 'Add tag',
    removeTag: 'Remove tag {{title}}',
    authors: 'Authors',
    authorSearch: 'Find an author (3 characters or more)',
    createAuthor: 'Create author',
    removeAuthor: 'Remove author {{name}}',
    pickerLoadFailed: 'The category picker could not be loaded: {{message}}',
    pickerRetry: 'Retry',
    pickerLoading: 'Loading categories…',
  },
} as const;

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const sharedDe: DeepStrings<typeof sharedEn> = {
  errors: {
    serverError: 'Serverfehler',
    internalServerError: 'Interner Serverfehler',
    envelopeError: 'Interner Serverfehler',
    networkError: 'Netzwerkfehler',
    noImageResponse: 'Keine Bildantwort',
  },
  fields: {
    tags: 'Schlagwörter',
    tagPlaceholder: 'Neues Schlagwort (Enter)',
    addTag: 'Schlagwort hinzufügen',
    removeTag: 'Schlagwort {{title}} entfernen',
    authors: 'Autoren',
    authorSearch: 'Autor suchen (ab 3 Zeichen)',
    createAuthor: 'Autor anlegen',
    removeAuthor: 'Autor {{name}} entfernen',
    pickerLoadFailed: 'Die Kategorieauswahl konnte nicht geladen werden: {{message}}',
    pickerRetry: 'Erneut versuchen',
    pickerLoading: 'Kategorien werden geladen …',
  },
};

export type SharedTextKey = `errors.${keyof typeof sharedEn.errors}`;
