/**
 * Texts produced by `shared` itself (namespace `shared`), in locales/. English is word for word from
 * the spec (section 8). `errors`: serverError, a login or session call with a non-200 code and no
 * message; internalServerError, a transport error with an empty HTTP status text; envelopeError, a
 * non-200 envelope without a message on the other calls (the spec's spelling 'Internal server Error');
 * networkError, a login or session call with no HTTP response at all; noImageResponse, an image upload
 * answered without an image (sections 5 and 8). `fields`: the editor fields of shared/src/fields.
 */
import type { Texts } from './texts';
import de from './locales/de.json';
import en from './locales/en.json';

export const SHARED_NAMESPACE = 'shared';

export const sharedEn = en;
export const sharedDe: Texts<typeof en> = de;

export type SharedTextKey = `errors.${keyof typeof en.errors}`;
