import { request as httpRequest, createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { REFS_LISTED_MAX } from '@pc/contracts';
import { HttpSourceHost, SourceHostError } from '@pc/source-host';
import { SandboxControl } from '../sandbox-control.client';
import { startSandbox, type RunningSandbox } from '../sandbox.server';
import { kindExpecter } from '../testing/adapter-failures';

const expectKind = kindExpecter(SourceHostError);

const GCL_V1 = 'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: cors\n';
const GCL_V2 = `${GCL_V1}  labels:\n    title: CORS\n`;

describe('HttpSourceHost against the sandbox', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let host: HttpSourceHost;
  const repo = { owner: 'acme', name: 'cors-policy' };
  const secret = { owner: 'acme', name: 'secret-policy' };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: false });
    control = new SandboxControl(sandbox.url);
    await control.createRepository({
      ...repo,
      files: {
        'definition/gcl.yaml': GCL_V2,
        'Cargo.toml': '[package]\nversion = "1.1.0"\n',
        'src/lib.rs': '// v2\n',
      },
      branches: { 'feature/labels': { 'definition/gcl.yaml': `${GCL_V2}# wip\n`, 'src/lib.rs': '// wip\n' } },
      tags: {
        'v1.0.0': { 'definition/gcl.yaml': GCL_V1, 'Cargo.toml': '[package]\nversion = "1.0.0"\n' },
        'v1.1.0': {},
      },
      hasIssues: false,
    });
    await control.createRepository({ ...secret, private: true, files: { 'gcl.yaml': GCL_V1 } });
    // Short enough to keep the timeout test quick, long enough for a git fetch on a busy CI machine.
    host = HttpSourceHost.fromEnv({ ...sandbox.adapterEnv, SOURCE_HOST_TIMEOUT_MS: '1500' });
  });

  afterAll(async () => {
    await sandbox.close();
  });

  afterEach(async () => {
    await control.clearFaults();
  });

  it('parses a repository URL of the sandbox and reads its metadata', async () => {
    const parsed = host.parseRepositoryUrl(`${sandbox.urls.sourceHostWeb}/acme/cors-policy.git`);
    expect(parsed).toMatchObject(repo);
    const info = await host.getRepository(parsed);
    expect(info).toMatchObject({
      owner: 'acme',
      name: 'cors-policy',
      defaultBranch: 'main',
      visibility: 'public',
      hasIssues: false,
      webUrl: `${sandbox.urls.sourceHostWeb}/acme/cors-policy`,
    });
  });

  it('lists branches and tags with the commits they point to', async () => {
    const { refs: branches, truncated } = await host.listBranches(repo);
    const { refs: tags } = await host.listTags(repo);
    expect(truncated).toBe(false);
    expect(branches.map((b) => b.name).sort()).toEqual(['feature/labels', 'main']);
    expect(tags.map((t) => t.name)).toEqual(['v1.0.0', 'v1.1.0']);
    const main = branches.find((b) => b.name === 'main');
    expect(tags.find((t) => t.name === 'v1.1.0')?.commitSha).toBe(main?.commitSha);
    expect(await host.resolveRef(repo, 'v1.0.0')).toBe(tags[0]?.commitSha);
    expect(await host.resolveRef(repo, 'feature/labels')).toMatch(/^[0-9a-f]{40}$/);
  });

  it(`lists at most ${REFS_LISTED_MAX} refs, saying when the repository has more`, async () => {
    /** A repository with `count` tags (v0000, v0001, ...) on its default branch's head. */
    const tagged = async (name: string, count: number) => {
      const tags = Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`v${String(i).padStart(4, '0')}`, {}]),
      );
      await control.createRepository({ owner: 'acme', name, files: { 'gcl.yaml': GCL_V1 }, tags });
      return host.listTags({ owner: 'acme', name });
    };
    const exactly = await tagged('tags-at-the-bound', REFS_LISTED_MAX);
    expect(exactly.refs).toHaveLength(REFS_LISTED_MAX);
    expect(exactly.truncated).toBe(false);
    const more = await tagged('tags-past-the-bound', REFS_LISTED_MAX + 1);
    expect(more.refs).toHaveLength(REFS_LISTED_MAX);
    expect(more.refs.at(-1)?.name).toBe(`v${REFS_LISTED_MAX - 1}`);
    expect(more.truncated).toBe(true);
  });

  it('reads a file as it is at a tag and at a branch', async () => {
    expect(await host.readTextFile(repo, 'definition/gcl.yaml', 'v1.0.0')).toBe(GCL_V1);
    expect(await host.readTextFile(repo, 'definition/gcl.yaml', 'main')).toBe(GCL_V2);
    const sha = await host.resolveRef(repo, 'v1.0.0');
    expect(await host.readTextFile(repo, 'Cargo.toml', sha)).toContain('1.0.0');
  });

  it('reads the tree of a ref, whole or under a folder', async () => {
    const tree = await host.readTree(repo, 'main');
    expect(tree.map((e) => `${e.type}:${e.path}`).sort()).toEqual([
      'directory:definition',
      'directory:src',
      'file:Cargo.toml',
      'file:definition/gcl.yaml',
      'file:src/lib.rs',
    ]);
    const definition = await host.readTree(repo, 'main', 'definition');
    expect(definition).toEqual([
      expect.objectContaining({ path: 'definition/gcl.yaml', type: 'file', size: GCL_V2.length }),
    ]);
  });

  it('reads every file of a ref over git', async () => {
    const snapshot = await host.snapshot(repo, 'v1.0.0');
    expect(snapshot.commitSha).toBe(await host.resolveRef(repo, 'v1.0.0'));
    expect([...snapshot.files.keys()].sort()).toEqual(['Cargo.toml', 'definition/gcl.yaml']);
    expect(snapshot.files.get('definition/gcl.yaml')?.toString()).toBe(GCL_V1);
  });

  it('reads a commit by its SHA over git', async () => {
    const old = await host.resolveRef(repo, 'v1.0.0');
    const snapshot = await host.snapshot(repo, old);
    expect(snapshot.commitSha).toBe(old);
  });

  it('never lets a ref act as a git option', async () => {
    await expectKind(host.snapshot(repo, '--upload-pack=touch /tmp/pc-pwned'), 'ref_not_found');
    await expectKind(host.snapshot(repo, '-h'), 'ref_not_found');
  });

  it('reports a private repository as private', async () => {
    await expectKind(host.getRepository(secret), 'private');
    await expectKind(host.readFile(secret, 'gcl.yaml', 'main'), 'private');
    await expectKind(host.snapshot(secret, 'main'), 'private');
  });

  it('reads a private repository with a token that may see it', async () => {
    const withToken = HttpSourceHost.fromEnv({
      ...sandbox.adapterEnv,
      SOURCE_HOST_TOKEN: sandbox.demo.sourceHostToken,
    });
    expect(await withToken.getRepository(secret)).toMatchObject({ visibility: 'private' });
    expect(await withToken.readTextFile(secret, 'gcl.yaml', 'main')).toBe(GCL_V1);
    expect((await withToken.snapshot(secret, 'main')).files.get('gcl.yaml')?.toString()).toBe(GCL_V1);
  });

  it('refuses a private repository the token may read, when told to read public ones only', async () => {
    const publicOnly = HttpSourceHost.fromEnv(
      { ...sandbox.adapterEnv, SOURCE_HOST_TOKEN: sandbox.demo.sourceHostToken },
      { privateRepositories: 'refuse' },
    );
    const sha = await HttpSourceHost.fromEnv({
      ...sandbox.adapterEnv,
      SOURCE_HOST_TOKEN: sandbox.demo.sourceHostToken,
    }).resolveRef(secret, 'main');
    await expectKind(publicOnly.getRepository(secret), 'private_refused');
    await expectKind(publicOnly.listBranches(secret), 'private_refused');
    await expectKind(publicOnly.resolveRef(secret, 'main'), 'private_refused');
    await expectKind(publicOnly.readTree(secret, sha), 'private_refused');
    await expectKind(publicOnly.readTextFile(secret, 'gcl.yaml', sha), 'private_refused');
    await expectKind(publicOnly.contentDigest(secret, 'main'), 'private_refused');
    await expectKind(publicOnly.snapshot(secret, sha), 'private_refused');
    expect(await publicOnly.readTextFile(repo, 'definition/gcl.yaml', 'v1.0.0')).toBe(GCL_V1);
    expect((await publicOnly.snapshot(repo, 'v1.0.0')).files.get('definition/gcl.yaml')?.toString()).toBe(
      GCL_V1,
    );
  });

  it('reports a rejected token as unauthorized', async () => {
    const badToken = HttpSourceHost.fromEnv({ ...sandbox.adapterEnv, SOURCE_HOST_TOKEN: 'wrong' });
    await expectKind(badToken.getRepository(repo), 'unauthorized');
  });

  it('reports a repository that does not exist as not found', async () => {
    await expectKind(host.getRepository({ owner: 'acme', name: 'nothing-here' }), 'not_found');
    await expectKind(host.listTags({ owner: 'acme', name: 'nothing-here' }), 'not_found');
    await expectKind(host.snapshot({ owner: 'acme', name: 'nothing-here' }, 'main'), 'not_found');
  });

  it('reports a repository deleted since as not found', async () => {
    await control.createRepository({ owner: 'acme', name: 'short-lived', files: { 'gcl.yaml': GCL_V1 } });
    await host.getRepository({ owner: 'acme', name: 'short-lived' });
    await control.deleteRepository('acme', 'short-lived');
    await expectKind(host.getRepository({ owner: 'acme', name: 'short-lived' }), 'not_found');
  });

  it('tells a missing ref from a missing file', async () => {
    await expectKind(host.resolveRef(repo, 'v9.9.9'), 'ref_not_found');
    await expectKind(host.readFile(repo, 'definition/gcl.yaml', 'v9.9.9'), 'ref_not_found');
    await expectKind(host.readFile(repo, 'definition/missing.yaml', 'main'), 'path_not_found');
    await expectKind(host.readFile(repo, 'definition', 'main'), 'path_not_found');
    await expectKind(host.readTree(repo, 'main', 'nowhere'), 'path_not_found');
    await expectKind(host.snapshot(repo, 'v9.9.9'), 'ref_not_found');
  });

  it('reports an exhausted API rate limit as rate limited, with when to retry', async () => {
    await control.injectFault({ system: 'source_host', kind: 'rate_limit', times: 1 });
    const error = await expectKind(host.getRepository(repo), 'rate_limited');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('falls back to git for content when the API is rate limited', async () => {
    await control.injectFault({ system: 'source_host', kind: 'rate_limit', times: 1 });
    expect(await host.readTextFile(repo, 'definition/gcl.yaml', 'v1.0.0')).toBe(GCL_V1);
    await control.injectFault({ system: 'source_host', kind: 'rate_limit', times: 1 });
    expect((await host.readTree(repo, 'v1.0.0')).map((e) => e.path)).toContain('definition/gcl.yaml');
  });

  it('retries a failed read and succeeds when the host recovers', async () => {
    await control.injectFault({ system: 'source_host', kind: 'error', times: 1 });
    expect(await host.getRepository(repo)).toMatchObject({ name: 'cors-policy' });
  });

  it('reports a host that keeps failing as an upstream error', async () => {
    await control.injectFault({ system: 'source_host', kind: 'error' });
    await expectKind(host.getRepository(repo), 'upstream_error');
  });

  it('reports a host that does not answer in time as a timeout', async () => {
    await control.injectFault({ system: 'source_host', kind: 'timeout' });
    await expectKind(host.getRepository(repo), 'timeout');
  });

  it('reports a host nobody listens on as unreachable', async () => {
    const port = await closedPort();
    const offline = new HttpSourceHost({
      webUrl: `http://127.0.0.1:${port}/source-host`,
      apiUrl: `http://127.0.0.1:${port}/source-host/api`,
      allowlist: [`127.0.0.1:${port}`],
      retries: 0,
    });
    await expectKind(offline.getRepository(repo), 'unreachable');
  });

  it('refuses repositories on other hosts, and loopback hosts that are not allowlisted', async () => {
    await expectKind(
      Promise.resolve().then(() => host.parseRepositoryUrl('https://elsewhere.example.org/acme/cors-policy')),
      'not_allowed_host',
    );
    const { OUTBOUND_ALLOWLIST: _allow, ...withoutAllowlist } = sandbox.adapterEnv;
    const strict = HttpSourceHost.fromEnv(withoutAllowlist);
    await expectKind(strict.getRepository(repo), 'not_allowed_host');
    await expectKind(strict.snapshot(repo, 'main'), 'not_allowed_host');
  });
});

