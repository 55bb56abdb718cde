import { Inject, Injectable, type Type } from '@nestjs/common';
import { type Caller, isUser, type RequestContext } from '@pc/contracts';
import { Database, type Executor, forbidden, notFound } from '@pc/platform';
import type { ListingAccess } from '../listing-kind';

/** Who edits a listing: its owner and administrators. */
export function canEdit(caller: Caller, row: { owner_id: string }): boolean {
  return isUser(caller) && (caller.isAdmin || caller.userId === row.owner_id);
}

/** Where a kind's listing rows are read (a row lock held with `lock`, on the executor given). */
export interface ListingRows<Row> {
  findById(db: Executor, id: string, lock: boolean): Promise<Row | null>;
}

/** A kind's access rule: what a 404 names, and which rows are public (the rest: owner and administrators). */
export interface AccessRule<Row> {
  /** `Policy`, `Ruleset`. */
  noun: string;
  published(row: Row): boolean;
}

/** A kind's access, as the kernel takes it: its rule, and the repository its rows are read through. */
export interface KindAccessRule<Row> extends AccessRule<Row> {
  rows: Type<ListingRows<Row>>;
}

/**
 * Finds a kind's listings for a caller: one the caller cannot see is a 404 (never a 403 that confirms it
 * exists); one they see but may not change a 403. On the pool unless given a transaction's executor
 * (`lock` then holds the row). A kind gets its own provider from `listingAccess`, given its rule.
 */
export class OwnedListings<Row extends { owner_id: string }> implements ListingAccess {
  constructor(
    private readonly db: Database,
    private readonly rows: ListingRows<Row>,
    private readonly rule: AccessRule<Row>,
  ) {}

  isPublished(row: Row): boolean {
    return this.rule.published(row);
  }

  /** A published listing is everyone's to see; the others their owner's and administrators'. */
  canSee(caller: Caller, row: Row): boolean {
    return this.isPublished(row) || canEdit(caller, row);
  }

  async visible(ctx: RequestContext, id: string, db: Executor = this.db.pool, lock = false): Promise<Row> {
    const row = await this.rows.findById(db, id, lock);
    if (!row || !this.canSee(ctx.caller, row)) throw notFound(this.rule.noun);
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

/**
 * A kind's access as a provider, from its rule: its rows read through `rule.rows`. A kind exports it with
 * a type of the same name, `type PolicyAccess = OwnedListings<PolicyRow>`, so its features inject it.
 */
export function listingAccess<Row extends { owner_id: string }>(
  rule: KindAccessRule<Row>,
): Type<OwnedListings<Row>> {
  @Injectable()
  class KindAccess extends OwnedListings<Row> {
    constructor(db: Database, @Inject(rule.rows) rows: ListingRows<Row>) {
      super(db, rows, rule);
    }
  }
  Object.defineProperty(KindAccess, 'name', { value: `${rule.noun}Access` });
  return KindAccess;
}
