import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from './tokens';

/**
 * TOTP by RFC 6238 with what every authenticator app reads: SHA-1, 6 digits, 30-second steps, a
 * 160-bit secret. A code is accepted one step either side of now (clocks drift), and only for a step
 * later than the last one accepted, so a code works once.
 */
const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'Newsdesk';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
}

/**
 * The otpauth:// URI an authenticator app enrols from, and the same as a QR code: an SVG data URL
 * (sharp at any size, a quarter of a PNG's cost to make).
 */
export async function totpEnrolment(secret: string, label: string): Promise<{ uri: string; qr: string }> {
  const uri = totpOf(secret, label).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a code belongs to when it is valid now and later than `lastStep`; else null. */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a secret at a time (tests compute what an authenticator app shows). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** 10 random recovery codes, `xxxxx-xxxxx` (about 50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without the dash or spaces), hashed as stored. */
export function recoveryCodeHash(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]+/g, '');
  return hashToken(`recovery:${plain.slice(0, 5)}-${plain.slice(5)}`);
}

/** Whether what was typed looks like a recovery code (else it is taken for a TOTP code). */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.replace(/\s+/g, ''));
}
