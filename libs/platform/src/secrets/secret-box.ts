import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** One `id:base64key` entry of a key ring variable (CONNECTIONS_ENCRYPTION_KEYS, WEBHOOKS_ENCRYPTION_KEYS). */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

export interface SealedSecret {
  keyId: string;
  /** 12-byte IV, 16-byte GCM tag, then the ciphertext. */
  ciphertext: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The variable's value format, for the environment's validator. */
export const KEY_RING_PATTERN =
  /^[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/=_-]{40,}(,[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/=_-]{40,})*$/;

/**
 * Parses `id:base64key[,id:base64key...]`: the first key encrypts, every key decrypts. Each key is 32
 * bytes (AES-256). The error names the variable and the entry, never the key material.
 */
export function parseKeyRing(value: string, variable = 'CONNECTIONS_ENCRYPTION_KEYS'): EncryptionKey[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) throw new Error(`${variable}: at least one id:base64key is required`);
  const keys = entries.map((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    if (!KEY_ID.test(id)) throw new Error(`${variable}: entry ${index + 1} has no valid key id before ':'`);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (key.length !== 32)
      throw new Error(`${variable}: key ${id} must be 32 bytes of base64 (npm run env:generate writes one)`);
    return { id, key };
  });
  const ids = new Set(keys.map((k) => k.id));
  if (ids.size !== keys.length) throw new Error(`${variable}: key ids must be unique`);
  return keys;
}

/** A new key ring entry (`id:base64key`), e.g. for embedded mode's key file. */
export function generateKeyRingEntry(
  id = `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`,
): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/**
 * AES-256-GCM for secrets a service must read back (connections' client secrets, webhooks' signing
 * secrets). The owning row's id is the associated data, so a ciphertext copied to another row does not
 * decrypt; the key id is stored beside the ciphertext, so old rows still decrypt after a new key is put
 * first (rotation: put the new key first, re-encrypt, then drop the old one).
 */
export class SecretBox {
  private readonly byId: Map<string, Buffer>;

  constructor(
    private readonly keys: EncryptionKey[],
    /** The variable the keys came from, named when a key is missing. */
    private readonly variable = 'CONNECTIONS_ENCRYPTION_KEYS',
  ) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The key new secrets are sealed with. */
  get currentKeyId(): string {
    return this.keys[0].id;
  }

  seal(rowId: string, plaintext: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0].key, iv);
    cipher.setAAD(Buffer.from(rowId, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.keys[0].id, ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  /** Throws `SecretUnavailableError` when the key is unknown or the ciphertext is not this row's. */
  open(rowId: string, sealed: SealedSecret): string {
    const key = this.byId.get(sealed.keyId);
    if (!key) throw new SecretUnavailableError(`No key ${sealed.keyId} in ${this.variable}`);
    if (sealed.ciphertext.length < IV_BYTES + TAG_BYTES) throw new SecretUnavailableError('Truncated secret');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.ciphertext.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(rowId, 'utf8'));
      decipher.setAuthTag(sealed.ciphertext.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.ciphertext.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretUnavailableError('The stored secret does not decrypt for this row');
    }
  }
}

export class SecretUnavailableError extends Error {
  override readonly name = 'SecretUnavailableError';
}
