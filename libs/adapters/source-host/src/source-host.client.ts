import { LRUCache } from 'lru-cache';
import { REFS_LISTED_MAX } from '@pc/contracts';
import type { EnvSource } from '@pc/platform';
import {
  OutboundGuard,
  OutboundHttpClient,
  isRateLimited,
  isRecord,
  retryAfterSeconds,
  type OutboundResponse,
} from '@pc/outbound';
import { contentDigest, type DigestEntry } from './content-digest';
import type { Comparison } from './source-host.types';
import { type GitRemote, readGitSnapshot, resolveGitRef } from './git-snapshot.reader';
import { SnapshotReuse } from './snapshot-reuse';
import { sourceHostFailures } from './source-host.failures';
import { loadSourceHostConfig, type SourceHostConfig } from './source-host.env';
import { SourceHostError } from './source-host.errors';
import type {
  GitRef,
  GitRefList,
  ParsedRepositoryUrl,
  RepositoryCoordinates,
  RepositoryInfo,
  RepositorySnapshot,
  SnapshotOptions,
  SourceHost,
  TreeEntry,
} from './source-host.types';
import { encodeRepoPath, normaliseRepoPath, parseRepositoryUrl } from './source-host.url';

const PAGE_SIZE = 100;
const FULL_SHA = /^[0-9a-f]{40}$/;
/** Pages of refs one listing reads at most: REFS_LISTED_MAX refs. */
const MAX_PAGES = Math.ceil(REFS_LISTED_MAX / PAGE_SIZE);
/**
 * The snapshots content is read from over git, kept for one read's length: one snapshot at the default
 * bound (50 MiB) fits, a second pushes out the older.
 */
const SNAPSHOTS_KEPT = { maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 };
/** How long a repository seen public is read without asking again, when private ones are refused. */
const SEEN_PUBLIC = { max: 10_000, ttl: 60_000 };

/**
 * The source host over its REST API (repos, branches, tags, commits, git trees, contents), with git over
 * smart HTTP as the fallback for content when the API is rate limited or failing.
 *
 * Private or gone: anonymous API calls answer 404 for both. On a 404 the adapter probes git's
 * `info/refs` anonymously: 401/403 (authentication required) means the repository exists but is private,
 * 404 means it does not exist. Hosts that answer 401 for both make gone repositories look `private`
 * (the message says "private or no longer exists"); with a token the API itself shows private repositories
 * the token may read (`visibility: 'private'`).
 *
 * Over git, when the API cannot answer: a ref resolved with `ls-remote`, content read from a snapshot of
 * the commit, taken once for the reads that follow at that commit (`SnapshotReuse`).
 *
 * With `privateRepositories: 'refuse'` and a token, every call about a private repository fails
 * `private_refused` (the token may read it, the service's users may not): the repository's visibility is
 * asked before anything else about it, and a repository seen public is not asked about again for a minute.
 */
export class HttpSourceHost implements SourceHost {
  private readonly http: OutboundHttpClient;
  private readonly guard: OutboundGuard;
  private readonly webUrl: string;
  private readonly apiUrl: string;
  private readonly snapshots = new SnapshotReuse(SNAPSHOTS_KEPT);
  private readonly seenPublic = new LRUCache<string, true>(SEEN_PUBLIC);

  constructor(private readonly config: SourceHostConfig) {
    this.webUrl = config.webUrl.replace(/\/+$/, '');
    this.apiUrl = config.apiUrl.replace(/\/+$/, '');
    this.guard = new OutboundGuard({ allowlist: config.allowlist ?? [] });
    this.http = new OutboundHttpClient({
      guard: this.guard,
      guarded: true,
      timeoutMs: config.timeoutMs ?? 10_000,
      retries: config.retries ?? 2,
    });
  }

  /** From the variables (`SourceHostEnv`), with what the owning service decides beside them. */
  static fromEnv(
    source: EnvSource,
    options: Pick<SourceHostConfig, 'privateRepositories'> = {},
  ): HttpSourceHost {
    return new HttpSourceHost({ ...loadSourceHostConfig(source), ...options });
  }

  parseRepositoryUrl(url: string): ParsedRepositoryUrl {
    return parseRepositoryUrl(url, this.webUrl);
  }

