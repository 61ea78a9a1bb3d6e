import type { AddPasskeyBody } from 'contracts/schemas/passkeys';
import { addPasskey, passkeyOptions } from '../api/accountApi';

/** The browser did not make a passkey (cancelled, timed out, not possible on this device). */
export class PasskeyCeremonyError extends Error {
  override name = 'PasskeyCeremonyError';
}

/**
 * Adds a passkey: options from the API, the browser's ceremony (@simplewebauthn/browser, loaded on
 * first use), the answer back to the API. A ceremony the browser
 * refuses rejects with PasskeyCeremonyError.
 */
export async function registerPasskey(name: string) {
  const [{ startRegistration }, { options }] = await Promise.all([import('@simplewebauthn/browser'), passkeyOptions()]);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  }).catch((error: unknown) => {
    throw new PasskeyCeremonyError(error instanceof Error ? error.message : String(error));
  });
  return addPasskey({ name, response: response as unknown as AddPasskeyBody['response'] });
}

/** Whether this browser can make passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
