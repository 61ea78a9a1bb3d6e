import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Replaces the value of the `auth` query parameter (a session token) in a URL for logging. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]auth=)[^&#]*/gi, '$1[redacted]');
}
