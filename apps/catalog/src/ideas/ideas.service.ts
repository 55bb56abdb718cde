import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  type DeclareIdeasRequest,
  type DeliverIdeasRequest,
  type FieldError,
  IDEA_DESCRIPTION,
  IDEA_LIST_LIMIT,
  IDEA_LIST_OFFSET_MAX,
  IDEA_QUERY_MAX,
  IDEA_SORTS,
  IDEA_STATUSES,
  IDEA_TITLE,
  type Idea,
  type IdeaDeclaration,
  type IdeaDeliveredEvent,
  type IdeaDelivery,
  type IdeaSort,
  type IdeaStatus,
  type ListIdeaDeliveriesRequest,
  type ListIdeasRequest,
  type ListIdeasResult,
  type RequestContext,
  type ReviewRequest,
  type SubmitIdeaRequest,
  type VoteIdeaRequest,
  type VoteIdeaResult,
} from '@pc/contracts';
import {
  badRequest,
  Database,
  decodeKeyset,
  type Executor,
  invalidCursor,
  type Keyset,
  notFound,
} from '@pc/platform';
import { callerId, isAdmin, requireAdmin, requireUser } from '../common/caller';
import { Outbox } from '@pc/listings';
import { IdeasRepository, ideasOrdering, type ResourceType } from './ideas.repository';
import { catalogError } from '../common/catalog.errors';

/** A vote may be cast on an approved idea; withdrawn also once the idea is delivered. */
const VOTABLE: readonly IdeaStatus[] = ['approved'];
const WITHDRAWABLE: readonly IdeaStatus[] = ['approved', 'delivered'];
/** Ids are UUIDs: anything else names no idea (a 404, never a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ideas: submitted through the tool server, reviewed by administrators, voted on, delivered by policies
 * and rulesets.
 */
@Injectable()
export class IdeasService {
  constructor(
    private readonly db: Database,
    private readonly ideas: IdeasRepository,
    private readonly outbox: Outbox,
  ) {}

  async submit(ctx: RequestContext, request: SubmitIdeaRequest): Promise<{ idea: Idea }> {
    const caller = requireUser(ctx);
    const title = typeof request.title === 'string' ? request.title.trim() : '';
    const description = typeof request.description === 'string' ? request.description.trim() : '';
    const problems: FieldError[] = [
      ...lengthProblem('title', title, IDEA_TITLE),
      ...lengthProblem('description', description, IDEA_DESCRIPTION),
    ];
    if (problems.length > 0) throw badRequest('The idea is not valid', problems);
    return { idea: await this.ideas.insert(this.db.pool, title, description, caller.userId) };
  }

  /** Approved and delivered ideas, the caller's own in any status, and every idea for an administrator. */
  async list(ctx: RequestContext, request: ListIdeasRequest = {}): Promise<ListIdeasResult> {
    const search = checkedSearch(request);
    return this.ideas.search(this.db.pool, {
      ...search,
      viewerId: callerId(ctx.caller),
      seesAll: isAdmin(ctx.caller),
    });
  }

  /** Approved and delivered ideas are public; pending and rejected ones only to the submitter and admins. */
  async get(ctx: RequestContext, id: string): Promise<{ idea: Idea }> {
    return { idea: await this.visible(ctx, id) };
  }

  /** One vote per user: casting twice or withdrawing a vote never cast changes nothing. */
  async vote(ctx: RequestContext, request: VoteIdeaRequest): Promise<VoteIdeaResult> {
    const caller = requireUser(ctx);
    if (typeof request.vote !== 'boolean')
      throw badRequest('vote must be true or false', [{ field: 'vote', message: 'must be a boolean' }]);
    const idea = await this.visible(ctx, request.id);
    const allowed = request.vote ? VOTABLE : WITHDRAWABLE;
    if (!(await this.ideas.vote(this.db.pool, idea.id, caller.userId, request.vote, allowed))) {
      throw catalogError(
        'CATALOG.IDEA_NOT_VOTABLE',
        request.vote
          ? `Only approved ideas take votes; this one is ${idea.status}`
          : `Votes on a ${idea.status} idea cannot be withdrawn`,
      );
    }
    return { idea: await this.visible(ctx, idea.id) };
  }

