import { createHash, randomBytes } from 'node:crypto';

/**
 * Personal access tokens: a fixed service prefix, 256 bits of randomness in base62, and a CRC32
 * checksum, so that secret scanners and the gateway can reject a mistyped or made-up token without a
 * database look-up. Only the SHA-256 of the whole token is stored.
 */
export const TOKEN_PREFIX = 'pcat_';
const RANDOM_LENGTH = 43; // 43 base62 characters carry 256 bits.
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

export function generateAccessToken(): string {
  const random = toBase62(randomBytes(32), RANDOM_LENGTH);
  return `${TOKEN_PREFIX}${random}${checksum(random)}`;
}

/** True when the token has the right shape and its checksum matches. */
export function isWellFormedAccessToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + RANDOM_LENGTH);
  return token.slice(TOKEN_PREFIX.length + RANDOM_LENGTH) === checksum(body);
}

/** The short identifying prefix kept for display (`token_prefix`). */
export function displayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 8);
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function checksum(body: string): string {
  return toBase62(uint32Bytes(crc32(Buffer.from(body, 'utf8'))), CHECKSUM_LENGTH);
}

function toBase62(bytes: Buffer, length: number): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(length, '0').slice(-length);
}

function uint32Bytes(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
