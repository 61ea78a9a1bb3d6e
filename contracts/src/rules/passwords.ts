/**
 * What a password must be (NIST SP 800-63B, section 3.1.1.2): at least 12 characters, at least 64
 * allowed (we allow 128), no composition rules (no "one digit, one capital"), and refused when it is
 * in a list of common and breached passwords — the one zxcvbn-ts ships (@zxcvbn-ts/language-common,
 * about 49 000 passwords from breach corpora) —, when it is the user's own name, username or
 * email, or when zxcvbn scores it 0 (repeated or sequential characters, keyboard walks: "aaaaaaaaaaaa",
 * "qwertyuiopas"), the other lists NIST names. The API refuses by this rule; the screens check it as the user types and show zxcvbn's
 * strength score (0-4) as a meter. Length counts characters (code points), not UTF-16 units, and the
 * password is compared after Unicode NFKC normalisation, as it is hashed.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a password is refused (an API error code; the screens translate it the same way). */
export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_common' | 'password_personal' | 'password_guessable';

/** What the user is known by: a password equal to one of these is refused. */
export interface PasswordContext {
  username?: string | null;
  name?: string | null;
  email?: string | null;
}

let common: Set<string> | undefined;

/** The common and breached passwords, lower-cased (built on first use). */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

function normalise(text: string): string {
  return text.normalize('NFKC');
}

/** The password's length in characters (code points) after normalisation. */
export function passwordLength(password: string): number {
  return [...normalise(password)].length;
}

/** The first problem of a password, or null when it may be used. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const lower = normalise(password).toLowerCase();
  if (commonPasswords().has(lower)) return 'password_common';
  const personal = [context.username, context.name, context.email, context.email?.split('@')[0]]
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => normalise(value).trim().toLowerCase());
  if (personal.includes(lower.trim())) return 'password_personal';
  if (passwordStrength(password, context) === 0) return 'password_guessable';
  return null;
}

let estimator: ZxcvbnFactory | undefined;

/** zxcvbn's strength score, 0 (too guessable) to 4 (very unguessable), for the meter. */
export function passwordStrength(password: string, context: PasswordContext = {}): 0 | 1 | 2 | 3 | 4 {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const userInputs = [context.username, context.name, context.email].filter((value): value is string => Boolean(value));
  return estimator.check(normalise(password).slice(0, 256), userInputs).score;
}
