import { attemptTimeoutMs, loadOutboundConfig } from './outbound.env';
import { sandboxAdapterEnv } from './sandbox-adapter-env';

describe('sandboxAdapterEnv', () => {
  it('points every adapter at the sandbox and allowlists only its host:port', () => {
    expect(sandboxAdapterEnv('http://127.0.0.1:4567/')).toEqual({
      SOURCE_HOST_WEB_URL: 'http://127.0.0.1:4567/source-host',
      SOURCE_HOST_API_URL: 'http://127.0.0.1:4567/source-host/api',
      REGISTRY_URL: 'http://127.0.0.1:4567/registry',
      PLATFORM_US_URL: 'http://127.0.0.1:4567/platform',
      PLATFORM_EU_URL: 'http://127.0.0.1:4567/platform',
      OUTBOUND_ALLOWLIST: '127.0.0.1:4567',
    });
  });

  it('loads an empty allowlist and no timeout of its own by default', () => {
    expect(loadOutboundConfig({})).toEqual({ allowlist: [], timeoutMs: undefined });
  });

  it("bounds an adapter's attempts by OUTBOUND_TIMEOUT_MS when it is stricter than the adapter's own", () => {
    expect(attemptTimeoutMs(15_000, {})).toBe(15_000);
    expect(attemptTimeoutMs(15_000, { OUTBOUND_TIMEOUT_MS: '200' })).toBe(200);
    expect(attemptTimeoutMs(500, { OUTBOUND_TIMEOUT_MS: '2000' })).toBe(500);
  });

  it('refuses a malformed timeout', () => {
    expect(() => loadOutboundConfig({ OUTBOUND_TIMEOUT_MS: 'soon' })).toThrow(/OUTBOUND_TIMEOUT_MS/);
  });
});
