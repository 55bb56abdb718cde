import type { RepositorySnapshot } from './source-host.types';
import { SnapshotReuse } from './snapshot-reuse';

const repo = { owner: 'acme', name: 'api' };
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

/** A snapshot at `commit` of one file of `bytes` bytes; `taken` counts the fetches. */
function fetcher(commit: string, bytes = 10) {
  const take = jest.fn((): Promise<RepositorySnapshot> =>
    Promise.resolve({
      commitSha: commit,
      files: new Map([['api.yaml', Buffer.alloc(bytes)]]),
      contentDigest: `digest-${commit}`,
    }),
  );
  return take;
}

describe('snapshots kept for the reads at one commit', () => {
  it('takes a commit once for the reads that follow and for reads at the same moment', async () => {
    const reuse = new SnapshotReuse({ maxBytes: 1000, ttlMs: 60_000 });
    const take = fetcher(A);
    await Promise.all([1, 2, 3].map(() => reuse.snapshot(repo, A, take)));
    await reuse.snapshot(repo, A, take);
    expect(take).toHaveBeenCalledTimes(1);
    // Another repository's commit of the same SHA is another snapshot.
    await reuse.snapshot({ owner: 'acme', name: 'other' }, A, take);
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('takes a branch each time (it may have moved), and keeps what it found by commit', async () => {
    const reuse = new SnapshotReuse({ maxBytes: 1000, ttlMs: 60_000 });
    const take = fetcher(A);
    await reuse.snapshot(repo, 'main', take);
    await reuse.snapshot(repo, 'main', take);
    expect(take).toHaveBeenCalledTimes(2);
    const byCommit = fetcher(A);
    await reuse.snapshot(repo, A, byCommit);
    expect(byCommit).not.toHaveBeenCalled();
  });

  it('holds at most maxBytes, dropping the least recently used, and nothing past ttlMs', async () => {
    const reuse = new SnapshotReuse({ maxBytes: 100, ttlMs: 200 });
    await reuse.snapshot(repo, A, fetcher(A, 60));
    await reuse.snapshot(repo, B, fetcher(B, 60));
    const again = fetcher(A, 60);
    await reuse.snapshot(repo, A, again);
    expect(again).toHaveBeenCalledTimes(1);
    // Larger than the bound: read, never kept.
    const huge = fetcher(B, 500);
    await reuse.snapshot(repo, B, huge);
    await reuse.snapshot(repo, B, huge);
    expect(huge).toHaveBeenCalledTimes(2);
    const kept = fetcher(A, 60);
    await reuse.snapshot(repo, A, kept);
    expect(kept).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = fetcher(A, 60);
    await reuse.snapshot(repo, A, later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed fetch: the next read fetches again', async () => {
    const reuse = new SnapshotReuse({ maxBytes: 1000, ttlMs: 60_000 });
    const failing = jest.fn(() => Promise.reject(new Error('git fetch failed')));
    await expect(reuse.snapshot(repo, A, failing)).rejects.toThrow('git fetch failed');
    const take = fetcher(A);
    await reuse.snapshot(repo, A, take);
    expect(take).toHaveBeenCalledTimes(1);
  });
});
