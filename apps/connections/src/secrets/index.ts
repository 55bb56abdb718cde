export { SecretsModule } from './secrets.module';
export { generateKeyRingEntry, parseKeyRing, SecretBox } from './secret-box';
export { reencryptSecrets, type ReencryptProgress } from './reencrypt';
export { type SealedCredentials, StoredCredentials } from './stored-credentials';
