import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';

/**
 * The WebAuthn relying party: the product's public origin (PUBLIC_URL) and its host name as the RP ID.
 * Without PUBLIC_URL: http://localhost:PORT (browsers take passkeys on localhost without TLS, never on
 * an IP address such as 127.0.0.1). A passkey is bound to the RP ID: changing the host name later
 * makes the passkeys made before unusable.
 */
export function relyingParty(config: AppConfig): { origin: string; rpID: string; rpName: string } {
  const origin = config.publicUrl ? new URL(config.publicUrl).origin : `http://localhost:${config.port}`;
  return { origin, rpID: new URL(origin).hostname, rpName: 'Newsdesk' };
}

/** A new WebAuthn user handle: 32 random bytes, base64url (no name or id of the person in it). */
export function newUserHandle(): string {
  return randomBytes(32).toString('base64url');
}

/** The challenge a browser's answer signed (from its clientDataJSON), or undefined when unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