  async getRepository(repo: RepositoryCoordinates): Promise<RepositoryInfo> {
    const response = await this.api(repo, '');
    if (response.status === 404) throw await this.missingRepository(repo);
    const body = this.expectOk(response, repo);
    if (!isRecord(body) || typeof body.default_branch !== 'string')
      throw sourceHostFailures.malformed('repository');
    const isPrivate = body.private === true || body.visibility === 'private';
    if (isPrivate && this.refusesPrivate()) {
      throw new SourceHostError(
        'private_refused',
        `${repo.owner}/${repo.name} is private, and only public repositories are read here`,
      );
    }
    if (!isPrivate) this.seenPublic.set(publicKey(repo), true);
    const webUrl = `${this.webUrl}/${repo.owner}/${repo.name}`;
    return {
      owner: repo.owner,
      name: repo.name,
      fullName: `${repo.owner}/${repo.name}`,
      description: typeof body.description === 'string' ? body.description : null,
      defaultBranch: body.default_branch,
      visibility: isPrivate ? 'private' : 'public',
      hasIssues: body.has_issues === true,
      archived: body.archived === true,
      webUrl,
      cloneUrl: `${webUrl}.git`,
    };
  }

  listBranches(repo: RepositoryCoordinates): Promise<GitRefList> {
    return this.listRefs(repo, 'branches');
  }

  listTags(repo: RepositoryCoordinates): Promise<GitRefList> {
    return this.listRefs(repo, 'tags');
  }

  async resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string> {
    await this.mayRead(repo);
    try {
      return await this.resolveRefOverApi(repo, ref);
    } catch (error) {
      if (!shouldFallBack(error)) throw error;
      return this.resolveRefOverGit(repo, ref, error);
    }
  }

  private async resolveRefOverApi(repo: RepositoryCoordinates, ref: string): Promise<string> {
    const response = await this.api(repo, `/commits/${encodeURIComponent(ref)}`);
    if (response.status === 404 || response.status === 422) {
      await this.getRepository(repo);
      throw new SourceHostError('ref_not_found', `No branch, tag or commit named ${ref}`, {
        status: response.status,
      });
    }
    const body = this.expectOk(response, repo);
    if (!isRecord(body) || typeof body.sha !== 'string') throw sourceHostFailures.malformed('commit');
    return body.sha;
  }

  async compare(repo: RepositoryCoordinates, base: string, head: string): Promise<Comparison> {
    await this.mayRead(repo);
    const response = await this.api(
      repo,
      `/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`,
    );
    if (response.status === 404) {
      await this.getRepository(repo);
      throw new SourceHostError('ref_not_found', `No commit ${base} or ${head} to compare`);
    }
    const body = this.expectOk(response, repo);
    if (!isRecord(body) || typeof body.ahead_by !== 'number')
      throw sourceHostFailures.malformed('comparison');
    const files = Array.isArray(body.files) ? body.files : [];
    return {
      aheadBy: body.ahead_by,
      behindBy: typeof body.behind_by === 'number' ? body.behind_by : 0,
      files: files.flatMap((f): Comparison['files'] =>
        isRecord(f) && typeof f.filename === 'string'
          ? [{ path: f.filename, status: typeof f.status === 'string' ? f.status : 'modified' }]
          : [],
      ),
    };
  }

  async readFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<Buffer> {
    const filePath = normaliseRepoPath(path);
    if (filePath === '') throw new SourceHostError('path_not_found', 'The repository root is not a file');
    await this.mayRead(repo);
    try {
      const response = await this.api(
        repo,
        `/contents/${encodeRepoPath(filePath)}?ref=${encodeURIComponent(ref)}`,
      );
      if (response.status === 404) throw await this.missingContent(repo, ref, filePath);
      const body = this.expectOk(response, repo);
      if (Array.isArray(body)) throw new SourceHostError('path_not_found', `${filePath} is a directory`);
      if (!isRecord(body) || body.type !== 'file')
        throw new SourceHostError('path_not_found', `${filePath} is not a file`);
      if (body.encoding === 'base64' && typeof body.content === 'string') {
        return Buffer.from(body.content.replace(/\s/g, ''), 'base64');
      }
      // Large files come without inline content: read them over git.
      return await this.fileFromSnapshot(repo, ref, filePath);
    } catch (error) {
      if (!shouldFallBack(error)) throw error;
      return this.fileFromSnapshot(repo, ref, filePath, error);
    }
  }

