import { generateKeyRingEntry, loadEnv } from '@pc/platform';
import { IdentityEnv } from './identity.env';

/** Identity refuses to start without the webhook secrets' key ring. */
const KEYS = { WEBHOOKS_ENCRYPTION_KEYS: generateKeyRingEntry('w1') };

describe('IdentityEnv', () => {
  it('reads BOOTSTRAP_ADMIN_PROMOTE_EXISTING strictly: false stays false', () => {
    expect(
      loadEnv(IdentityEnv, { ...KEYS, BOOTSTRAP_ADMIN_PROMOTE_EXISTING: 'false' })
        .BOOTSTRAP_ADMIN_PROMOTE_EXISTING,
    ).toBe(false);
    expect(
      loadEnv(IdentityEnv, { ...KEYS, BOOTSTRAP_ADMIN_PROMOTE_EXISTING: '1' })
        .BOOTSTRAP_ADMIN_PROMOTE_EXISTING,
    ).toBe(true);
  });

  it('refuses BOOTSTRAP_ADMIN_PROMOTE_EXISTING=no at start, naming the variable', () => {
    expect(() => loadEnv(IdentityEnv, { ...KEYS, BOOTSTRAP_ADMIN_PROMOTE_EXISTING: 'no' })).toThrow(
      /BOOTSTRAP_ADMIN_PROMOTE_EXISTING must be true, false, 1 or 0/,
    );
  });
});
