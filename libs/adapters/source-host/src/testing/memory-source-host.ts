import { createHash } from 'node:crypto';
import { contentDigest } from '../content-digest';
import { SourceHostError, type SourceHostErrorKind } from '../source-host.errors';
import type {
  Comparison,
  GitRefList,
  ParsedRepositoryUrl,
  RepositoryCoordinates,
  RepositoryInfo,
  RepositorySnapshot,
  SourceHost,
  TreeEntry,
} from '../source-host.types';

export type Files = Record<string, string>;

const WEB = 'https://source-host.example';

/** How the host fails every call while `fail` is set: the error kind (and, rate limited, for how long). */
export interface HostFault {
  kind: SourceHostErrorKind;
  retryAfterSeconds?: number;
}

/**
 * Repositories in memory behind the source host adapter's interface, for the services' service-level
 * tests (the sandbox's HTTP host is the end-to-end files'): `<web>/o/<name>`, branches of files (`main`
 * by default) whose commit is a hash of the files (a push changes it). `fail` makes every call fail as
 * the host would (`down` as an unreachable one); `remove` and `hide` make a repository gone or private.
 */
export class MemorySourceHost implements SourceHost {
  private readonly repos = new Map<string, Map<string, Files>>();
  /** Every commit a repository ever had (a push keeps the old ones reachable, as git does). */
  private readonly history = new Map<string, Map<string, Files>>();
  private readonly withoutIssues = new Set<string>();
  private readonly hidden = new Set<string>();
  private counter = 0;
  fail: HostFault | null = null;
  /** Calls answered (or failed) since the host was made: a test sees whether the host was asked. */
  calls = 0;

  get down(): boolean {
    return this.fail?.kind === 'unreachable';
  }

  set down(down: boolean) {
    this.fail = down ? { kind: 'unreachable' } : null;
  }

  /** A new repository; its URL. `hasIssues: false` turns its issue tracker off. */
  add(files: Files, branches: Record<string, Files> = {}, options: { hasIssues?: boolean } = {}): string {
    const name = `repo-${++this.counter}-${Date.now().toString(36)}`;
    this.repos.set(name, new Map([['main', files], ...Object.entries(branches)]));
    this.history.set(name, new Map([files, ...Object.values(branches)].map((f) => [commit(f), f])));
    if (options.hasIssues === false) this.withoutIssues.add(name);
    return `${WEB}/o/${name}`;
  }

  /** Deletes a repository: it is not found any more. */
  remove(url: string): void {
    this.repos.delete(this.parseRepositoryUrl(url).name);
  }

  /** Makes a repository private: the host no longer lets it be read. */
  hide(url: string): void {
    this.hidden.add(this.parseRepositoryUrl(url).name);
  }

  /** Replaces the files of a branch (a push). */
  push(url: string, files: Files, branch = 'main'): void {
    const repo = this.parseRepositoryUrl(url);
    this.branches(repo).set(branch, files);
    this.history.get(repo.name)!.set(commit(files), files);
  }

  /** The commit a branch points to now. */
  commitOf(url: string, branch = 'main'): string {
    return commit(this.branches(this.parseRepositoryUrl(url)).get(branch)!);
  }

  parseRepositoryUrl(url: string): ParsedRepositoryUrl {
    const name = url.replace(/\/+$/, '').split('/').pop() ?? '';
    return { owner: 'o', name, webUrl: `${WEB}/o/${name}`, cloneUrl: `${WEB}/o/${name}.git` };
  }

  getRepository(repo: RepositoryCoordinates): Promise<RepositoryInfo> {
    return this.answer(repo, () => {
      this.branches(repo);
      return {
        owner: 'o',
        name: repo.name,
        fullName: `o/${repo.name}`,
        description: null,
        defaultBranch: 'main',
        visibility: 'public',
        hasIssues: !this.withoutIssues.has(repo.name),
        archived: false,
        webUrl: `${WEB}/o/${repo.name}`,
        cloneUrl: `${WEB}/o/${repo.name}.git`,
      };
    });
  }

  listBranches(repo: RepositoryCoordinates): Promise<GitRefList> {
    return this.answer(repo, () => ({
      refs: [...this.branches(repo)].map(([name, files]) => ({ name, commitSha: commit(files) })),
      truncated: false,
    }));
  }

