import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unescape } from 'node:querystring';

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: its SHA-256, hex. */
/** Whether a secret given by a client equals the configured one, in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Query parameters whose values are secrets (compared by their decoded name, letters only, lower-cased). */
const SECRET_PARAMETERS = new Set(['auth', 'authentication', 'authorization', 'token', 'password']);

/** What a session token looks like (newToken: 43 base64url characters), wherever it is put. */
const TOKEN_SHAPE = /[A-Za-z0-9_-]{43}/;

/** Percent-decoded until it no longer changes (a doubly encoded `%2561` is `a` to someone), `+` as space. */
function decodeFully(text: string): string {
  let current = text.replace(/\+/g, ' ');
  for (let round = 0; round < 4; round += 1) {
    const next = unescape(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The letters of a parameter name: `auth[]`, `auth%00`, ` Auth.` and `%2561uth` all read `auth`. */
function nameLetters(rawName: string): string {
  return decodeFully(rawName)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * The URL with every secret of its query replaced by `[redacted]`, for logging. A value is secret
 * when its parameter's name is one of SECRET_PARAMETERS however it is spelt (percent-encoded once
 * or more, any case, with brackets, NULs or other non-letters around it: parsers read such names
 * differently, a log reader may not), or when the value, or a name without a value, has the shape
 * of a session token whatever it is called. Malformed escapes are decoded as far as they go
 * (querystring.unescape never throws).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  // A '#' is not special here: whatever follows the '?' is what the query parser reads.
  const redacted = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return TOKEN_SHAPE.test(decodeFully(pair)) ? '[redacted]' : pair;
      const rawName = pair.slice(0, equals);
      if (TOKEN_SHAPE.test(decodeFully(rawName))) return '[redacted]';
      const secret = SECRET_PARAMETERS.has(nameLetters(rawName)) || TOKEN_SHAPE.test(decodeFully(pair.slice(equals + 1)));
      return secret ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}
