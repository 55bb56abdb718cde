import { createHash } from 'node:crypto';
import {
  type Comparison,
  contentDigest,
  type GitRef,
  type ParsedRepositoryUrl,
  type RepositoryCoordinates,
  type RepositoryInfo,
  type RepositorySnapshot,
  type SourceHost,
  SourceHostError,
  type TreeEntry,
} from '@pc/source-host';

export type Files = Record<string, string>;

const WEB = 'https://source-host.example';

/**
 * Repositories in memory behind the source host adapter's interface, for the service-level tests:
 * `<web>/o/<name>`, branches of files (`main` by default) whose commit is a hash of the files (a push
 * changes it). `down` makes every call fail as an unreachable host does.
 */
export class MemorySourceHost implements SourceHost {
  private readonly repos = new Map<string, Map<string, Files>>();
  /** Every commit a repository ever had (a push keeps the old ones reachable, as git does). */
  private readonly history = new Map<string, Map<string, Files>>();
  private counter = 0;
  down = false;

  /** A new repository; its URL. */
  add(files: Files, branches: Record<string, Files> = {}): string {
    const name = `repo-${++this.counter}-${Date.now().toString(36)}`;
    this.repos.set(name, new Map([['main', files], ...Object.entries(branches)]));
    this.history.set(name, new Map([files, ...Object.values(branches)].map((f) => [commit(f), f])));
    return `${WEB}/o/${name}`;
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
    return this.answer(() => {
      this.branches(repo);
      return {
        owner: 'o',
        name: repo.name,
        fullName: `o/${repo.name}`,
        description: null,
        defaultBranch: 'main',
        visibility: 'public',
        hasIssues: true,
        archived: false,
        webUrl: `${WEB}/o/${repo.name}`,
        cloneUrl: `${WEB}/o/${repo.name}.git`,
      };
    });
  }

  listBranches(repo: RepositoryCoordinates): Promise<GitRef[]> {
    return this.answer(() =>
      [...this.branches(repo)].map(([name, files]) => ({ name, commitSha: commit(files) })),
    );
  }

  listTags(): Promise<GitRef[]> {
    return this.answer(() => []);
  }

  resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string> {
    return this.answer(() => commit(this.files(repo, ref)));
  }

  compare(repo: RepositoryCoordinates, base: string, head: string): Promise<Comparison> {
    return this.answer(() => {
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
    return this.answer(() => {
      const text = this.files(repo, ref)[path];
      if (text === undefined) throw new SourceHostError('not_found', `${path} not found`);
      return Buffer.from(text);
    });
  }

  async readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string> {
    return (await this.readFile(repo, path, ref)).toString('utf8');
  }

  readTree(repo: RepositoryCoordinates, ref: string, path?: string): Promise<TreeEntry[]> {
    return this.answer(() => {
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
    return this.answer(() => {
      const files = this.files(repo, ref);
      const entries = Object.entries(files).map(([path, text]) => ({ path, mode: '100644', sha: sha(text) }));
      return { commit: commit(files), digest: contentDigest(entries) };
    });
  }

  snapshot(): Promise<RepositorySnapshot> {
    return Promise.reject(new Error('the rulesets service never snapshots a repository'));
  }

  private answer<T>(work: () => T): Promise<T> {
    if (this.down) return Promise.reject(new SourceHostError('unreachable', 'the source host is down'));
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private branches(repo: RepositoryCoordinates): Map<string, Files> {
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
