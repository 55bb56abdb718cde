import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';

/** `id:base64seed[,id:base64seed...]`: 32-byte Ed25519 seeds, each under a key id. */
export const SIGNING_KEY_RING_PATTERN =
  /^[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/=_-]{43,44}(,[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/=_-]{43,44})*$/;

/** A public key as a JSON Web Key (RFC 8037, OKP / Ed25519). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Parses the provenance signing keys (`PROVENANCE_SIGNING_KEYS`): the first signs, every key verifies, so a
 * rotation puts the new key first and keeps the old ones for the attestations they signed. An error names
 * the variable and the entry's position, never the key material.
 */
export function parseSigningKeys(value: string, variable = 'PROVENANCE_SIGNING_KEYS'): SigningKey[] {
  const entries = value.split(',').map((e) => e.trim());
  const keys = entries.map((entry, i): SigningKey => {
    const colon = entry.indexOf(':');
    const keyId = entry.slice(0, colon);
    const seed = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 1 || seed.length !== 32)
      throw new Error(`${variable}: entry ${i + 1} must be id:base64 of a 32-byte Ed25519 seed`);
    const privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    seed.fill(0);
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string };
    return {
      keyId,
      privateKey,
      publicJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: keyId, use: 'sig', alg: 'EdDSA' },
    };
  });
  const ids = new Set(keys.map((k) => k.keyId));
  if (ids.size !== keys.length) throw new Error(`${variable}: key ids must be unique`);
  return keys;
}

/** A fresh `id:base64seed` entry (embedded mode writes one into DATA_DIR; `npm run env:generate` too). */
export function generateSigningKeyEntry(keyId: string): string {
  return `${keyId}:${randomBytes(32).toString('base64')}`;
}