  approve(ctx: RequestContext, request: ReviewRequest): Promise<{ idea: Idea }> {
    return this.decide(ctx, request, 'approved');
  }

  reject(ctx: RequestContext, request: ReviewRequest): Promise<{ idea: Idea }> {
    return this.decide(ctx, request, 'rejected');
  }

  private async visible(ctx: RequestContext, id: string): Promise<Idea> {
    if (typeof id !== 'string' || !UUID.test(id)) throw notFound('Idea');
    const viewer = callerId(ctx.caller);
    const idea = await this.ideas.findById(this.db.pool, id, viewer);
    const visible =
      idea &&
      (idea.status === 'approved' ||
        idea.status === 'delivered' ||
        idea.submitter_id === viewer ||
        isAdmin(ctx.caller));
    if (!visible) throw notFound('Idea');
    return idea;
  }

  /** Every idea approved and visible, none listed twice; else 422. */
  async checkDeclarations(declared: IdeaDeclaration[]): Promise<IdeaDeclaration[]> {
    const ids = declared.map((d) => d.ideaId);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0) {
      throw catalogError(
        'CATALOG.IDEA_DECLARATION_INVALID',
        'An idea is listed twice',
        twice.map((id) => ({ field: 'deliversIdeaIds', message: `${id} is listed twice` })),
      );
    }
    const ok = await this.ideas.declarable(this.db.pool, ids);
    const bad = ids.filter((id) => !ok.has(id));
    if (bad.length > 0) {
      throw catalogError(
        'CATALOG.IDEA_DECLARATION_INVALID',
        'An idea is not approved or not visible',
        bad.map((id) => ({ field: 'deliversIdeaIds', message: `${id} is not an approved idea` })),
      );
    }
    return declared;
  }

  /** For another service's resource (a ruleset): check, as for a policy. */
  async check(ctx: RequestContext, declared: IdeaDeclaration[]): Promise<{ ok: true }> {
    requireUser(ctx);
    await this.checkDeclarations(declared);
    return { ok: true };
  }

  /** For another service's resource: its declared ideas become exactly these (delivered ones stay). */
  async declare(ctx: RequestContext, request: DeclareIdeasRequest): Promise<{ ok: true }> {
    requireUser(ctx);
    const ideas = await this.checkDeclarations(request.ideas);
    await this.db.transaction((db) =>
      this.ideas.declare(db, request.resourceId, ideas, request.resourceType),
    );
    return { ok: true };
  }

  /** For another service's resource, on its approval by an administrator. */
  async deliver(ctx: RequestContext, request: DeliverIdeasRequest): Promise<{ delivered: number }> {
    requireAdmin(ctx);
    const delivered = await this.db.transaction((db) =>
      this.deliverAndAnnounce(db, request.resourceType, request.resourceId, request.resourceName),
    );
    if (delivered > 0) this.outbox.kick();
    return { delivered };
  }

  /** Public facts of resources that are themselves visible to whoever asked their service. */
  async deliveries(
    request: ListIdeaDeliveriesRequest,
  ): Promise<{ deliveries: Record<string, IdeaDelivery[]> }> {
    const found = await this.ideas.deliveriesFor(this.db.pool, request.resourceIds, request.resourceType);
    return { deliveries: Object.fromEntries(found) };
  }

  /**
   * Inside the approving transaction: the resource's declared ideas that it fully delivers (or completes)
   * become delivered, and a `catalog.idea.delivered.v1` event per idea is written to the outbox, to be
   * relayed after commit (the caller kicks the relay). Returns how many were delivered.
   */
  async deliverAndAnnounce(
    db: Executor,
    resourceType: ResourceType,
    resourceId: string,
    resourceName: string,
  ): Promise<number> {
    const delivered = await this.ideas.deliver(db, resourceId, resourceType);
    for (const idea of delivered) {
      const event: IdeaDeliveredEvent = {
        eventId: randomUUID(),
        ideaId: idea.idea_id,
        ideaTitle: idea.title,
        submitterId: idea.submitter_id,
        resourceType,
        resourceId,
        resourceName,
      };
      await this.outbox.addEvent(db, CatalogEvents.ideaDelivered, event, event.eventId);
    }
    return delivered.length;
  }

  /** The ideas a policy says it delivers become exactly `ideas` (in the caller's transaction). */
  declareFor(tx: Executor, policyId: string, ideas: IdeaDeclaration[]): Promise<void> {
    return this.ideas.declare(tx, policyId, ideas);
  }

  /** The oldest `limit` ideas waiting for review (one more, to tell whether others wait). */
  waiting(limit: number): Promise<Idea[]> {
    return this.ideas.pending(this.db.pool, limit);
  }

  private async decide(
    ctx: RequestContext,
    request: ReviewRequest,
    status: 'approved' | 'rejected',
  ): Promise<{ idea: Idea }> {
    requireAdmin(ctx);
    const idea = await this.ideas.decide(this.db.pool, request.id, status, request.feedback ?? null);
    if (idea) return { idea };
    const existing = await this.ideas.findById(this.db.pool, request.id);
    if (!existing) throw notFound('Idea');
    throw catalogError('CATALOG.IDEA_DECIDED', `The idea was already ${existing.status}`);
  }
}