describe('HttpSourceHost when the source host limits its API with a secondary rate limit', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let front: LimitingFront;
  let host: HttpSourceHost;
  const repo = { owner: 'acme', name: 'limited-policy' };
  const secret = { owner: 'acme', name: 'limited-secret' };
  /** A specification of many files: an evaluation reads every one at one commit. */
  const spec = { owner: 'acme', name: 'many-files' };
  const parts = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`paths/part-${i}.yaml`, `/part-${i}: {}\n`]),
  );

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: false });
    control = new SandboxControl(sandbox.url);
    await control.createRepository({
      ...repo,
      files: { 'gcl.yaml': GCL_V1, 'Cargo.toml': '[package]\n' },
      tags: { 'v1.0.0': { 'gcl.yaml': GCL_V1 } },
    });
    await control.createRepository({ ...spec, files: { 'api.yaml': 'openapi: 3.0.0\n', ...parts } });
    await control.createRepository({ ...secret, private: true, files: { 'gcl.yaml': GCL_V1 } });
    front = await limitingFront(sandbox.url);
    host = new HttpSourceHost({
      webUrl: `${front.url}/source-host`,
      apiUrl: `${front.url}/source-host/api`,
      allowlist: [new URL(front.url).host],
      timeoutMs: 5000,
    });
  });

  afterAll(async () => {
    await front.close();
    await sandbox.close();
  });

  afterEach(() => {
    front.limit = null;
  });

  it.each([
    ['a retry-after', 'retry-after', 60],
    ['only its message', 'message', undefined],
  ] as const)(
    'reports a 403 with quota left and %s as rate limited (a 502 with Retry-After), not as private',
    async (_what, limit, retryAfter) => {
      front.limit = limit;
      const error = await expectKind(host.getRepository(repo), 'rate_limited');
      // Not the end of the hour's quota window the headers also carry.
      expect(error.retryAfterSeconds).toBe(retryAfter);
    },
  );

  it('reads the content over git meanwhile', async () => {
    front.limit = 'message';
    expect(await host.readTextFile(repo, 'gcl.yaml', 'main')).toBe(GCL_V1);
    expect((await host.readTree(repo, 'main')).map((e) => e.path).sort()).toEqual(['Cargo.toml', 'gcl.yaml']);
  });

  it('resolves branches and tags over git meanwhile, without fetching content', async () => {
    const [main, tag] = [await host.resolveRef(repo, 'main'), await host.resolveRef(repo, 'v1.0.0')];
    front.limit = 'message';
    const before = front.gitFetches;
    expect(await host.resolveRef(repo, 'main')).toBe(main);
    expect(await host.resolveRef(repo, 'v1.0.0')).toBe(tag);
    await expectKind(host.resolveRef(repo, 'no-such-branch'), 'ref_not_found');
    expect(front.gitFetches).toBe(before);
  });

  it("reads a commit's files, one after another or at once, from one git fetch meanwhile", async () => {
    front.limit = 'retry-after';
    const before = front.gitFetches;
    // As an evaluation reads a specification: the ref resolved, its files listed, then each read.
    const commit = await host.resolveRef(spec, 'main');
    const files = (await host.readTree(spec, commit)).filter((e) => e.type === 'file').map((e) => e.path);
    expect(files).toHaveLength(21);
    for (const path of Object.keys(parts))
      expect(await host.readTextFile(spec, path, commit)).toBe(parts[path]);
    const all = await Promise.all(files.map((path) => host.readTextFile(spec, path, commit)));
    expect(all).toContain('openapi: 3.0.0\n');
    expect(front.gitFetches - before).toBe(1);
  });

  it('reads no private repository over git meanwhile, when told to read public ones only', async () => {
    const publicOnly = new HttpSourceHost({
      webUrl: `${front.url}/source-host`,
      apiUrl: `${front.url}/source-host/api`,
      allowlist: [new URL(front.url).host],
      token: sandbox.demo.sourceHostToken,
      privateRepositories: 'refuse',
    });
    const sha = await publicOnly.resolveRef(repo, 'main');
    front.limit = 'message';
    // The API cannot say whether it is private: git asked without the token can (it answers public ones).
    const refused = await expectKind(publicOnly.readTextFile(secret, 'gcl.yaml', 'main'), 'rate_limited');
    expect(refused.retryAfterSeconds).toBeUndefined();
    await expectKind(publicOnly.snapshot(secret, 'main'), 'rate_limited');
    expect(await publicOnly.readTextFile(repo, 'gcl.yaml', sha)).toBe(GCL_V1);
  });
});

