import { generateKeyRingEntry, parseKeyRing, SecretBox, SecretUnavailableError } from './secret-box';

const ID_A = '0b6f3a52-8d0e-4f0a-9a41-2f1f5e0c7a11';
const ID_B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('SecretBox (AES-256-GCM)', () => {
  const oldEntry = generateKeyRingEntry('old');
  const newEntry = generateKeyRingEntry('new');

  it('opens what it sealed, and the ciphertext does not contain the secret', () => {
    const box = new SecretBox(parseKeyRing(oldEntry));
    const sealed = box.seal(ID_A, 'my-client-secret');
    expect(sealed.keyId).toBe('old');
    expect(sealed.ciphertext.toString('latin1')).not.toContain('my-client-secret');
    expect(box.open(ID_A, sealed)).toBe('my-client-secret');
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    const box = new SecretBox(parseKeyRing(oldEntry));
    expect(box.seal(ID_A, 's3cret').ciphertext.equals(box.seal(ID_A, 's3cret').ciphertext)).toBe(false);
  });

  it('refuses a ciphertext copied to another connection (the id is the associated data)', () => {
    const box = new SecretBox(parseKeyRing(oldEntry));
    const sealed = box.seal(ID_A, 'my-client-secret');
    expect(() => box.open(ID_B, sealed)).toThrow(SecretUnavailableError);
  });

  it('refuses a tampered ciphertext', () => {
    const box = new SecretBox(parseKeyRing(oldEntry));
    const sealed = box.seal(ID_A, 'my-client-secret');
    sealed.ciphertext[sealed.ciphertext.length - 1] ^= 1;
    expect(() => box.open(ID_A, sealed)).toThrow(SecretUnavailableError);
  });

  it('encrypts with the first key and decrypts with any key of the ring', () => {
    const before = new SecretBox(parseKeyRing(oldEntry));
    const sealedOld = before.seal(ID_A, 'rotated');
    const after = new SecretBox(parseKeyRing(`${newEntry},${oldEntry}`));
    expect(after.currentKeyId).toBe('new');
    expect(after.open(ID_A, sealedOld)).toBe('rotated');
    expect(after.seal(ID_A, 'x').keyId).toBe('new');
    const withoutOld = new SecretBox(parseKeyRing(newEntry));
    expect(() => withoutOld.open(ID_A, sealedOld)).toThrow(/No key old/);
  });

  it('refuses malformed key rings, naming the variable and never echoing key material', () => {
    expect(() => parseKeyRing('')).toThrow(/CONNECTIONS_ENCRYPTION_KEYS/);
    expect(() => parseKeyRing('nokeyid')).toThrow(/key id/);
    expect(() => parseKeyRing('k1:c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => parseKeyRing(`${oldEntry},${oldEntry}`)).toThrow(/unique/);
    try {
      parseKeyRing('k1:c2hvcnQ=');
    } catch (error) {
      expect(String(error)).not.toContain('c2hvcnQ=');
    }
  });
});