  async readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string> {
    return (await this.readFile(repo, path, ref)).toString('utf8');
  }

  async readTree(repo: RepositoryCoordinates, ref: string, path = ''): Promise<TreeEntry[]> {
    const prefix = normaliseRepoPath(path);
    await this.mayRead(repo);
    let at = ref;
    try {
      // A commit's full SHA is what the trees call takes; a branch or tag is resolved to one first.
      const sha = FULL_SHA.test(ref) ? ref : await this.resolveRef(repo, ref);
      at = sha;
      const response = await this.api(repo, `/git/trees/${encodeURIComponent(sha)}?recursive=1`);
      if (response.status === 404) throw await this.missingContent(repo, ref, prefix);
      const body = this.expectOk(response, repo);
      if (!isRecord(body) || !Array.isArray(body.tree)) throw sourceHostFailures.malformed('tree');
      if (body.truncated === true) return await this.treeFromSnapshot(repo, ref, prefix);
      const entries = body.tree.flatMap((raw): TreeEntry[] => {
        if (!isRecord(raw) || typeof raw.path !== 'string' || typeof raw.sha !== 'string') return [];
        const entry: TreeEntry = { path: raw.path, type: entryType(raw.type, raw.mode), sha: raw.sha };
        if (typeof raw.mode === 'string') entry.mode = raw.mode;
        if (typeof raw.size === 'number') entry.size = raw.size;
        return [entry];
      });
      return this.underPrefix(entries, prefix, repo, ref);
    } catch (error) {
      if (!shouldFallBack(error)) throw error;
      // At the commit resolved, when it was: the snapshot the reads at that commit take next.
      return this.treeFromSnapshot(repo, at, prefix, error);
    }
  }

  async contentDigest(repo: RepositoryCoordinates, ref: string): Promise<{ commit: string; digest: string }> {
    const commit = await this.resolveRef(repo, ref);
    const entries = await this.readTree(repo, commit);
    const files = entries.filter((e) => e.type === 'file');
    if (files.every((e) => e.mode !== undefined && e.sha !== ''))
      return { commit, digest: contentDigest(files as DigestEntry[]) };
    // A listing without modes (read over git after a truncated or failed listing): git says them.
    const snapshot = await this.snapshots.snapshot(repo, commit, () => this.snapshot(repo, commit));
    return { commit: snapshot.commitSha, digest: snapshot.contentDigest };
  }

  async snapshot(
    repo: RepositoryCoordinates,
    ref: string,
    options?: SnapshotOptions,
  ): Promise<RepositorySnapshot> {
    await this.mayRead(repo);
    return readGitSnapshot({ ...this.gitRemote(repo), ref }, options);
  }

  private gitRemote(repo: RepositoryCoordinates): GitRemote {
    return {
      cloneUrl: `${this.webUrl}/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}.git`,
      token: this.config.token,
      guard: this.guard,
      timeoutMs: this.config.gitTimeoutMs ?? (this.config.timeoutMs ?? 10_000) * 3,
    };
  }

  /**
   * A ref resolved over git when the API could not (`original`): a branch or tag by `ls-remote`, a
   * commit SHA as it is (the read at it finds whether it exists). A short SHA git cannot resolve without
   * fetching: the API's failure stands.
   */
  private async resolveRefOverGit(
    repo: RepositoryCoordinates,
    ref: string,
    original: unknown,
  ): Promise<string> {
    if (FULL_SHA.test(ref)) return ref;
    let commit: string | undefined;
    try {
      commit = await resolveGitRef({ ...this.gitRemote(repo), ref });
    } catch (error) {
      if (error instanceof SourceHostError && isContentMiss(error)) throw error;
      throw original;
    }
    if (commit !== undefined) return commit;
    if (/^[0-9a-f]{4,39}$/i.test(ref)) throw original;
    throw new SourceHostError('ref_not_found', `No branch, tag or commit named ${ref}`);
  }

