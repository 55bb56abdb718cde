// The key ring and AES-256-GCM box are shared with identity's webhook secrets: one copy, in @pc/platform.
export {
  type EncryptionKey,
  generateKeyRingEntry,
  KEY_RING_PATTERN,
  parseKeyRing,
  type SealedSecret,
  SecretBox,
  SecretUnavailableError,
} from '@pc/platform';
