import type { ChangesSinceReview, RequestContext } from '@pc/contracts';
import { type Database, type Executor, requireAdmin } from '@pc/platform';
import type { Outbox } from '../outbox/outbox';
import type { PinnedSource, SourceChanges } from './source-changes';

/** The listing a pin request names, and the commits it asks for (else its refs' heads). */
export interface PinRequest {
  id: string;
  commit?: string;
}

/**
 * The reviewed commit a release builds, for any kind: an administrator's pin (for a published listing
 * with none, or to move it by hand) and "changes since review", how far the source refs have moved on
 * since the pin. The flow is the kernel's; a kind's pins service extends it saying where its pins live
 * and how its source is resolved at a commit.
 */
export abstract class Pinning<Listing, Request extends PinRequest, Resolved, Result> {
  protected constructor(
    private readonly db: Database,
    protected readonly outbox: Outbox,
    private readonly changes: SourceChanges,
    /** The kind's access: the listing as the caller sees it (404 when the caller may not). */
    private readonly access: { visible(ctx: RequestContext, id: string): Promise<Listing> },
  ) {}

  /**
   * The listing's source validated at the commits requested: the commits and digests to pin. 422 for a
   * listing not published, a request that does not fit it, or a source not valid there.
   */
  protected abstract resolve(listing: Listing, request: Request): Promise<Resolved>;
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

  /** For whoever sees the listing: the source host's compare of each pin with its ref's head. */
  async changesSinceReview(ctx: RequestContext, id: string): Promise<ChangesSinceReview> {
    return this.changes.since(...this.pinnedSources(await this.access.visible(ctx, id)));
  }
}
