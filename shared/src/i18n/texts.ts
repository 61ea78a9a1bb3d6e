/** A namespace's texts: nested objects of strings. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** The same keys as T, every leaf a string (a translation of T). */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
