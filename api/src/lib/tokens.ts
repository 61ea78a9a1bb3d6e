import { createHash, randomBytes } from 'node:crypto';
import { unescape } from 'node:querystring';

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Query parameters whose values are secrets (compared by their decoded, lower-cased name). */
const SECRET_PARAMETERS = new Set(['auth', 'authentication', 'authorization', 'token', 'password']);

/**
 * The URL with the value of every secret query parameter (a session token in `auth`, …) replaced by
 * `[redacted]`, for logging. Names are compared as the query parser reads them: percent-decoded
 * (`%61uth`), `+` as space, any case, every occurrence of a repeated key. Malformed escapes
 * are decoded as far as they go (querystring.unescape never throws).
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
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      const name = unescape(rawName.replace(/\+/g, ' ')).trim().toLowerCase();
      return SECRET_PARAMETERS.has(name) && equals >= 0 ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}