/**
 * The sandbox behind a front that answers its REST API as a host's secondary rate limit does while
 * `limit` is set (403 with quota left, saying so with `retry-after` or only in its message), and counts
 * the git fetches of content that reach the sandbox.
 */
interface LimitingFront {
  url: string;
  limit: 'retry-after' | 'message' | null;
  gitFetches: number;
  close(): Promise<void>;
}

async function limitingFront(target: string): Promise<LimitingFront> {
  const server = createHttpServer((req, res) => {
    const path = req.url ?? '/';
    if (front.limit !== null && path.startsWith('/source-host/api/')) {
      res.writeHead(403, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4990',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        ...(front.limit === 'retry-after' ? { 'retry-after': '60' } : {}),
      });
      res.end(
        JSON.stringify({
          message:
            front.limit === 'retry-after'
              ? 'Forbidden'
              : 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        }),
      );
      return;
    }
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      // Protocol v2: a fetch of objects, not a listing of refs (ls-remote, or a fetch's first step).
      if (path.endsWith('/git-upload-pack') && Buffer.concat(body).includes('command=fetch'))
        front.gitFetches++;
      const upstream = httpRequest(
        new URL(path, target),
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const front: LimitingFront = {
    url: `http://127.0.0.1:${port}`,
    limit: null,
    gitFetches: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return front;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
