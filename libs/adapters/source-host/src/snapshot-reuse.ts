import { LRUCache } from 'lru-cache';
import type { RepositoryCoordinates, RepositorySnapshot } from './source-host.types';

const FULL_SHA = /^[0-9a-f]{40}$/;

export interface SnapshotReuseLimits {
  /** The snapshots' files together, at most (the least recently used are dropped past it). */
  maxBytes: number;
  /** How long a snapshot is kept after it was taken: the length of one read, not a cache of content. */
  ttlMs: number;
}

/**
 * The snapshots the adapter takes to read content over git when the API cannot answer (rate limited,
 * failing) or sends no content (large files), kept a short while by commit: a caller reading the files of
 * a commit one after another (a specification's 100 files, a validation's few) reads them from one fetch,
 * not one fetch of the whole repository each. A snapshot asked by commit SHA is taken once while it is
 * kept, and once for callers asking at the same moment; one asked by branch or tag is taken each time (the
 * name may have moved) and kept under the commit it found. Bounded in bytes and in time; a failed fetch is
 * not kept.
 */
export class SnapshotReuse {
  private readonly kept: LRUCache<string, RepositorySnapshot>;
  private readonly taking = new Map<string, Promise<RepositorySnapshot>>();

  constructor(limits: SnapshotReuseLimits) {
    this.kept = new LRUCache<string, RepositorySnapshot>({
      maxSize: limits.maxBytes,
      sizeCalculation: (snapshot) => 1 + [...snapshot.files.values()].reduce((sum, f) => sum + f.length, 0),
      ttl: limits.ttlMs,
      ttlAutopurge: true,
    });
  }

  /** The snapshot of `repo` at `ref`: a kept one, the one being taken, or `take()`'s. */
  async snapshot(
    repo: RepositoryCoordinates,
    ref: string,
    take: () => Promise<RepositorySnapshot>,
  ): Promise<RepositorySnapshot> {
    if (!FULL_SHA.test(ref)) return this.keep(repo, await take());
    const key = keyOf(repo, ref);
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    let taking = this.taking.get(key);
    if (taking === undefined) {
      taking = take().finally(() => this.taking.delete(key));
      this.taking.set(key, taking);
    }
    return this.keep(repo, await taking);
  }

  private keep(repo: RepositoryCoordinates, snapshot: RepositorySnapshot): RepositorySnapshot {
    this.kept.set(keyOf(repo, snapshot.commitSha), snapshot);
    return snapshot;
  }
}

function keyOf(repo: RepositoryCoordinates, commit: string): string {
  return `${repo.owner}/${repo.name}@${commit}`;
}
