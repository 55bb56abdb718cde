import { createHash } from 'node:crypto';

/** A regular file of a git tree: its path from the root, its git mode and its blob hash. */
export interface DigestEntry {
  path: string;
  mode: string;
  sha: string;
}

/** The prefix of every content digest, so that a value says how it was made. */
export const CONTENT_DIGEST_PREFIX = 'sha256:';

/**
 * The content digest of a repository at one commit: SHA-256 over its canonical listing, one line
 * `<mode> blob <blob sha>\t<path>\n` per regular file (modes 100644 and 100755; symlinks and submodules
 * are not content), ordered by path bytewise. Anyone can recompute it from a clone:
 *
 *     git ls-tree -r -z <commit> | tr '\0' '\n' | grep -E '^100(644|755) blob ' \
 *       | LC_ALL=C sort -t "$(printf '\t')" -k2 | sha256sum
 *
 * It names the sources, not the commit: a rewritten commit with the same files has the same digest, and
 * a host that serves other files for a pinned commit is caught.
 */
export function contentDigest(entries: Iterable<DigestEntry>): string {
  const files = [...entries]
    .filter((e) => e.mode === '100644' || e.mode === '100755')
    .sort((a, b) => Buffer.compare(Buffer.from(a.path, 'utf8'), Buffer.from(b.path, 'utf8')));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.mode} blob ${f.sha}\t${f.path}\n`, 'utf8');
  return CONTENT_DIGEST_PREFIX + hash.digest('hex');
}