function lengthProblem(field: string, value: string, range: { min: number; max: number }): FieldError[] {
  return value.length < range.min || value.length > range.max
    ? [{ field, message: `must be ${range.min} to ${range.max} characters` }]
    : [];
}

/** The bus is not a trusted edge for shapes: every filter is checked again here. */
function checkedSearch(request: ListIdeasRequest): {
  status?: IdeaStatus;
  q?: string;
  mine: boolean;
  sort: IdeaSort;
  limit: number;
  offset: number;
  after: Keyset | null;
} {
  const problems: FieldError[] = [];
  const { status, q, mine, sort } = request;
  const limit = request.limit ?? IDEA_LIST_LIMIT.default;
  const offset = request.offset ?? 0;
  if (status !== undefined && !IDEA_STATUSES.includes(status))
    problems.push({ field: 'status', message: `must be one of ${IDEA_STATUSES.join(', ')}` });
  if (q !== undefined && (typeof q !== 'string' || q.length > IDEA_QUERY_MAX))
    problems.push({ field: 'q', message: `must be a string of at most ${IDEA_QUERY_MAX} characters` });
  if (mine !== undefined && typeof mine !== 'boolean')
    problems.push({ field: 'mine', message: 'must be a boolean' });
  if (sort !== undefined && !IDEA_SORTS.includes(sort))
    problems.push({ field: 'sort', message: `must be one of ${IDEA_SORTS.join(', ')}` });
  if (!Number.isInteger(limit) || limit < IDEA_LIST_LIMIT.min || limit > IDEA_LIST_LIMIT.max)
    problems.push({
      field: 'limit',
      message: `must be an integer ${IDEA_LIST_LIMIT.min} to ${IDEA_LIST_LIMIT.max}`,
    });
  if (!Number.isInteger(offset) || offset < 0 || offset > IDEA_LIST_OFFSET_MAX)
    problems.push({ field: 'offset', message: `must be an integer 0 to ${IDEA_LIST_OFFSET_MAX}` });
  if (request.cursor !== undefined && typeof request.cursor !== 'string')
    problems.push({ field: 'cursor', message: 'must be a nextCursor this API returned' });
  if (request.cursor && request.offset !== undefined)
    problems.push({ field: 'offset', message: 'cannot be sent with cursor: the cursor names the page' });
  if (problems.length > 0) throw badRequest('Invalid idea search', problems);
  const ordering = sort ?? 'votes';
  return {
    status,
    q,
    mine: mine ?? false,
    sort: ordering,
    limit,
    offset,
    after: afterCursor(request.cursor, ordering),
  };
}

/**
 * The idea a cursor names the page after, its key as the search wrote it (`<votes>/<time>` for votes,
 * `<time>` for newest); any other is a 400, as a cursor of another sort is.
 */
function afterCursor(cursor: string | undefined, sort: IdeaSort): Keyset | null {
  const after = decodeKeyset(cursor, ideasOrdering(sort));
  if (!after) return null;
  const [votes, at] = sort === 'newest' ? ['0', after.key] : after.key.split('/');
  if (!/^\d{1,9}$/.test(votes ?? '') || !at || Number.isNaN(Date.parse(at))) throw invalidCursor();
  return after;
}
