/** My account's words both sides use. */

/** The interface languages a user may keep on the server (applied at sign-in on any device). */
export const INTERFACE_LANGUAGES = ['en', 'de'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** The longest name of a passkey (My account). */
export const PASSKEY_NAME_MAX_LENGTH = 100;
