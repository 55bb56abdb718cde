import { loadOutboundConfig } from './outbound.env';
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

  it('loads an empty allowlist by default', () => {
    expect(loadOutboundConfig({})).toEqual({ allowlist: [], timeoutMs: 10_000 });
  });

  it('refuses a malformed timeout', () => {
    expect(() => loadOutboundConfig({ OUTBOUND_TIMEOUT_MS: 'soon' })).toThrow(/OUTBOUND_TIMEOUT_MS/);
  });
});
