import { Injectable } from '@nestjs/common';
import type { ChangesSinceReview, ErrorCode, RequestContext } from '@pc/contracts';
import { Database, DomainError, type Executor, requireAdmin } from '@pc/platform';
import type { OwnedListings } from '../access/owned-listings';
import { Outbox } from '../outbox/outbox';
import type { Inspection } from '../submissions/submitting';
import { type PinnedSource, SourceChanges } from './source-changes';

/** The listing a pin request names, and the commits it asks for (else its refs' heads). */
export interface PinRequest {
  id: string;
  commit?: string;
}

/** A kind's pins to the kernel: its noun, its 422s for a listing not published and a repository not valid. */
export type PinRules = { noun: string; notPublished: ErrorCode; invalid: ErrorCode };

/** What a kind's inspection at a commit resolves: the commit (and digests) to pin, or why not. */
export type PinInspection = Inspection & { commit: string | null };

/**
 * What a kind's pins are to the kernel: its rules, its access, how its repository is inspected at a
 * commit and where its pins live. A kind's service provides one (injected with what it uses) and its
 * handler hands it to `Pinning`.
 */
export interface KindPins<
  Listing extends { owner_id: string },
  Request extends PinRequest,
  Resolved extends PinInspection,
  Result,
> {
  readonly rules: PinRules;
  /** The kind's access: the listing as the caller sees it (404 when the caller may not). */
  readonly access: Pick<OwnedListings<Listing>, 'visible' | 'isPublished'>;
  /**
   * The kind's inspection of the listing's source at the commits requested (the commits and digests to
   * pin); 422 for a request that does not fit the listing. `adminId`: the administrator pinning, whose
   * work it is (the rulesets' engine checks count in their share of the evaluator).
   */
  inspect(listing: Listing, request: Request, adminId: string): Promise<Resolved>;
  /**
   * What the inspection reads (repositories, refs, paths) and the pins the new one replaces: the pin is
   * recorded only while these are as they were when inspected.
   */
  inspected(listing: Listing): unknown[];
  /** Writes the pin, the kind's history entry and its new version's event, in the transaction given. */
  record(tx: Executor, listing: Listing, pin: Resolved, adminId: string): Promise<Listing>;
  present(ctx: RequestContext, listing: Listing): Promise<Result>;
  /** The listing's pinned repositories (none before a first pin), source first. */
  pinnedSources(listing: Listing): [PinnedSource | null, PinnedSource | null];
}

/**
 * The reviewed commit a release builds, for any kind: an administrator's pin (for a published listing
 * with none, or to move it by hand) and "changes since review", how far the source refs have moved on
 * since the pin. The flow and its rules are the kernel's (only a published listing, only a repository
 * valid at that commit: 422 otherwise); the kind's pins (`KindPins`) say the rest.
 */
@Injectable()
export class Pinning {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly changes: SourceChanges,
  ) {}

  /**
   * Validates the repository at the commit given and pins that commit and its content digest: 422 for a
   * listing not published or a repository not valid there.
   */
  async pin<
    Listing extends { owner_id: string },
    Request extends PinRequest,
    Resolved extends PinInspection,
    Result,
  >(
    kind: KindPins<Listing, Request, Resolved, Result>,
    ctx: RequestContext,
    request: Request,
  ): Promise<Result> {
    const admin = requireAdmin(ctx);
    const { noun, notPublished, invalid } = kind.rules;
    const listing = await kind.access.visible(ctx, request.id);
    if (!kind.access.isPublished(listing))
      throw new DomainError(notPublished, `Only a published ${noun} is pinned (approval pins a submission)`, [
        { field: 'id', message: 'is not published' },
      ]);
    const pin = await kind.inspect(listing, request, admin.userId);
    if (!pin.ok || !pin.commit)
      throw new DomainError(
        invalid,
        `The repository is not a valid ${noun} repository at that commit`,
        pin.errors.map((message) => ({ field: 'commit', message })),
      );
    const pinned = await this.db.transaction(async (tx) => {
      // The inspection took seconds: an approval or another pin may have moved the listing meanwhile, and
      // this pin would then put a commit of the repository as it was over the one just reviewed.
      const current = await kind.access.visible(ctx, request.id, tx, true);
      if (JSON.stringify(kind.inspected(current)) !== JSON.stringify(kind.inspected(listing)))
        throw new DomainError(
          'CONFLICT',
          `The ${noun}'s repository or pin changed while it was checked (an approval or another pin): pin it again`,
        );
      return kind.record(tx, current, pin, admin.userId);
    });
    this.outbox.kick();
    return kind.present(ctx, pinned);
  }

  /** For whoever sees the listing: the source host's compare of each pin with its ref's head. */
  async changesSinceReview<Listing extends { owner_id: string }>(
    kind: Pick<KindPins<Listing, PinRequest, PinInspection, unknown>, 'access' | 'pinnedSources'>,
    ctx: RequestContext,
    id: string,
  ): Promise<ChangesSinceReview> {
    return this.changes.since(...kind.pinnedSources(await kind.access.visible(ctx, id)));
  }
}