  /**
   * Pages of refs until a short page, at most MAX_PAGES of them. When the last page read is full, one
   * ref more is asked for (a page of one, just past them): whether the listing was cut short is then
   * known, whatever paging headers the host sends.
   */
  private async listRefs(repo: RepositoryCoordinates, kind: 'branches' | 'tags'): Promise<GitRefList> {
    await this.mayRead(repo);
    const refs: GitRef[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const listed = await this.refsPage(repo, kind, PAGE_SIZE, page);
      refs.push(...listed.refs);
      if (listed.entries < PAGE_SIZE) return { refs, truncated: false };
    }
    const after = await this.refsPage(repo, kind, 1, MAX_PAGES * PAGE_SIZE + 1);
    return { refs, truncated: after.entries > 0 };
  }

  /** One page of a ref listing: its entries, of which those with a name and a commit are refs. */
  private async refsPage(
    repo: RepositoryCoordinates,
    kind: 'branches' | 'tags',
    perPage: number,
    page: number,
  ): Promise<{ refs: GitRef[]; entries: number }> {
    const response = await this.api(repo, `/${kind}?per_page=${perPage}&page=${page}`);
    if (response.status === 404) throw await this.missingRepository(repo);
    const body = this.expectOk(response, repo);
    if (!Array.isArray(body)) throw sourceHostFailures.malformed(kind);
    const refs = body.flatMap((item): GitRef[] =>
      isRecord(item) &&
      typeof item.name === 'string' &&
      isRecord(item.commit) &&
      typeof item.commit.sha === 'string'
        ? [{ name: item.name, commitSha: item.commit.sha }]
        : [],
    );
    return { refs, entries: body.length };
  }

  /** Private repositories are refused when told so and a token could read them (without one it cannot). */
  private refusesPrivate(): boolean {
    return Boolean(this.config.token) && this.config.privateRepositories === 'refuse';
  }

  /**
   * Throws `private_refused` before anything is read of a private repository, when they are refused. When
   * the API cannot say (rate limited, failing), git asked without the token can: it answers only for a
   * public repository; otherwise the API's failure stands.
   */
  private async mayRead(repo: RepositoryCoordinates): Promise<void> {
    if (!this.refusesPrivate() || this.seenPublic.has(publicKey(repo))) return;
    try {
      await this.getRepository(repo);
    } catch (error) {
      if (!shouldFallBack(error)) throw error;
      const probe = await this.probeGit(repo).catch(() => undefined);
      if (probe?.status !== 200) throw error;
      this.seenPublic.set(publicKey(repo), true);
    }
  }

  /** git's `info/refs` of the repository, asked without credentials (protocol v2: capabilities only). */
  private probeGit(repo: RepositoryCoordinates): Promise<OutboundResponse> {
    const url = `${this.webUrl}/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}.git/info/refs?service=git-upload-pack`;
    return this.http.request({ method: 'GET', url, headers: { 'git-protocol': 'version=2' } });
  }

