import type {
  Comparison,
  GitRefList,
  ParsedRepositoryUrl,
  RepositoryCoordinates,
  RepositoryInfo,
  RepositorySnapshot,
  SnapshotOptions,
  SourceHost,
  TreeEntry,
} from '@pc/source-host';

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * The source host, with the snapshots of commits kept (a commit's files never change): a deployment to 50
 * organizations is 50 jobs at one commit, and each fetched it again over git. Only snapshots asked by
 * commit SHA and with the default limits are kept, the least recently used dropped beyond `maxEntries`
 * or `maxBytes`; a failed fetch is not kept. Everything else goes straight to the host.
 */
export class SnapshotCachingSourceHost implements SourceHost {
  private readonly entries = new Map<string, { bytes: number; snapshot: Promise<RepositorySnapshot> }>();
  private bytes = 0;

  constructor(
    private readonly host: SourceHost,
    private readonly maxEntries = 32,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  snapshot(repo: RepositoryCoordinates, ref: string, options?: SnapshotOptions): Promise<RepositorySnapshot> {
    if (!COMMIT.test(ref) || options !== undefined) return this.host.snapshot(repo, ref, options);
    const key = `${repo.owner}/${repo.name}@${ref}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.snapshot;
    }
    const entry = { bytes: 0, snapshot: this.host.snapshot(repo, ref) };
    this.entries.set(key, entry);
    entry.snapshot.then(
      (snapshot) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = [...snapshot.files.values()].reduce((sum, file) => sum + file.length, 0);
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.snapshot;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  parseRepositoryUrl(url: string): ParsedRepositoryUrl {
    return this.host.parseRepositoryUrl(url);
  }

  getRepository(repo: RepositoryCoordinates): Promise<RepositoryInfo> {
    return this.host.getRepository(repo);
  }

  listBranches(repo: RepositoryCoordinates): Promise<GitRefList> {
    return this.host.listBranches(repo);
  }

  listTags(repo: RepositoryCoordinates): Promise<GitRefList> {
    return this.host.listTags(repo);
  }

  resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string> {
    return this.host.resolveRef(repo, ref);
  }

  compare(repo: RepositoryCoordinates, base: string, head: string): Promise<Comparison> {
    return this.host.compare(repo, base, head);
  }

  contentDigest(repo: RepositoryCoordinates, ref: string): Promise<{ commit: string; digest: string }> {
    return this.host.contentDigest(repo, ref);
  }

  readFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<Buffer> {
    return this.host.readFile(repo, path, ref);
  }

  readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string> {
    return this.host.readTextFile(repo, path, ref);
  }

  readTree(repo: RepositoryCoordinates, ref: string, path?: string): Promise<TreeEntry[]> {
    return this.host.readTree(repo, ref, path);
  }
}
