import { appendFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GitRunner, SANDBOX_GIT_IDENTITY } from '../sandbox.git';

/** File contents by repository path; strings are UTF-8. */
export type FileSet = Record<string, string | Buffer>;

export interface RepositorySpec {
  owner: string;
  name: string;
  defaultBranch?: string;
  description?: string;
  files: FileSet;
  /** Other branches, each with its complete file set (committed on top of the default branch). */
  branches?: Record<string, FileSet>;
  /** Tags, each with its complete file set; an empty set tags the default branch's head. */
  tags?: Record<string, FileSet>;
  hasIssues?: boolean;
  private?: boolean;
}

export interface StoredRepository {
  id: number;
  owner: string;
  name: string;
  defaultBranch: string;
  description: string;
  hasIssues: boolean;
  private: boolean;
  gitDir: string;
  createdAt: string;
  /**
   * Commits whose history the host rewrote (`rewriteCommit`): the REST API answers the new commit for
   * the old SHA, as a host that rewrote history and maps old names would. Git still has the old objects.
   */
  rewritten?: Map<string, string>;
}

export interface TreeItem {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const FULL_SHA = /^[0-9a-f]{40}$/;
/** Larger files are read from git each time rather than kept (the sandbox's repositories hold a few KB). */
const MAX_KEPT_BLOB_BYTES = 256 * 1024;
const REF = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)[A-Za-z0-9._/-]{1,200}(?<!\/)(?<!\.lock)$/;

export class RepositoryInputError extends Error {}

const STATUS: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', T: 'changed' };

interface CommitInfo {
  sha: string;
  tree: string;
  message: string;
  date: string;
  parents: string[];
}

/**
 * What a repository's git objects were read to say, by full SHA. Objects never change (a rewrite adds
 * new ones; nothing is collected), so each is read from git once; refs move and are read every time.
 */
interface ObjectReads {
  /** SHAs known to name commits of this repository. */
  commits: Set<string>;
  infos: Map<string, CommitInfo>;
  /** A commit's entries, recursive (directories included), by commit SHA. */
  trees: Map<string, TreeItem[]>;
  blobs: Map<string, Buffer>;
}

/**
 * Repositories of the sandbox source host, as bare git repositories in a temporary directory
 * (`<root>/<owner>/<name>.git`), so that the REST shape and git smart HTTP serve the same commits.
 *
 * The REST reads run git, from the store's own runner process (`GitRunner`): from the process hosting
 * the sandbox each git process was a fork of it, blocking its one event loop (5 ms from a 45 MB process,
 * 126 ms from a 900 MB one at load average 11). A policy validation read 22 of them one after another,
 * 0.4 to 0.9 s apart at load average 12, past the bus's 10 s (the README walk-throughs' 504s on
 * submissions). What a commit holds is read once per object (`ObjectReads`): a validation starts five
 * git processes.
 */
export class GitRepositoryStore {
  private readonly repos = new Map<string, StoredRepository>();
  /** Per repository object (a repository removed and created again starts empty). */
  private readonly reads = new WeakMap<StoredRepository, ObjectReads>();
  private nextId = 1;
  private commitClock = Date.UTC(2024, 0, 15, 9, 0, 0) / 1000;

  /** The sandbox's git (its REST reads, its writes, and git smart HTTP). */
  readonly git = new GitRunner();

  constructor(readonly root: string) {}

  static async create(): Promise<GitRepositoryStore> {
    return new GitRepositoryStore(await mkdtemp(join(tmpdir(), 'pc-sandbox-git-')));
  }

  async dispose(): Promise<void> {
    this.git.close();
    await rm(this.root, { recursive: true, force: true });
  }

  get(owner: string, name: string): StoredRepository | undefined {
    return this.repos.get(key(owner, name));
  }

  list(): StoredRepository[] {
    return [...this.repos.values()];
  }

  async remove(owner: string, name: string): Promise<boolean> {
    const repo = this.get(owner, name);
    if (!repo) return false;
    this.repos.delete(key(owner, name));
    await rm(repo.gitDir, { recursive: true, force: true });
    return true;
  }

