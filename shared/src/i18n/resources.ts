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
  },
} as const;

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const sharedDe: DeepStrings<typeof sharedEn> = {
  errors: {
    serverError: 'Serverfehler',
    internalServerError: 'Interner Serverfehler',
    envelopeError: 'Interner Serverfehler',
    networkError: 'Netzwerkfehler',
  },
};

export type SharedTextKey = `errors.${keyof typeof sharedEn.errors}`;
