import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@pc/platform';
import { ListingServiceEnv } from './listing-service.env';
import { type RepositoryReport, RepositoryReader } from './repository-reader';
import { sourceHostFrom } from './source-host';

const COMMIT = 'a'.repeat(40);
const PROFILE = '#%Validation Profile 1.0\nprofile: Internal\n';

/**
 * A source host whose token reads `o/internal` (private) and `o/open` (public), each a `ruleset.yaml` on
 * `main`: what a catalog run with an organization's token sees.
 */
function sourceHostStandIn(): Server {
  return createServer((req, res) => {
    const [path] = (req.url ?? '').split('?');
    const match = /^\/api\/repos\/o\/(internal|open)(\/.*)?$/.exec(path);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!match || req.headers.authorization !== 'Bearer org-token')
      return answer(404, { message: 'Not Found' });
    const isPrivate = match[1] === 'internal';
    switch (match[2] ?? '') {
      case '':
        return answer(200, {
          default_branch: 'main',
          private: isPrivate,
          visibility: isPrivate ? 'private' : 'public',
        });
      case '/commits/main':
        return answer(200, { sha: COMMIT });
      case `/git/trees/${COMMIT}`:
        return answer(200, {
          truncated: false,
          tree: [{ path: 'ruleset.yaml', type: 'blob', mode: '100644', sha: 'b'.repeat(40), size: 9 }],
        });
      case '/contents/ruleset.yaml':
        return answer(200, {
          type: 'file',
          encoding: 'base64',
          content: Buffer.from(PROFILE).toString('base64'),
        });
      default:
        return answer(404, { message: 'Not Found' });
    }
  });
}

describe("private repositories the service's token can read", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = sourceHostStandIn();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A kind's inspection of `o/<name>` (validation, submission) under these settings: its profile and report. */
  const inspect = async (name: string, settings: Record<string, string> = {}) => {
    const env = loadEnv(ListingServiceEnv, {
      SOURCE_HOST_WEB_URL: `${base}/web`,
      SOURCE_HOST_API_URL: `${base}/api`,
      SOURCE_HOST_TOKEN: 'org-token',
      OUTBOUND_ALLOWLIST: new URL(base).host,
      ...settings,
    });
    const reader = new RepositoryReader(sourceHostFrom(env));
    const report: RepositoryReport = { errors: [], warnings: [] };
    const fields = { url: 'repoUrl', ref: 'ref' };
    const parsed = reader.parse(`${base}/web/o/${name}`, fields.url, report);
    const opened = parsed && (await reader.open(parsed, undefined, fields, report));
    const profile = opened && (await reader.readText(opened, 'ruleset.yaml', report));
    return { profile, errors: report.errors };
  };

  it('refuses one by default, saying it is private, and reads nothing of it', async () => {
    expect(await inspect('internal')).toEqual({
      profile: null,
      errors: ['repoUrl: the repository is private, and this catalog reads public repositories only'],
    });
    expect(await inspect('internal', { SOURCE_HOST_ALLOW_PRIVATE: 'false' })).toMatchObject({
      profile: null,
    });
  });

  it('reads one when the operator allows private repositories (SOURCE_HOST_ALLOW_PRIVATE=true)', async () => {
    expect(await inspect('internal', { SOURCE_HOST_ALLOW_PRIVATE: 'true' })).toEqual({
      profile: PROFILE,
      errors: [],
    });
  });

  it('reads public repositories either way', async () => {
    expect(await inspect('open')).toEqual({ profile: PROFILE, errors: [] });
  });

  it('refuses a setting that is not a boolean, naming it', () => {
    expect(() => loadEnv(ListingServiceEnv, { SOURCE_HOST_ALLOW_PRIVATE: 'yes' })).toThrow(
      /SOURCE_HOST_ALLOW_PRIVATE/,
    );
  });
});
