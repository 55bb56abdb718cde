import { loadEnv } from '@pc/platform';
import { ConnectionsEnv } from './connections.env';
import { generateKeyRingEntry } from './secrets/secret-box';

describe('the connections environment', () => {
  it('refuses to start without CONNECTIONS_ENCRYPTION_KEYS, naming it', () => {
    expect(() => loadEnv(ConnectionsEnv, {})).toThrow(/CONNECTIONS_ENCRYPTION_KEYS/);
  });

  it('refuses a malformed key list and accepts id:base64key entries', () => {
    expect(() => loadEnv(ConnectionsEnv, { CONNECTIONS_ENCRYPTION_KEYS: 'just-a-password' })).toThrow(
      /CONNECTIONS_ENCRYPTION_KEYS/,
    );
    const keys = `${generateKeyRingEntry('b')},${generateKeyRingEntry('a')}`;
    expect(loadEnv(ConnectionsEnv, { CONNECTIONS_ENCRYPTION_KEYS: keys }).CONNECTIONS_ENCRYPTION_KEYS).toBe(
      keys,
    );
  });
});