  async createRepository(spec: RepositorySpec): Promise<StoredRepository> {
    if (!NAME.test(spec.owner) || !NAME.test(spec.name) || spec.name.endsWith('.git')) {
      throw new RepositoryInputError('owner and name must be simple names ([A-Za-z0-9_.-])');
    }
    if (this.get(spec.owner, spec.name))
      throw new RepositoryInputError(`${spec.owner}/${spec.name} already exists`);
    const defaultBranch = spec.defaultBranch ?? 'main';
    for (const ref of [defaultBranch, ...Object.keys(spec.branches ?? {}), ...Object.keys(spec.tags ?? {})]) {
      if (!REF.test(ref)) throw new RepositoryInputError(`Not a valid ref name: ${ref}`);
    }
    validateFiles(spec.files);
    const gitDir = join(this.root, spec.owner, `${spec.name}.git`);
    await mkdir(dirname(gitDir), { recursive: true });
    await this.git.ok([
      'init',
      '--bare',
      '--quiet',
      '--template=',
      `--initial-branch=${defaultBranch}`,
      gitDir,
    ]);
    // What git smart HTTP needs of the repository, written as `git config` writes it (one process the less
    // per key): fetches by SHA (a pinned commit), and no pushes.
    await appendFile(
      join(gitDir, 'config'),
      '[uploadpack]\n\tallowAnySHA1InWant = true\n[http]\n\treceivepack = false\n',
    );
    const repo: StoredRepository = {
      id: this.nextId++,
      owner: spec.owner,
      name: spec.name,
      defaultBranch,
      description: spec.description ?? '',
      hasIssues: spec.hasIssues ?? true,
      private: spec.private ?? false,
      gitDir,
      createdAt: new Date().toISOString(),
    };
    const branches = Object.entries(spec.branches ?? {}).map(([branch, files]) => {
      validateFiles(files);
      return { ref: `refs/heads/${branch}`, files, parent: HEAD_MARK, message: `Work on ${branch}` };
    });
    const tags = Object.entries(spec.tags ?? {}).map(([tag, files]) => {
      validateFiles(files);
      return { ref: `refs/tags/${tag}`, files, parent: HEAD_MARK, message: `Release ${tag}` };
    });
    const ofHead = (tag: NewCommit) => Object.keys(tag.files).length === 0;
    await this.importCommits(gitDir, [
      {
        ref: `refs/heads/${defaultBranch}`,
        files: spec.files,
        message: 'Initial commit',
        alsoRefs: tags.filter(ofHead).map((tag) => tag.ref),
      },
      ...branches,
      ...tags.filter((tag) => !ofHead(tag)),
    ]);
    this.repos.set(key(spec.owner, spec.name), repo);
    return repo;
  }

  /** Commits a complete file set on top of a branch (created from the default branch when new), optionally tagged. */
  async pushCommit(
    repo: StoredRepository,
    input: { branch?: string; files: FileSet; message?: string; tag?: string },
  ): Promise<string> {
    const branch = input.branch ?? repo.defaultBranch;
    for (const ref of [branch, ...(input.tag ? [input.tag] : [])]) {
      if (!REF.test(ref)) throw new RepositoryInputError(`Not a valid ref name: ${ref}`);
    }
    validateFiles(input.files);
    const parent =
      (await this.resolveCommit(repo, `refs/heads/${branch}`)) ??
      (await this.resolveCommit(repo, `refs/heads/${repo.defaultBranch}`));
    const [sha] = await this.importCommits(repo.gitDir, [
      {
        ref: `refs/heads/${branch}`,
        files: input.files,
        parent,
        message: input.message ?? `Update ${branch}`,
        alsoRefs: input.tag ? [`refs/tags/${input.tag}`] : [],
      },
    ]);
    return sha;
  }

