import { loadEnv } from '@pc/platform';
import { GatewayEnv } from './gateway.env';

describe('GatewayEnv', () => {
  it('reads TRUST_PROXY strictly: false stays false', () => {
    expect(loadEnv(GatewayEnv, { TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv(GatewayEnv, { TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv(GatewayEnv, {}).TRUST_PROXY).toBe(false);
  });

  it('refuses TRUST_PROXY=yes at start, naming the variable', () => {
    expect(() => loadEnv(GatewayEnv, { TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY must be true, false, 1 or 0/,
    );
  });
});
