import type { PasskeyCeremony } from 'shared';

/** Whether this browser can use passkeys at all (WebAuthn); the button is not offered otherwise. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The browser's part of a passkey sign-in. @simplewebauthn/browser is loaded on first use only, so
 * /login downloads nothing more until someone chooses a passkey.
 */
export const passkeyCeremony: PasskeyCeremony = async (optionsJSON) => {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
};

/** The browser's part of creating a passkey (an invitation accepted with one); loaded on first use only. */
export async function passkeyRegistration(optionsJSON: unknown) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}
