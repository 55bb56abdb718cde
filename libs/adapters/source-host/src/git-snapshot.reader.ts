import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboundGuard } from '@pc/outbound';
import { contentDigest } from './content-digest';
import { runGit } from './git.process';
import { SourceHostError } from './source-host.errors';
import { sourceHostFailures } from './source-host.failures';
import type { RepositorySnapshot, SnapshotOptions } from './source-host.types';

/** A repository to reach over git smart HTTP, as the adapter reaches it. */
export interface GitRemote {
  cloneUrl: string;
  token?: string;
  guard: OutboundGuard;
  timeoutMs: number;
}

export interface GitSnapshotRequest extends GitRemote {
  ref: string;
}

interface BlobEntry {
  mode: string;
  sha: string;
  size: number;
  path: string;
}

/**
 * Reads every regular file of a repository at a ref over git smart HTTP: a shallow fetch into a temporary
 * bare repository, then blobs read from the object store (never a checked-out tree, so symlinks cannot
 * point outside). The clone URL is vetted first and git connects to the vetted address only
 * (`http.curloptResolve`); redirects and non-http protocols are refused.
 */
export async function readGitSnapshot(
  request: GitSnapshotRequest,
  options: SnapshotOptions = {},
): Promise<RepositorySnapshot> {
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const maxFiles = options.maxFiles ?? 5000;
  const config = await remoteConfig(request);
  const dir = await mkdtemp(join(tmpdir(), 'pc-source-host-'));
  const git = (args: string[], input?: string) =>
    runGit(args, {
      cwd: dir,
      config,
      input,
      timeoutMs: request.timeoutMs,
      maxOutputBytes: maxBytes * 2 + 1_000_000,
    });
  // A ref (or URL) from a user is data, never an option of git's.
  if (request.ref.startsWith('-') || request.cloneUrl.startsWith('-')) {
    throw new SourceHostError('ref_not_found', `No commit at ${request.ref}`);
  }
  try {
    const init = await git(['init', '--bare', '--quiet', '--template=', dir]);
    if (init.code !== 0)
      throw new SourceHostError('upstream_error', `git init failed: ${init.stderr.trim()}`);
    const fetch = await git([
      'fetch',
      '--quiet',
      '--depth=1',
      '--no-tags',
      '--no-recurse-submodules',
      '--',
      request.cloneUrl,
      request.ref,
    ]);
    if (fetch.timedOut)
      throw new SourceHostError('timeout', `git fetch did not finish in ${request.timeoutMs} ms`);
    if (fetch.code !== 0) throw gitFetchError(fetch.stderr, request.ref);
    const rev = await git(['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}']);
    const commitSha = rev.stdout.toString('utf8').trim();
    if (rev.code !== 0 || commitSha === '')
      throw new SourceHostError('ref_not_found', `No commit at ${request.ref}`);
    const list = await git(['ls-tree', '-r', '-l', '-z', commitSha]);
    if (list.code !== 0)
      throw new SourceHostError('upstream_error', `git ls-tree failed: ${list.stderr.trim()}`);
    const blobs = parseLsTree(list.stdout.toString('utf8'));
    if (blobs.length > maxFiles) throw new SourceHostError('too_large', `More than ${maxFiles} files`);
    const total = blobs.reduce((sum, b) => sum + b.size, 0);
    if (total > maxBytes) throw new SourceHostError('too_large', `The files exceed ${maxBytes} bytes`);
    const files = new Map<string, Buffer>();
    if (blobs.length > 0) {
      const cat = await git(['cat-file', '--batch'], blobs.map((b) => b.sha).join('\n') + '\n');
      if (cat.code !== 0)
        throw new SourceHostError('upstream_error', `git cat-file failed: ${cat.stderr.trim()}`);
      readBatch(cat.stdout, blobs, files);
    }
    return { commitSha, files, contentDigest: contentDigest(blobs) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The commit a branch or tag names on the remote, over git (`ls-remote`: the refs only, no content), as
 * `git fetch <url> <ref>` would pick it (a tag before a branch); `undefined` when no branch or tag has that
 * name (a commit SHA, or nothing).
 */
export async function resolveGitRef(request: GitSnapshotRequest): Promise<string | undefined> {
  const config = await remoteConfig(request);
  // A ref (or URL) from a user is data, never an option of git's.
  if (request.ref.startsWith('-') || request.cloneUrl.startsWith('-')) return undefined;
  const names = request.ref.startsWith('refs/')
    ? [request.ref]
    : [`refs/tags/${request.ref}`, `refs/heads/${request.ref}`];
  // An empty directory of its own: no repository around it whose configuration git would read.
  const dir = await mkdtemp(join(tmpdir(), 'pc-source-host-'));
  const listed = await runGit(
    ['ls-remote', '--', request.cloneUrl, ...names.flatMap((name) => [name, `${name}^{}`])],
    { cwd: dir, config, timeoutMs: request.timeoutMs, maxOutputBytes: 1_000_000 },
  ).finally(() => rm(dir, { recursive: true, force: true }));
  if (listed.timedOut)
    throw new SourceHostError('timeout', `git ls-remote did not finish in ${request.timeoutMs} ms`);
  if (listed.code !== 0) throw gitFetchError(listed.stderr, request.ref);
  const commits = new Map<string, string>();
  for (const line of listed.stdout.toString('utf8').split('\n')) {
    const [sha, name] = line.split('\t');
    if (sha && name) commits.set(name, sha);
  }
  // An annotated tag's own object is not a commit: its peeled entry (`^{}`) is.
  for (const name of names) {
    const commit = commits.get(`${name}^{}`) ?? commits.get(name);
    if (commit !== undefined) return commit;
  }
  return undefined;
}

/**
 * What git needs to reach the remote and nothing else: the clone URL vetted and git pinned to the vetted
 * address (`http.curloptResolve`), http(s) only, no redirects, no credential helper or hooks, the token.
 */
async function remoteConfig(request: GitRemote): Promise<Array<readonly [string, string]>> {
  let target;
  try {
    target = await request.guard.vet(request.cloneUrl);
  } catch (error) {
    throw sourceHostFailures.fromOutbound(error);
  }
  const address = target.family === 6 ? `[${target.address}]` : target.address;
  const config: Array<readonly [string, string]> = [
    ['protocol.allow', 'never'],
    ['protocol.http.allow', 'always'],
    ['protocol.https.allow', 'always'],
    ['http.followRedirects', 'false'],
    ['http.curloptResolve', `${target.hostname}:${target.port}:${address}`],
    ['credential.helper', ''],
    ['core.hooksPath', '/dev/null'],
    ['http.lowSpeedLimit', '1000'],
    ['http.lowSpeedTime', String(Math.max(1, Math.ceil(request.timeoutMs / 1000)))],
  ];
  if (request.token) {
    const basic = Buffer.from(`token:${request.token}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
  }
  return config;
}

function parseLsTree(output: string): BlobEntry[] {
  const entries: BlobEntry[] = [];
  for (const record of output.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, sha, size] = record.slice(0, tab).split(/\s+/);
    // Regular files only: symlinks (120000) and submodules (commit) are not content.
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755') || sha === undefined) continue;
    entries.push({ mode, sha, size: Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

function readBatch(output: Buffer, blobs: readonly BlobEntry[], files: Map<string, Buffer>): void {
  let offset = 0;
  for (const blob of blobs) {
    const newline = output.indexOf(0x0a, offset);
    if (newline < 0) throw new SourceHostError('upstream_error', 'Truncated git object stream');
    const header = output.subarray(offset, newline).toString('utf8').split(' ');
    const size = Number(header[2]);
    if (header[1] !== 'blob' || !Number.isFinite(size)) {
      throw new SourceHostError('upstream_error', `Unexpected git object for ${blob.path}`);
    }
    files.set(blob.path, Buffer.from(output.subarray(newline + 1, newline + 1 + size)));
    offset = newline + 1 + size + 1;
  }
}

/**
 * What git's stderr says went wrong. Status codes are read only as git prints them (`error: 401`): the
 * remote's URL is part of most messages, and its port may hold the same digits (`127.0.0.1:34015`).
 */
export function gitFetchError(stderr: string, ref: string): SourceHostError {
  const text = stderr.toLowerCase();
  const message = stderr.trim().split('\n').slice(-1)[0] ?? 'git fetch failed';
  if (
    text.includes("couldn't find remote ref") ||
    text.includes('not our ref') ||
    text.includes('unadvertised')
  ) {
    return new SourceHostError('ref_not_found', `No branch, tag or commit named ${ref}`);
  }
  if (text.includes('error: 429') || text.includes('returned error: 429')) {
    return new SourceHostError('rate_limited', 'The source host is rate limiting git requests');
  }
  if (
    /\berror: 401\b/.test(text) ||
    text.includes('authentication') ||
    text.includes('could not read username') ||
    text.includes('returned error: 403')
  ) {
    return new SourceHostError('private', 'The repository is private (or no longer exists)');
  }
  if (text.includes('not found') || text.includes('returned error: 404')) {
    return new SourceHostError('not_found', 'The repository does not exist');
  }
  if (
    text.includes('could not resolve host') ||
    text.includes('failed to connect') ||
    text.includes('connection')
  ) {
    return new SourceHostError('unreachable', `The source host cannot be reached: ${message}`);
  }
  if (text.includes('returned error: 5')) return new SourceHostError('upstream_error', message);
  return new SourceHostError('upstream_error', message);
}