  private async api(repo: RepositoryCoordinates, suffix: string): Promise<OutboundResponse> {
    const url = `${this.apiUrl}/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}${suffix}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    try {
      return await this.http.request({ method: 'GET', url, headers });
    } catch (error) {
      throw sourceHostFailures.fromOutbound(error);
    }
  }

  /** The JSON body of a 2xx answer; every other answer becomes its typed failure. */
  private expectOk(response: OutboundResponse, repo: RepositoryCoordinates): unknown {
    // Before any other 403: a secondary limit is a 403 too, with quota left (see isRateLimited).
    if (isRateLimited(response)) {
      const retryAfter = retryAfterSeconds(response.headers);
      throw new SourceHostError('rate_limited', 'The source host is rate limiting API calls', {
        status: response.status,
        retryAfterSeconds: retryAfter,
      });
    }
    if (response.status === 401) {
      throw new SourceHostError('unauthorized', 'The source host rejected the configured token', {
        status: 401,
      });
    }
    if (response.status === 403) {
      throw new SourceHostError(
        'private',
        `${repo.owner}/${repo.name} is not readable with these credentials`,
        {
          status: 403,
        },
      );
    }
    if (response.status < 200 || response.status >= 300) {
      throw new SourceHostError('upstream_error', `The source host answered ${response.status}`, {
        status: response.status,
      });
    }
    const body = response.json();
    if (body === undefined) throw sourceHostFailures.malformed('response');
    return body;
  }

  /** After a 404 on the repository: private (git asks for credentials) or gone (git says 404). */
  private async missingRepository(repo: RepositoryCoordinates): Promise<SourceHostError> {
    let probe: OutboundResponse;
    try {
      probe = await this.probeGit(repo);
    } catch (error) {
      return sourceHostFailures.fromOutbound(error);
    }
    if (isRateLimited(probe)) {
      return new SourceHostError('rate_limited', 'The source host is rate limiting git requests', {
        status: probe.status,
        retryAfterSeconds: retryAfterSeconds(probe.headers),
      });
    }
    if (probe.status === 401 || probe.status === 403) {
      return new SourceHostError('private', `${repo.owner}/${repo.name} is private (or no longer exists)`, {
        status: probe.status,
      });
    }
    return new SourceHostError('not_found', `${repo.owner}/${repo.name} does not exist`, { status: 404 });
  }

  /** After a 404 on content: the repository, the ref or the path is missing. */
  private async missingContent(
    repo: RepositoryCoordinates,
    ref: string,
    path: string,
  ): Promise<SourceHostError> {
    await this.resolveRef(repo, ref);
    return new SourceHostError('path_not_found', `${path === '' ? '/' : path} does not exist at ${ref}`, {
      status: 404,
    });
  }

  private underPrefix(
    entries: TreeEntry[],
    prefix: string,
    _repo: RepositoryCoordinates,
    ref: string,
  ): TreeEntry[] {
    if (prefix === '') return entries;
    const dir = entries.find((e) => e.path === prefix);
    if (dir === undefined || dir.type !== 'directory') {
      throw new SourceHostError('path_not_found', `${prefix} is not a directory at ${ref}`);
    }
    return entries.filter((e) => e.path.startsWith(`${prefix}/`));
  }

  private async fileFromSnapshot(
    repo: RepositoryCoordinates,
    ref: string,
    path: string,
    original?: unknown,
  ): Promise<Buffer> {
    const snapshot = await this.snapshotOr(repo, ref, original);
    const file = snapshot.files.get(path);
    if (file === undefined) throw new SourceHostError('path_not_found', `${path} does not exist at ${ref}`);
    return file;
  }

  private async treeFromSnapshot(
    repo: RepositoryCoordinates,
    ref: string,
    prefix: string,
    original?: unknown,
  ): Promise<TreeEntry[]> {
    const snapshot = await this.snapshotOr(repo, ref, original);
    const entries: TreeEntry[] = [];
    const dirs = new Set<string>();
    for (const [path, content] of snapshot.files) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
      entries.push({ path, type: 'file', sha: '', size: content.length });
    }
    for (const dir of dirs) entries.push({ path: dir, type: 'directory', sha: '' });
    entries.sort((a, b) => a.path.localeCompare(b.path));
    return this.underPrefix(entries, prefix, repo, ref);
  }

  /** A snapshot over git; when git fails too, the original API failure is what the caller sees. */
  private async snapshotOr(
    repo: RepositoryCoordinates,
    ref: string,
    original: unknown,
  ): Promise<RepositorySnapshot> {
    try {
      return await this.snapshots.snapshot(repo, ref, () => this.snapshot(repo, ref));
    } catch (error) {
      if (original instanceof Error && !(error instanceof SourceHostError && isContentMiss(error))) {
        throw original;
      }
      throw error;
    }
  }
}

/** Repositories are named without regard to case. */
function publicKey(repo: RepositoryCoordinates): string {
  return `${repo.owner}/${repo.name}`.toLowerCase();
}

function shouldFallBack(error: unknown): boolean {
  return (
    error instanceof SourceHostError && (error.kind === 'rate_limited' || error.kind === 'upstream_error')
  );
}

function isContentMiss(error: SourceHostError): boolean {
  return error.kind === 'ref_not_found' || error.kind === 'path_not_found' || error.kind === 'too_large';
}

function entryType(type: unknown, mode: unknown): TreeEntry['type'] {
  if (type === 'tree') return 'directory';
  if (type === 'commit') return 'submodule';
  if (mode === '120000') return 'symlink';
  return 'file';
}
