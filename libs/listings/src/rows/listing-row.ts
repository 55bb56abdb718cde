import type { PinOrigin, ReviewPin } from '@pc/contracts';

/** The review's pin on a listing: the commit a release builds, the content digest there, who pinned it. */
export interface PinColumns {
  pinned_commit: string | null;
  pinned_content_digest: string | null;
  pinned_at: Date | null;
  pinned_by: string | null;
  pinned_how: PinOrigin | null;
}

/** The columns every kind's listings table has, as node-postgres returns them; a kind's row adds its own. */
export interface ListingRow extends PinColumns {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  /** The ref deployed (null: the URL's or the default branch). */
  source_ref: string | null;
  video_tutorial_url: string | null;
  examples_url: string | null;
  icon_url: string | null;
  like_count: number;
  /** Successful deployments, counted from the deployments service's events. */
  deploy_count: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns no change of a listing sets: its id, the counters the kernel keeps, the timestamps. */
export type KeptColumns = 'id' | 'like_count' | 'deploy_count' | 'created_at' | 'updated_at';

/** A new pin: the commit and content digest pinned, now, by `by` (the reviewer's approval or an administrator's pin). */
export function pinnedNow(
  how: PinOrigin,
  by: string,
  commit: string | null,
  digest: string | null,
): PinColumns {
  return {
    pinned_commit: commit,
    pinned_content_digest: digest,
    pinned_at: new Date(),
    pinned_by: by,
    pinned_how: how,
  };
}

/** The review's pin as a listing shows it (null before the first); a policy may pin an implementation too. */
export function reviewPin(
  row: PinColumns & {
    implementation_pinned_commit?: string | null;
    implementation_pinned_content_digest?: string | null;
  },
): ReviewPin | null {
  if (row.pinned_commit === null || row.pinned_at === null) return null;
  return {
    commit: row.pinned_commit,
    content_digest: row.pinned_content_digest,
    implementation_commit: row.implementation_pinned_commit ?? null,
    implementation_content_digest: row.implementation_pinned_content_digest ?? null,
    reviewed_at: row.pinned_at.toISOString(),
    reviewed_by: row.pinned_by,
    how: row.pinned_how ?? 'review',
  };
}