  listTags(): Promise<GitRefList> {
    return this.answer(null, () => ({ refs: [], truncated: false }));
  }

  resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string> {
    return this.answer(repo, () => commit(this.files(repo, ref)));
  }

  compare(repo: RepositoryCoordinates, base: string, head: string): Promise<Comparison> {
    return this.answer(repo, () => {
      const [from, to] = [this.files(repo, base), this.files(repo, head)];
      const paths = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((p) => from[p] !== to[p]);
      const files = paths.map((path) => ({
        path,
        status: !(path in from) ? 'added' : !(path in to) ? 'removed' : 'modified',
      }));
      return { aheadBy: base === head || files.length === 0 ? 0 : 1, behindBy: 0, files };
    });
  }

  readFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<Buffer> {
    return this.answer(repo, () => {
      const text = this.files(repo, ref)[path];
      if (text === undefined) throw new SourceHostError('not_found', `${path} not found`);
      return Buffer.from(text);
    });
  }

  async readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string> {
    return (await this.readFile(repo, path, ref)).toString('utf8');
  }

  readTree(repo: RepositoryCoordinates, ref: string, path?: string): Promise<TreeEntry[]> {
    return this.answer(repo, () => {
      const prefix = path ? `${path}/` : '';
      const files = Object.entries(this.files(repo, ref)).filter(([p]) => p.startsWith(prefix));
      const folders = new Set(
        files.flatMap(([p]) =>
          p
            .split('/')
            .slice(0, -1)
            .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
        ),
      );
      return [
        ...[...folders].map((p) => ({ path: p, type: 'directory' as const, sha: sha(p) })),
        ...files.map(([p, text]) => ({ path: p, type: 'file' as const, sha: sha(text), mode: '100644' })),
      ];
    });
  }

  contentDigest(repo: RepositoryCoordinates, ref: string): Promise<{ commit: string; digest: string }> {
    return this.answer(repo, () => {
      const files = this.files(repo, ref);
      const entries = Object.entries(files).map(([path, text]) => ({ path, mode: '100644', sha: sha(text) }));
      return { commit: commit(files), digest: contentDigest(entries) };
    });
  }

  snapshot(): Promise<RepositorySnapshot> {
    return Promise.reject(new Error('the services never snapshot a repository (the deployment worker does)'));
  }

  /**
   * Holds every call (about the repository `url` only, when given) until the function returned is called:
   * a slow host, while which a test lands another request.
   */
  hold(url?: string): () => void {
    let release!: () => void;
    const held = {
      until: new Promise<void>((resolve) => (release = resolve)),
      name: url && this.parseRepositoryUrl(url).name,
    };
    this.held = held;
    return () => {
      if (this.held === held) this.held = null;
      release();
    };
  }

  private held: { until: Promise<void>; name: string | undefined } | null = null;
  /** Calls held by `hold`, waiting for its release. */
  waiting = 0;

  private answer<T>(repo: RepositoryCoordinates | null, work: () => T): Promise<T> {
    if (this.held && (this.held.name === undefined || this.held.name === repo?.name)) {
      this.waiting++;
      return this.held.until.then(() => {
        this.waiting--;
        return this.answer(repo, work);
      });
    }
    this.calls++;
    if (this.fail)
      return Promise.reject(
        new SourceHostError(this.fail.kind, `the source host fails (${this.fail.kind})`, {
          retryAfterSeconds: this.fail.retryAfterSeconds,
        }),
      );
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private branches(repo: RepositoryCoordinates): Map<string, Files> {
    if (this.hidden.has(repo.name)) throw new SourceHostError('private', `${repo.name} is private`);
    const branches = this.repos.get(repo.name);
    if (!branches) throw new SourceHostError('not_found', `${repo.name} not found`);
    return branches;
  }

  /** The files at a branch name, or at a commit the repository ever had. */
  private files(repo: RepositoryCoordinates, ref: string): Files {
    const branches = this.branches(repo);
    const files = branches.get(ref) ?? this.history.get(repo.name)!.get(ref);
    if (!files) throw new SourceHostError('not_found', `ref ${ref} not found`);
    return files;
  }
}

const sha = (text: string): string => createHash('sha1').update(text).digest('hex');
const commit = (files: Files): string => sha(JSON.stringify(Object.entries(files).sort()));
