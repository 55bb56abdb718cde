import { loadRegistryConfig } from './registry.env';

describe('loadRegistryConfig', () => {
  it('defaults to a sandbox on its default port', () => {
    expect(loadRegistryConfig({})).toEqual({ url: 'http://127.0.0.1:3001/registry', timeoutMs: 15_000 });
  });

  it('reads REGISTRY_URL and the timeout', () => {
    expect(
      loadRegistryConfig({ REGISTRY_URL: 'https://registry.example.org', REGISTRY_TIMEOUT_MS: '2000' }),
    ).toEqual({
      url: 'https://registry.example.org',
      timeoutMs: 2000,
    });
  });

  it('refuses a registry URL that is not a URL', () => {
    expect(() => loadRegistryConfig({ REGISTRY_URL: 'registry' })).toThrow(/REGISTRY_URL/);
  });
});
