import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxControl } from './sandbox-control.client';
import { startSandbox, type RunningSandbox } from './sandbox.server';

function gitClone(url: string, dir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['clone', '--quiet', url, dir], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
      },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the sandbox', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let work: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    control = new SandboxControl(sandbox.url);
    work = await mkdtemp(join(tmpdir(), 'pc-sandbox-spec-'));
  });

  afterAll(async () => {
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  });

  it('starts on a free loopback port and exposes the URL of each system', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.urls).toEqual({
      sourceHostWeb: `${sandbox.url}/source-host`,
      sourceHostApi: `${sandbox.url}/source-host/api`,
      registry: `${sandbox.url}/registry`,
      platform: `${sandbox.url}/platform`,
      control: `${sandbox.url}/_sandbox`,
    });
    expect(sandbox.adapterEnv.OUTBOUND_ALLOWLIST).toBe(new URL(sandbox.url).host);
  });

  it('exposes the demo tenant, whose credentials get a token', async () => {
    expect(sandbox.demo.businessGroups).toHaveLength(2);
    const response = await fetch(`${sandbox.urls.platform}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sandbox.demo.clientId,
        client_secret: sandbox.demo.clientSecret,
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });

  it('serves the seeded policy and ruleset repositories', async () => {
    const { unifiedPolicies, splitPolicy, rulesets } = sandbox.demo.repositories;
    expect(unifiedPolicies).toHaveLength(2);
    expect(rulesets).toHaveLength(2);
    const api = (webUrl: string, suffix: string): string =>
      webUrl.replace(sandbox.urls.sourceHostWeb, `${sandbox.urls.sourceHostApi}/repos`) + suffix;
    const gcl = await fetch(api(unifiedPolicies[0] ?? '', '/contents/definition/gcl.yaml?ref=v1.0.0'));
    const file = (await gcl.json()) as { content: string };
    expect(Buffer.from(file.content, 'base64').toString()).toContain('kind: Extension');
    const definition = await fetch(api(splitPolicy?.definition ?? '', '/contents/gcl.yaml'));
    expect(definition.status).toBe(200);
    const ruleset = await fetch(api(rulesets[0] ?? '', '/contents/ruleset.yaml'));
    const profile = Buffer.from(((await ruleset.json()) as { content: string }).content, 'base64').toString();
    expect(profile.startsWith('#%Validation Profile 1.0')).toBe(true);
  });

  it('clones a repository created through the control API with git', async () => {
    const created = await control.createRepository({
      owner: 'demo',
      name: 'clone-me',
      files: {
        'gcl.yaml': 'kind: Extension\n',
        'icon.png': { base64: Buffer.from([1, 2, 3]).toString('base64') },
      },
      tags: { 'v1.0.0': {} },
    });
    expect(created).toEqual({
      webUrl: `${sandbox.urls.sourceHostWeb}/demo/clone-me`,
      cloneUrl: `${sandbox.urls.sourceHostWeb}/demo/clone-me.git`,
    });
    const dir = join(work, 'clone-me');
    const result = await gitClone(created.cloneUrl, dir);
    expect(result).toMatchObject({ code: 0 });
    expect(await readFile(join(dir, 'gcl.yaml'), 'utf8')).toBe('kind: Extension\n');
    expect(await readFile(join(dir, 'icon.png'))).toEqual(Buffer.from([1, 2, 3]));
    expect((await readdir(dir)).sort()).toEqual(['.git', 'gcl.yaml', 'icon.png']);
  });

  it('keeps file paths, branches and tags as given, and rewrites a commit no branch points at', async () => {
    const created = await control.createRepository({
      owner: 'demo',
      name: 'odd-paths',
      files: { 'docs/read me "first".md': 'hello\n', 'a\\b.txt': 'back' },
      branches: { develop: { 'docs/read me "first".md': 'next\n' } },
      tags: { 'v1.0.0': {}, 'v2.0.0': { 'docs/read me "first".md': 'two\n' } },
    });
    const dir = join(work, 'odd-paths');
    expect(await gitClone(created.cloneUrl, dir)).toMatchObject({ code: 0 });
    expect(await readFile(join(dir, 'docs', 'read me "first".md'), 'utf8')).toBe('hello\n');
    expect(await readFile(join(dir, 'a\\b.txt'), 'utf8')).toBe('back');
    const api = sandbox.urls.sourceHostApi;
    const commit = async (ref: string) =>
      ((await (await fetch(`${api}/repos/demo/odd-paths/commits/${ref}`)).json()) as { sha: string }).sha;
    const main = await commit('main');
    expect(await commit('v1.0.0')).toBe(main);
    expect(new Set([main, await commit('develop'), await commit('v2.0.0')]).size).toBe(3);
    // A rewrite moves the refs that pointed at the commit.
    const { to } = await control.rewriteCommit('demo', 'odd-paths', main);
    expect([await commit('main'), await commit('v1.0.0'), await commit(main)]).toEqual([to, to, to]);
    // `develop` moves on: its first commit is one no branch or tag points at, rewritten all the same.
    const first = await commit('develop');
    await control.pushCommit('demo', 'odd-paths', { branch: 'develop', files: { 'a\\b.txt': 'later' } });
    const rewritten = await control.rewriteCommit('demo', 'odd-paths', first);
    expect(await commit(first)).toBe(rewritten.to);
    expect(rewritten.to).not.toBe(first);
    const advertised = await (await fetch(`${created.cloneUrl}/info/refs?service=git-upload-pack`)).text();
    expect(advertised).toContain('refs/heads/develop');
    expect(advertised).not.toContain('refs/sandbox/');
  });

  it('sees commits pushed through the control API', async () => {
    await control.createRepository({ owner: 'demo', name: 'evolving', files: { 'a.txt': 'one' } });
    const { sha } = await control.pushCommit('demo', 'evolving', {
      files: { 'a.txt': 'two' },
      tag: 'v2.0.0',
    });
    const response = await fetch(`${sandbox.urls.sourceHostApi}/repos/demo/evolving/commits/v2.0.0`);
    expect(((await response.json()) as { sha: string }).sha).toBe(sha);
  });

  it('does not let anonymous git clients clone a private repository', async () => {
    const created = await control.createRepository({
      owner: 'demo',
      name: 'hidden',
      private: true,
      files: { a: 'a' },
    });
    const result = await gitClone(created.cloneUrl, join(work, 'hidden'));
    expect(result.code).not.toBe(0);
    const refs = await fetch(`${created.cloneUrl}/info/refs?service=git-upload-pack`);
    expect(refs.status).toBe(401);
    const api = await fetch(`${sandbox.urls.sourceHostApi}/repos/demo/hidden`);
    expect(api.status).toBe(404);
  });

  it('refuses malformed control requests', async () => {
    const bad = async (path: string, body: unknown): Promise<number> =>
      (
        await fetch(`${sandbox.url}/_sandbox${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    expect(await bad('/repos', { owner: 'x' })).toBe(400);
    expect(await bad('/repos', { owner: 'x', name: 'y', files: { '../escape': 'x' } })).toBe(400);
    expect(await bad('/platform/tenants', { clientId: 'a', clientSecret: 'b', organizations: [] })).toBe(400);
    expect(await bad('/faults', { system: 'mainframe', kind: 'error' })).toBe(400);
  });

  it('starts empty without seed data, and closes', async () => {
    const empty = await startSandbox({ seed: false });
    try {
      const response = await fetch(
        `${empty.urls.sourceHostApi}/repos/gateway-community/header-injection-policy`,
      );
      expect(response.status).toBe(404);
      expect((await new SandboxControl(empty.url).platformState()).tenants).toEqual([]);
    } finally {
      await empty.close();
    }
    await expect(fetch(`${empty.url}/_sandbox`)).rejects.toThrow();
  });

  it('delays every platform answer by the configured latency, and only the platform', async () => {
    const timed = async (url: string): Promise<number> => {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      return performance.now() - started;
    };
    const slow = await startSandbox({ seed: false, platformLatencyMs: 150 });
    try {
      const control = new SandboxControl(slow.url);
      expect(await timed(`${slow.urls.platform}/accounts/api/me`)).toBeGreaterThanOrEqual(145);
      expect(await timed(`${slow.url}/_sandbox/platform/state`)).toBeLessThan(145);
      expect(await control.setPlatformLatency(0)).toEqual({ ms: 0 });
      expect(await timed(`${slow.urls.platform}/accounts/api/me`)).toBeLessThan(145);
      await control.setPlatformLatency(200);
      expect(await timed(`${slow.urls.platform}/accounts/api/me`)).toBeGreaterThanOrEqual(195);
      const refused = await fetch(`${slow.url}/_sandbox/platform/latency`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: -1 }),
      });
      expect(refused.status).toBe(400);
    } finally {
      await slow.close();
    }
  });
});
