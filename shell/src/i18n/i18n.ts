// Every text the shell shows, in locales/. English: the spec's texts word for word (back-office.md
// sections 2 and 8). `access.denied`: a screen's loader refused the user (requireRight), one text by
// the right that is missing.
import { addTranslations } from 'shared';
import de from './locales/de.json';
import en from './locales/en.json';

/** Every text the shell shows lives in this i18next namespace. */
export const SHELL_NS = 'shell';

export { en as shellEn, de as shellDe };

let registered = false;

/** Adds the shell's texts to the shared i18next instance (idempotent). */
export function registerShellTranslations(): void {
  if (registered) return;
  registered = true;
  addTranslations(SHELL_NS, { en, de });
}
