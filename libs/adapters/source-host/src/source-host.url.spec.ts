import { SourceHostError } from './source-host.errors';
import { loadSourceHostConfig } from './source-host.env';
import { parseRepositoryUrl } from './source-host.url';

const WEB = 'https://code.example.org';

function failure(url: string, base = WEB): SourceHostError {
  try {
    parseRepositoryUrl(url, base);
  } catch (error) {
    if (error instanceof SourceHostError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('parseRepositoryUrl', () => {
  it('parses <base>/<owner>/<repo>', () => {
    expect(parseRepositoryUrl('https://code.example.org/acme/rate-limit', WEB)).toEqual({
      owner: 'acme',
      name: 'rate-limit',
      webUrl: 'https://code.example.org/acme/rate-limit',
      cloneUrl: 'https://code.example.org/acme/rate-limit.git',
    });
  });

  it('drops the .git suffix and a trailing slash', () => {
    expect(parseRepositoryUrl('https://code.example.org/acme/rate-limit.git', WEB)).toMatchObject({
      name: 'rate-limit',
    });
    expect(parseRepositoryUrl('https://code.example.org/acme/rate-limit/', WEB)).toMatchObject({
      name: 'rate-limit',
    });
  });

  it('reads the ref and folder of a /tree/<ref>/<path> URL', () => {
    expect(
      parseRepositoryUrl('https://code.example.org/acme/policies/tree/v1.2.0/policies/cors', WEB),
    ).toMatchObject({
      owner: 'acme',
      name: 'policies',
      ref: 'v1.2.0',
      path: 'policies/cors',
    });
    expect(parseRepositoryUrl('https://code.example.org/acme/policies/tree/main', WEB)).toMatchObject({
      ref: 'main',
    });
  });

  it('accepts repositories under a base with a path prefix (the sandbox)', () => {
    expect(
      parseRepositoryUrl(
        'http://127.0.0.1:3001/source-host/acme/x.git',
        'http://127.0.0.1:3001/source-host/',
      ),
    ).toMatchObject({ owner: 'acme', name: 'x', cloneUrl: 'http://127.0.0.1:3001/source-host/acme/x.git' });
  });

  it('refuses repositories on another host', () => {
    expect(failure('https://elsewhere.example.org/acme/x').kind).toBe('not_allowed_host');
    expect(failure('https://code.example.org:8443/acme/x').kind).toBe('not_allowed_host');
    expect(failure('http://127.0.0.1:3001/other/acme/x', 'http://127.0.0.1:3001/source-host').kind).toBe(
      'not_allowed_host',
    );
  });

  it.each([
    'not a url',
    'ssh://code.example.org/acme/x',
    'https://user:pw@code.example.org/acme/x',
    'https://code.example.org/acme',
    'https://code.example.org/acme/x/blob/main/a.txt',
    'https://code.example.org/acme/x/tree/main/../../etc',
    'https://code.example.org/acme/..',
  ])('refuses %s as an invalid URL', (url) => {
    expect(failure(url).kind).toBe('invalid_url');
  });
});

describe('loadSourceHostConfig', () => {
  it('defaults to a sandbox on its default port, without a token', () => {
    expect(loadSourceHostConfig({})).toMatchObject({
      webUrl: 'http://127.0.0.1:3001/source-host',
      apiUrl: 'http://127.0.0.1:3001/source-host/api',
      token: undefined,
      allowlist: [],
    });
  });

  it('reads the configured host, token and allowlist', () => {
    expect(
      loadSourceHostConfig({
        SOURCE_HOST_WEB_URL: 'https://code.example.org',
        SOURCE_HOST_API_URL: 'https://api.code.example.org',
        SOURCE_HOST_TOKEN: 't0ken',
        OUTBOUND_ALLOWLIST: 'code.internal:8443',
      }),
    ).toMatchObject({
      webUrl: 'https://code.example.org',
      apiUrl: 'https://api.code.example.org',
      token: 't0ken',
      allowlist: ['code.internal:8443'],
    });
  });

  it('refuses a web URL that is not http(s)', () => {
    expect(() => loadSourceHostConfig({ SOURCE_HOST_WEB_URL: 'ftp://code.example.org' })).toThrow(
      /SOURCE_HOST_WEB_URL/,
    );
  });
});
