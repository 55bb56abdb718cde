import { HttpGatewayPlatform } from './gateway-platform.client';
import { PlatformError } from './gateway-platform.errors';
import type { PlatformConnection } from './gateway-platform.types';

const platform = HttpGatewayPlatform.fromEnv({
  PLATFORM_US_URL: 'https://us.platform.example.org/',
  PLATFORM_EU_URL: 'https://eu.platform.example.org',
  OUTBOUND_ALLOWLIST: '127.0.0.1:3001',
});

const connection = (host: PlatformConnection['host'], customDomain?: string): PlatformConnection => ({
  host,
  customDomain,
  clientId: 'id',
  clientSecret: 'secret',
});

function failure(c: PlatformConnection): PlatformError {
  try {
    platform.baseUrl(c);
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('platform base URL by connection host', () => {
  it('uses the configured URLs for us and eu', () => {
    expect(platform.baseUrl(connection('us'))).toBe('https://us.platform.example.org');
    expect(platform.baseUrl(connection('eu'))).toBe('https://eu.platform.example.org');
  });

  it('uses https on the custom domain, or the https URL it is given; plain http only for an allowlisted host', () => {
    expect(platform.baseUrl(connection('custom', 'platform.corp.example'))).toBe(
      'https://platform.corp.example',
    );
    expect(platform.baseUrl(connection('custom', 'platform.corp.example:8443'))).toBe(
      'https://platform.corp.example:8443',
    );
    expect(platform.baseUrl(connection('custom', 'http://127.0.0.1:3001/platform/'))).toBe(
      'http://127.0.0.1:3001/platform',
    );
  });

  it('refuses a custom connection without a usable domain', () => {
    expect(failure(connection('custom')).kind).toBe('invalid_url');
    expect(failure(connection('custom', 'ftp://platform.corp.example')).kind).toBe('invalid_url');
    expect(failure(connection('custom', 'https://u:p@platform.corp.example')).kind).toBe('invalid_url');
  });

  it('refuses a plain http custom domain whose host is not in OUTBOUND_ALLOWLIST', () => {
    for (const domain of [
      'http://platform.corp.example',
      'HTTP://platform.corp.example:8443/p',
      'http://127.0.0.1:3002',
    ])
      expect(failure(connection('custom', domain))).toMatchObject({
        kind: 'invalid_url',
        message: expect.stringMatching(/must use https/),
      });
  });

  it("is built from a service's environment as from the adapter's variables alone", () => {
    const serviceEnv = {
      PORT: 3004,
      CONNECTIONS_ENCRYPTION_KEYS: 'k1:key',
      PLATFORM_US_URL: 'https://us.platform.example.org/',
      PLATFORM_EU_URL: 'https://eu.platform.example.org',
      PLATFORM_TIMEOUT_MS: '5000',
      OUTBOUND_ALLOWLIST: '127.0.0.1:3001',
    };
    const fromService = HttpGatewayPlatform.fromSettings(serviceEnv);
    for (const c of [
      connection('us'),
      connection('eu'),
      connection('custom', 'http://127.0.0.1:3001/platform/'),
    ])
      expect(fromService.baseUrl(c)).toBe(platform.baseUrl(c));
    expect(() => fromService.baseUrl(connection('custom', 'http://platform.corp.example'))).toThrow(
      /must use https/,
    );
  });

  it('defaults us and eu to a sandbox on its default port', () => {
    const defaults = HttpGatewayPlatform.fromEnv({});
    expect(defaults.baseUrl(connection('us'))).toBe('http://127.0.0.1:3001/platform');
    expect(defaults.baseUrl(connection('eu'))).toBe('http://127.0.0.1:3001/platform');
  });
});
