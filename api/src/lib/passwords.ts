import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt (memory-hard, RFC 7914) with N = 2^cost, r = 8, p = 1, a 16-byte random salt, a 64-byte key.
 * The cost is PASSWORD_HASH_COST (default 14: 16 MiB of memory, 128·N·r bytes, and about 50 ms of one
 * core per hash, off the main thread). A hash made with other parameters is still checked by its own,
 * and replaced by one with the configured ones at the next sign-in (needsRehash), so raising the cost
 * upgrades every account that signs in.
 */
const KEY_LENGTH = 64;
/** log2 N of new hashes unless configured otherwise. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
const paramsFor = (cost: number) => ({ N: 2 ** cost, r: 8, p: 1 });

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with scrypt and a random salt: `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const params = paramsFor(cost);
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash (timing-safe). A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const params = { N, r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, {
    ...params,
    maxmem: 256 * params.N * params.r + 16 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than the configured ones (re-hash it at the next sign-in). */
export function needsRehash(stored: string, cost = DEFAULT_PASSWORD_HASH_COST): boolean {
  const PARAMS = paramsFor(cost);
  const parts = stored.split('$');
  return (
    parts.length !== 6 ||
    parts[0] !== 'scrypt' ||
    Number(parts[1]) !== PARAMS.N ||
    Number(parts[2]) !== PARAMS.r ||
    Number(parts[3]) !== PARAMS.p ||
    Buffer.from(parts[5] as string, 'base64url').length !== KEY_LENGTH
  );
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as a real check at the configured cost, for unknown users and users without
 * a password, so response times don't tell which usernames exist. Always false.
 */
export async function verifyAgainstDummy(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
