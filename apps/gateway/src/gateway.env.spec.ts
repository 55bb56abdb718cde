import { loadEnv } from '@pc/platform';
import { GatewayEnv } from './gateway.env';
import { parseTrustProxy } from './http/trust-proxy';

describe('GatewayEnv', () => {
  it('reads TRUST_PROXY as Fastify trustProxy forms: false, a hop count, or proxy addresses', () => {
    const trust = (value?: string) =>
      parseTrustProxy(loadEnv(GatewayEnv, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY);
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
  });

  it('refuses TRUST_PROXY=true (any client could write its own address) and anything else, naming it', () => {
    for (const value of ['true', 'yes', '10.0.0.1,nonsense', '10.0.0.0/33']) {
      expect(() => loadEnv(GatewayEnv, { TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
