/**
 * A software passkey authenticator for the API tests: a P-256 key pair made here, answers built as
 * the WebAuthn spec lays them out (authenticator data, a "none" attestation in CBOR, an ECDSA
 * signature over authenticator data + SHA-256 of the client data), so the server's real verification
 * runs on them. The browser ceremony itself is the e2e test's (Chromium's virtual authenticator).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Ceremony {
  origin: string;
  rpID: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  counter = 0;
  userHandle: string | undefined;

  constructor(private readonly rp: Ceremony) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
    ]);
    this.coseKey = isoCBOR.encode(key);
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authenticatorData(flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rp.rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.rp.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (what startRegistration gives the page). */
  register(options: { challenge: string; user?: { id: string } }, change: { origin?: string; userVerified?: boolean } = {}) {
    this.userHandle = options.user?.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey]);
    const authData = this.authenticatorData(FLAG_UP | (change.userVerified === false ? 0 : FLAG_UV) | FLAG_AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, change.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to authentication options (what startAuthentication gives the page); the counter moves on by `step`. */
  authenticate(options: { challenge: string }, change: { origin?: string; userVerified?: boolean; step?: number } = {}) {
    this.counter += change.step ?? 1;
    const authData = this.authenticatorData(FLAG_UP | (change.userVerified === false ? 0 : FLAG_UV));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, change.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
