import type { ChangesSinceReview, ErrorCode, RequestContext } from '@pc/contracts';
import { type Database, DomainError, type Executor, requireAdmin } from '@pc/platform';
import type { OwnedListings } from '../access/owned-listings';
import type { Outbox } from '../outbox/outbox';
import type { Inspection } from '../submissions/submitting';
import type { PinnedSource, SourceChanges } from './source-changes';

/** The listing a pin request names, and the commits it asks for (else its refs' heads). */
export interface PinRequest {
  id: string;
  commit?: string;
}

/** A kind's pins to the kernel: its noun, its 422s for a listing not published and a repository not valid. */
export type PinRules = { noun: string; notPublished: ErrorCode; invalid: ErrorCode };

/**
 * The reviewed commit a release builds, for any kind: an administrator's pin (for a published listing
 * with none, or to move it by hand) and "changes since review", how far the source refs have moved on
 * since the pin. The flow and its rules are the kernel's (only a published listing, only a repository
 * valid at that commit: 422 otherwise); a kind's pins service extends it saying how its repository is
 * inspected at a commit and where its pins live.
 */
export abstract class Pinning<
  Listing extends { owner_id: string },
  Request extends PinRequest,
  Resolved extends Inspection & { commit: string | null },
  Result,
> {
  protected constructor(
    private readonly db: Database,
    protected readonly outbox: Outbox,
    private readonly changes: SourceChanges,
    /** The kind's access: the listing as the caller sees it (404 when the caller may not). */
    private readonly access: Pick<OwnedListings<Listing>, 'visible' | 'isPublished'>,
    private readonly rules: PinRules,
  ) {}

  /**
   * The kind's inspection of the listing's source at the commits requested (the commits and digests to
   * pin); 422 for a request that does not fit the listing.
   */
  protected abstract inspect(listing: Listing, request: Request): Promise<Resolved>;
  /** Writes the pin, the kind's history entry and its new version's event, in the transaction given. */
  protected abstract record(tx: Executor, listing: Listing, pin: Resolved, adminId: string): Promise<Listing>;
  protected abstract present(ctx: RequestContext, listing: Listing): Promise<Result>;
  /** The listing's pinned repositories (none before a first pin), source first. */
  protected abstract pinnedSources(listing: Listing): [PinnedSource | null, PinnedSource | null];

  /** Validates the repository at the commit given and pins that commit and its content digest. */
  async pin(ctx: RequestContext, request: Request): Promise<Result> {
    const admin = requireAdmin(ctx);
    const listing = await this.access.visible(ctx, request.id);
    const pin = await this.resolve(listing, request);
    const pinned = await this.db.transaction((tx) => this.record(tx, listing, pin, admin.userId));
    this.outbox.kick();
    return this.present(ctx, pinned);
  }

  /** The source validated at the commits requested: 422 for a listing not published or a source not valid there. */
  private async resolve(listing: Listing, request: Request): Promise<Resolved> {
    const { noun, notPublished, invalid } = this.rules;
    if (!this.access.isPublished(listing))
      throw new DomainError(notPublished, `Only a published ${noun} is pinned (approval pins a submission)`, [
        { field: 'id', message: 'is not published' },
      ]);
    const inspection = await this.inspect(listing, request);
    if (!inspection.ok || !inspection.commit)
      throw new DomainError(
        invalid,
        `The repository is not a valid ${noun} repository at that commit`,
        inspection.errors.map((message) => ({ field: 'commit', message })),
      );
    return inspection;
  }

  /** For whoever sees the listing: the source host's compare of each pin with its ref's head. */
  async changesSinceReview(ctx: RequestContext, id: string): Promise<ChangesSinceReview> {
    return this.changes.since(...this.pinnedSources(await this.access.visible(ctx, id)));
  }
}
