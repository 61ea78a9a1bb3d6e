import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (TOTP secrets) are stored sealed with AES-256-GCM, so a copy of
 * the database alone (a dump, a backup, a replica) does not hand out anyone's second factor.
 *
 * The key comes from SECRET_KEY (at least 24 characters; the AES key is derived from it by HKDF-SHA256
 * with a purpose label, so the same SECRET_KEY can serve other purposes later without key reuse).
 * Without SECRET_KEY, a random key is kept in DATA_DIR/secret.key (made at first start, readable by
 * the owner only): enough for one host; processes on several hosts must share one SECRET_KEY.
 *
 * A sealed value reads `v1:<iv>:<tag>:<ciphertext>` (base64url); the user's id is bound in as
 * additional data, so a sealed secret copied onto another user's row does not open.
 */
const PREFIX = 'v1:';
const KEY_FILE = 'secret.key';

export class SecretBoxError extends Error {}

export function deriveSecretKey(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.from('newsdesk'), Buffer.from(purpose), 32));
}

/** The key material: SECRET_KEY, else the key file in `dataDir` (made when missing). */
export function secretKeyMaterial(secretKey: string | undefined, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: of processes starting together, the first writes; the others read what it wrote.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(key: Buffer, plain: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
}

/** The plain text of a sealed value; SecretBoxError when it is not one or the key (or binding) is not the one it was sealed with. */
export function open(key: Buffer, sealed: string, binding: string): string {
  const parts = sealed.startsWith(PREFIX) ? sealed.slice(PREFIX.length).split(':') : [];
  if (parts.length !== 3) throw new SecretBoxError('not a sealed value');
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the sealed value does not open with this key (is SECRET_KEY the one it was sealed with?)');
  }
}

/** The key that seals TOTP secrets. */
export function totpSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  return deriveSecretKey(secretKeyMaterial(secretKey, dataDir), 'totp-secret');
}

/** The additional data a user's TOTP secret is sealed with. */
export function totpBinding(userId: number): string {
  return `totp:${userId}`;
}
