import type { ProvenanceSource } from '@pc/platform';
import type { RepositoryCoordinates, RepositorySnapshot } from '@pc/source-host';
import type { DeploymentRow } from '@pc/deployments-store';
import type { Adapters, PipelineContext } from './pipeline-context';
import { PermanentFailure } from './failure';

type Pin = NonNullable<DeploymentRow['source']['pin']>;

/** One repository a job builds from: the ref named, the commit it resolved to, and the review's pin. */
export interface ResolvedRepository {
  ref: string;
  commit: string;
  /** The commit the review pinned, when this build is of it. */
  pinnedCommit: string | null;
  pinnedContentDigest: string | null;
}

/** A commit a job resolved before resolutions recorded pins (a job saved by an older worker): unpinned. */
export function unpinned(resolved: { ref: string; commit: string }): ResolvedRepository {
  return { ref: resolved.ref, commit: resolved.commit, pinnedCommit: null, pinnedContentDigest: null };
}

/**
 * What a job builds: the reviewed commit pinned on the item when the deployment names no ref (a release
 * always does), else the ref named (a dev build, `reviewed: false`), else, for deployments made before
 * pins, the item's source ref or the default branch.
 */
export async function resolveRepository(
  c: PipelineContext,
  a: Adapters,
  repo: RepositoryCoordinates,
  which: 'definition' | 'implementation',
  named: string | null,
  sourceRef: string | null,
): Promise<ResolvedRepository> {
  const pin = c.deployment.source.pin ?? null;
  const pinned = pinnedOf(pin, which);
  const label = which === 'implementation' ? 'implementation ' : '';
  if (named === null && pinned) {
    const commit = await a.sourceHost.resolveRef(repo, pinned.commit);
    await c.log.line(
      'resolve',
      `Building the reviewed ${label}commit ${pinned.commit}` +
        (commit === pinned.commit ? '' : ` (the source host answers commit ${commit} for it)`),
    );
    return { ref: pinned.commit, commit, pinnedCommit: pinned.commit, pinnedContentDigest: pinned.digest };
  }
  const ref = named ?? sourceRef ?? (await a.sourceHost.getRepository(repo)).defaultBranch;
  const commit = await a.sourceHost.resolveRef(repo, ref);
  const reviewed = pinned !== null && commit === pinned.commit;
  // A dev build says so on the log's first line (and `reviewed: false` on the deployment).
  await c.log.line('resolve', `Resolved ${label}${ref} to commit ${commit}`);
  return {
    ref,
    commit,
    pinnedCommit: reviewed ? pinned.commit : null,
    pinnedContentDigest: reviewed ? pinned.digest : null,
  };
}

/**
 * The fetched tree must be the reviewed one: its content digest equal to the pin's. A mismatch means the
 * source host now serves other files for the reviewed commit (it rewrote history): the job fails before
 * anything is built or published.
 */
export async function checkReviewedContent(
  c: PipelineContext,
  resolved: ResolvedRepository,
  snapshot: RepositorySnapshot,
  which: 'definition' | 'implementation',
): Promise<void> {
  if (resolved.pinnedCommit === null) return;
  const label = which === 'implementation' ? 'implementation ' : '';
  if (resolved.pinnedContentDigest === null) {
    await c.log.line(
      'fetch',
      `No content digest was recorded when the ${label}commit was reviewed: fetched ${snapshot.contentDigest}`,
      'warn',
    );
    return;
  }
  if (snapshot.contentDigest !== resolved.pinnedContentDigest)
    throw new PermanentFailure(
      `The source host's files for the reviewed ${label}commit ${resolved.pinnedCommit} are not the ones ` +
        `reviewed (content digest ${snapshot.contentDigest}, reviewed ${resolved.pinnedContentDigest}): ` +
        'the source host rewrote history; nothing was built or published',
    );
  await c.log.line('fetch', `Content digest ${snapshot.contentDigest} matches the review`);
}

export function provenanceSource(
  url: string,
  resolved: ResolvedRepository,
  contentDigest: string,
): ProvenanceSource {
  return {
    uri: url,
    ref: resolved.ref,
    commit: resolved.commit,
    contentDigest,
    pinnedCommit: resolved.pinnedCommit,
    pinnedContentDigest: resolved.pinnedContentDigest,
  };
}

function pinnedOf(
  pin: Pin | null,
  which: 'definition' | 'implementation',
): { commit: string; digest: string | null } | null {
  if (!pin) return null;
  if (which === 'definition') return { commit: pin.commit, digest: pin.content_digest };
  return pin.implementation_commit
    ? { commit: pin.implementation_commit, digest: pin.implementation_content_digest }
    : null;
}
