import type { RepositoryCoordinates, RepositorySnapshot, SourceHost } from '@pc/source-host';
import { SnapshotCachingSourceHost } from './snapshot-cache';

const SHA = (n: number) => n.toString(16).padStart(40, '0');
const repo: RepositoryCoordinates = { owner: 'o', name: 'r' };

/** A source host that serves `bytes` of files per snapshot and counts its fetches (failing on `fail`). */
function host(bytes = 10, fail = new Set<string>()) {
  const fetched: string[] = [];
  const source = {
    snapshot: (_repo: RepositoryCoordinates, ref: string): Promise<RepositorySnapshot> => {
      fetched.push(ref);
      if (fail.has(ref)) return Promise.reject(new Error('unreachable'));
      return Promise.resolve({
        commitSha: ref,
        files: new Map([['f', Buffer.alloc(bytes)]]),
        contentDigest: 'sha256:0',
      });
    },
  } as unknown as SourceHost;
  return { source, fetched };
}

describe('the snapshot cache of the deployment workers', () => {
  it('fetches a commit once for many jobs, also when they ask at the same time', async () => {
    const { source, fetched } = host();
    const cache = new SnapshotCachingSourceHost(source);
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.snapshot(repo, SHA(1))));
    expect(fetched).toEqual([SHA(1)]);
    expect(new Set(all).size).toBe(1);
  });

  it('never keeps what a branch or tag points to, nor a fetch with other limits', async () => {
    const { source, fetched } = host();
    const cache = new SnapshotCachingSourceHost(source);
    await cache.snapshot(repo, 'main');
    await cache.snapshot(repo, 'main');
    await cache.snapshot(repo, SHA(2), { maxFiles: 1 });
    await cache.snapshot(repo, SHA(2), { maxFiles: 1 });
    expect(fetched).toEqual(['main', 'main', SHA(2), SHA(2)]);
  });

  it('forgets a failed fetch, so that the next job tries again', async () => {
    const fail = new Set([SHA(3)]);
    const { source, fetched } = host(10, fail);
    const cache = new SnapshotCachingSourceHost(source);
    await expect(cache.snapshot(repo, SHA(3))).rejects.toThrow('unreachable');
    fail.clear();
    await cache.snapshot(repo, SHA(3));
    expect(fetched).toEqual([SHA(3), SHA(3)]);
  });

  it('drops the least recently used beyond its entry and byte limits', async () => {
    const { source, fetched } = host(100);
    const cache = new SnapshotCachingSourceHost(source, 2, 250);
    await cache.snapshot(repo, SHA(1));
    await cache.snapshot(repo, SHA(2));
    await cache.snapshot(repo, SHA(1)); // now the most recent
    await cache.snapshot(repo, SHA(3)); // over two entries: SHA(2) goes
    await new Promise((r) => setImmediate(r));
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    await cache.snapshot(repo, SHA(1));
    await cache.snapshot(repo, SHA(2));
    expect(fetched).toEqual([SHA(1), SHA(2), SHA(3), SHA(2)]);
  });
});
