import { type Caller, isUser, type RequestContext } from '@pc/contracts';
import { type Database, type Executor, forbidden, notFound } from '@pc/platform';
import type { ListingAccess } from '../listing-kind';

/** Who edits a listing: its owner and administrators. */
export function canEdit(caller: Caller, row: { owner_id: string }): boolean {
  return isUser(caller) && (caller.isAdmin || caller.userId === row.owner_id);
}

/**
 * Finds a kind's listings for a caller: one the caller cannot see is a 404 (never a 403 that confirms it
 * exists); one they see but may not change a 403. On the pool unless given a transaction's executor
 * (`lock` then holds the row). The kind's access extends it saying how a row is read and who sees it.
 */
export abstract class OwnedListings<Row extends { owner_id: string }> implements ListingAccess {
  protected constructor(
    private readonly db: Database,
    /** What a 404 names: `Policy`, `Ruleset`. */
    private readonly noun: string,
  ) {}

  protected abstract find(db: Executor, id: string, lock: boolean): Promise<Row | null>;
  protected abstract canSee(caller: Caller, row: Row): boolean;

  async visible(ctx: RequestContext, id: string, db: Executor = this.db.pool, lock = false): Promise<Row> {
    const row = await this.find(db, id, lock);
    if (!row || !this.canSee(ctx.caller, row)) throw notFound(this.noun);
    return row;
  }

  /** Its owner's only. */
  async owned(ctx: RequestContext, id: string, db: Executor = this.db.pool, lock = false): Promise<Row> {
    const row = await this.visible(ctx, id, db, lock);
    if (!isUser(ctx.caller) || ctx.caller.userId !== row.owner_id)
      throw forbidden('Only the owner may do this');
    return row;
  }

  /** Its owner's or an administrator's. */
  async editable(ctx: RequestContext, id: string, db: Executor = this.db.pool, lock = false): Promise<Row> {
    const row = await this.visible(ctx, id, db, lock);
    if (!canEdit(ctx.caller, row)) throw forbidden('Only the owner or an administrator may do this');
    return row;
  }
}