  /** The commit a branch, tag or SHA points to, or undefined. */
  async resolveCommit(repo: StoredRepository, ref: string): Promise<string | undefined> {
    if (!REF.test(ref) && !/^refs\/(heads|tags)\//.test(ref)) return undefined;
    const known = this.objectReads(repo).commits;
    if (FULL_SHA.test(ref) && known.has(ref)) return repo.rewritten?.get(ref) ?? ref;
    const result = await this.git.run([
      '--git-dir',
      repo.gitDir,
      'rev-parse',
      '--verify',
      '--quiet',
      `${ref}^{commit}`,
    ]);
    const sha = result.stdout.toString('utf8').trim();
    if (result.code !== 0 || sha === '') return undefined;
    known.add(sha);
    return repo.rewritten?.get(sha) ?? sha;
  }

  /**
   * The sandbox's history-rewrite knob: a commit with the same parents and message as `sha` but other
   * files (one line added to its first file, or a `REWRITTEN` file), the branches and tags that pointed
   * at `sha` moved to it, and `sha` answered as the new commit by the REST API from now on.
   */
  async rewriteCommit(repo: StoredRepository, sha: string): Promise<string> {
    const original = await this.resolveCommit(repo, sha);
    if (!original) throw new RepositoryInputError(`No commit ${sha}`);
    const info = await this.commitInfo(repo, original);
    const files: FileSet = {};
    for (const item of await this.tree(repo, original, true)) {
      if (item.type !== 'blob') continue;
      const content = await this.git.run(['--git-dir', repo.gitDir, 'cat-file', 'blob', item.sha]);
      files[item.path] = content.stdout;
    }
    const first = Object.keys(files).sort()[0];
    if (first) files[first] = Buffer.concat([Buffer.from(files[first]), Buffer.from('\n# rewritten\n')]);
    else files.REWRITTEN = 'rewritten\n';
    const pointing: string[] = [];
    for (const kind of ['heads', 'tags'] as const) {
      for (const ref of await this.refs(repo, kind))
        if (ref.sha === original) pointing.push(`refs/${kind}/${ref.name}`);
    }
    // A commit no branch or tag points at is written through a ref of its own, removed after.
    const [ref = UNREFERENCED, ...alsoRefs] = pointing;
    const [rewritten] = await this.importCommits(repo.gitDir, [
      { ref, files, parent: info.parents[0], message: info.message, alsoRefs },
    ]);
    if (ref === UNREFERENCED) await this.git.ok(['--git-dir', repo.gitDir, 'update-ref', '-d', ref]);
    repo.rewritten ??= new Map();
    repo.rewritten.set(original, rewritten);
    return rewritten;
  }

  /** Commits on `head` not on `base`, and the files that differ between them (`git diff --name-status`). */
  async compare(
    repo: StoredRepository,
    base: string,
    head: string,
  ): Promise<{ ahead: number; behind: number; files: Array<{ path: string; status: string }> } | undefined> {
    const [from, to] = [await this.resolveCommit(repo, base), await this.resolveCommit(repo, head)];
    if (!from || !to) return undefined;
    const counts = await this.git.ok([
      '--git-dir',
      repo.gitDir,
      'rev-list',
      '--left-right',
      '--count',
      `${from}...${to}`,
    ]);
    const [behind = 0, ahead = 0] = counts.split(/\s+/).map(Number);
    const diff = await this.git.ok(['--git-dir', repo.gitDir, 'diff', '--name-status', '-z', from, to]);
    const parts = diff.split('\0').filter((p) => p !== '');
    const files: Array<{ path: string; status: string }> = [];
    for (let i = 0; i < parts.length; i++) {
      const code = parts[i] ?? '';
      if (/^[RC]/.test(code)) {
        files.push({ path: parts[i + 2] ?? '', status: 'renamed' });
        i += 2;
      } else {
        files.push({ path: parts[i + 1] ?? '', status: STATUS[code[0] ?? 'M'] ?? 'modified' });
        i += 1;
      }
    }
    return { ahead, behind, files };
  }

  async refs(repo: StoredRepository, kind: 'heads' | 'tags'): Promise<Array<{ name: string; sha: string }>> {
    const out = await this.git.ok([
      '--git-dir',
      repo.gitDir,
      'for-each-ref',
      '--sort=refname',
      '--format=%(refname:lstrip=2)%00%(objectname)%00%(*objectname)',
      `refs/${kind}`,
    ]);
    return out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [name = '', sha = '', peeled = ''] = line.split('\0');
        return { name, sha: peeled !== '' ? peeled : sha };
      });
  }

  async commitInfo(repo: StoredRepository, sha: string): Promise<CommitInfo> {
    const infos = this.objectReads(repo).infos;
    const kept = FULL_SHA.test(sha) ? infos.get(sha) : undefined;
    if (kept) return kept;
    const out = await this.git.ok([
      '--git-dir',
      repo.gitDir,
      'show',
      '-s',
      '--format=%H%x00%T%x00%P%x00%cI%x00%B',
      sha,
    ]);
    const [commit = '', tree = '', parents = '', date = '', ...message] = out.split('\0');
    const info: CommitInfo = {
      sha: commit,
      tree,
      parents: parents.split(' ').filter(Boolean),
      date,
      message: message.join('\0').trim(),
    };
    if (FULL_SHA.test(sha)) infos.set(sha, info);
    return info;
  }

  /** A commit's entries: its top level, or every entry (recursive, directories included). */
  async tree(repo: StoredRepository, sha: string, recursive: boolean): Promise<TreeItem[]> {
    if (!FULL_SHA.test(sha)) return this.lsTree(repo, sha, recursive);
    const trees = this.objectReads(repo).trees;
    let entries = trees.get(sha);
    if (!entries) {
      entries = await this.lsTree(repo, sha, true);
      if (entries.length > 0) trees.set(sha, entries);
    }
    return recursive ? entries : entries.filter((e) => !e.path.includes('/'));
  }

  /** What is at `path` in a commit (a full SHA): a blob's bytes, a directory's entries, or nothing. */
  async pathAt(
    repo: StoredRepository,
    sha: string,
    path: string,
  ): Promise<
    { kind: 'file'; sha: string; content: Buffer } | { kind: 'dir'; entries: TreeItem[] } | undefined
  > {
    if (path === '') return { kind: 'dir', entries: await this.tree(repo, sha, false) };
    if (path.split('/').some((s) => s === '' || s === '.' || s === '..')) return undefined;
    const entries = await this.tree(repo, sha, true);
    const found = entries.find((e) => e.path === path);
    if (found?.type === 'tree') {
      const prefix = `${path}/`;
      return {
        kind: 'dir',
        entries: entries.filter(
          (e) => e.path.startsWith(prefix) && !e.path.slice(prefix.length).includes('/'),
        ),
      };
    }
    if (found?.type !== 'blob') return undefined;
    return { kind: 'file', sha: found.sha, content: await this.blob(repo, found.sha) };
  }

  private async lsTree(repo: StoredRepository, treeish: string, recursive: boolean): Promise<TreeItem[]> {
    const args = ['--git-dir', repo.gitDir, 'ls-tree', '-l', '-z'];
    if (recursive) args.push('-r', '-t');
    const result = await this.git.run([...args, treeish]);
    if (result.code !== 0) return [];
    return parseTree(result.stdout.toString('utf8'));
  }

  private async blob(repo: StoredRepository, sha: string): Promise<Buffer> {
    const blobs = this.objectReads(repo).blobs;
    const kept = blobs.get(sha);
    if (kept) return kept;
    const result = await this.git.run(['--git-dir', repo.gitDir, 'cat-file', 'blob', sha]);
    if (result.code === 0 && result.stdout.length <= MAX_KEPT_BLOB_BYTES) blobs.set(sha, result.stdout);
    return result.stdout;
  }

  private objectReads(repo: StoredRepository): ObjectReads {
    let reads = this.reads.get(repo);
    if (!reads) {
      reads = { commits: new Set(), infos: new Map(), trees: new Map(), blobs: new Map() };
      this.reads.set(repo, reads);
    }
    return reads;
  }

  /**
   * Writes commits with one `git fast-import`, each with its whole file set and its refs moved to it
   * (forced: a rewrite moves refs off their history). Writing a commit through a work tree took three
   * git processes (`add`, `write-tree`, `commit-tree`) and one more per ref, and each git process is a
   * fork of the process hosting the sandbox (`npm start`'s, or a test's), costing more the larger that
   * process is. Returns each commit's SHA, in order.
   */
  private async importCommits(gitDir: string, commits: NewCommit[]): Promise<string[]> {
    const identity = `${SANDBOX_GIT_IDENTITY.GIT_AUTHOR_NAME} <${SANDBOX_GIT_IDENTITY.GIT_AUTHOR_EMAIL}>`;
    const stream: Buffer[] = [];
    const data = (content: string | Buffer) => {
      const bytes = Buffer.from(content);
      stream.push(Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n'));
    };
    commits.forEach((commit, n) => {
      const date = this.nextDate();
      stream.push(Buffer.from(`commit ${commit.ref}\nmark :${n + 1}\n`));
      stream.push(Buffer.from(`author ${identity} ${date}\ncommitter ${identity} ${date}\n`));
      data(`${commit.message}\n`);
      if (commit.parent) stream.push(Buffer.from(`from ${commit.parent}\n`));
      stream.push(Buffer.from('deleteall\n'));
      for (const [path, content] of Object.entries(commit.files)) {
        stream.push(Buffer.from(`M 100644 inline ${quotedPath(path)}\n`));
        data(content);
      }
      for (const ref of commit.alsoRefs ?? []) stream.push(Buffer.from(`reset ${ref}\nfrom :${n + 1}\n\n`));
    });
    const marks = join(this.root, `.marks-${randomUUID()}`);
    try {
      await this.git.ok(
        ['--git-dir', gitDir, 'fast-import', '--quiet', '--force', `--export-marks=${marks}`],
        {
          input: Buffer.concat(stream),
        },
      );
      const shas = new Map(
        (await readFile(marks, 'utf8'))
          .trim()
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
      return commits.map((_, n) => shas.get(`:${n + 1}`) ?? '');
    } finally {
      await rm(marks, { force: true });
    }
  }

  /** Commit dates advance an hour per commit from a fixed start, so histories read naturally. */
  private nextDate(): string {
    this.commitClock += 3600;
    return `${this.commitClock} +0000`;
  }
}

/** A commit `importCommits` writes: its whole file set on `parent`, at `ref` and `alsoRefs`. */
interface NewCommit {
  ref: string;
  files: FileSet;
  /** A commit's SHA, or `HEAD_MARK`; none for a first commit. */
  parent?: string;
  message: string;
  alsoRefs?: string[];
}

/** The first commit of an import, as a later commit of the same import names it for its parent. */
const HEAD_MARK = ':1';

/** The ref a rewritten commit that no branch or tag points at is written through (removed after). */
const UNREFERENCED = 'refs/sandbox/unreferenced';

/** A path as fast-import reads one that may hold any character: C-style quoted. */
function quotedPath(path: string): string {
  let quoted = '"';
  for (const c of path) {
    const code = c.charCodeAt(0);
    if (c === '\\' || c === '"') quoted += `\\${c}`;
    else if (code < 0x20 || code === 0x7f) quoted += `\\${code.toString(8).padStart(3, '0')}`;
    else quoted += c;
  }
  return `${quoted}"`;
}

function key(owner: string, name: string): string {
  return `${owner.toLowerCase()}/${name.toLowerCase()}`;
}

function validateFiles(files: FileSet): void {
  for (const path of Object.keys(files)) {
    const segments = path.split('/');
    if (path.startsWith('/') || segments.some((s) => s === '' || s === '.' || s === '..' || s === '.git')) {
      throw new RepositoryInputError(`Not a valid file path: ${path}`);
    }
  }
}

function parseTree(output: string): TreeItem[] {
  const items: TreeItem[] = [];
  for (const record of output.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode = '', type = '', sha = '', size = '-'] = record.slice(0, tab).split(/\s+/);
    const item: TreeItem = { path: record.slice(tab + 1), mode, type: type as TreeItem['type'], sha };
    if (type === 'blob' && size !== '-') item.size = Number(size);
    items.push(item);
  }
  return items;
}
