import { Injectable } from '@nestjs/common';
import {
  type FieldError,
  IDEA_DESCRIPTION,
  IDEA_LIST_LIMIT,
  IDEA_LIST_OFFSET_MAX,
  IDEA_QUERY_MAX,
  IDEA_SORTS,
  IDEA_STATUSES,
  IDEA_TITLE,
  type Idea,
  type IdeaStatus,
  type ListIdeasRequest,
  type ListIdeasResult,
  type RequestContext,
  type ReviewRequest,
  type SubmitIdeaRequest,
  type VoteIdeaRequest,
  type VoteIdeaResult,
} from '@pc/contracts';
import { badRequest, conflict, notFound } from '@pc/platform';
import { callerId, isAdmin, requireAdmin, requireUser } from '../common/caller';
import { IdeasRepository } from './ideas.repository';

/** A vote may be cast on an approved idea; withdrawn also once the idea is delivered. */
const VOTABLE: readonly IdeaStatus[] = ['approved'];
const WITHDRAWABLE: readonly IdeaStatus[] = ['approved', 'delivered'];
/** Ids are UUIDs: anything else names no idea (a 404, never a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ideas: submitted through the tool server, reviewed by administrators, voted on, delivered by policies. */
@Injectable()
export class IdeasService {
  constructor(private readonly ideas: IdeasRepository) {}

  async submit(ctx: RequestContext, request: SubmitIdeaRequest): Promise<{ idea: Idea }> {
    const caller = requireUser(ctx);
    const title = typeof request.title === 'string' ? request.title.trim() : '';
    const description = typeof request.description === 'string' ? request.description.trim() : '';
    const problems: FieldError[] = [
      ...lengthProblem('title', title, IDEA_TITLE),
      ...lengthProblem('description', description, IDEA_DESCRIPTION),
    ];
    if (problems.length > 0) throw badRequest('The idea is not valid', problems);
    return { idea: await this.ideas.insert(title, description, caller.userId) };
  }

  /** Approved and delivered ideas, the caller's own in any status, and every idea for an administrator. */
  async list(ctx: RequestContext, request: ListIdeasRequest = {}): Promise<ListIdeasResult> {
    const search = checkedSearch(request);
    return this.ideas.search({
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
    if (!(await this.ideas.vote(idea.id, caller.userId, request.vote, allowed))) {
      throw conflict(
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
    const idea = await this.ideas.findById(id, viewer);
    const visible =
      idea &&
      (idea.status === 'approved' ||
        idea.status === 'delivered' ||
        idea.submitter_id === viewer ||
        isAdmin(ctx.caller));
    if (!visible) throw notFound('Idea');
    return idea;
  }

  private async decide(
    ctx: RequestContext,
    request: ReviewRequest,
    status: 'approved' | 'rejected',
  ): Promise<{ idea: Idea }> {
    requireAdmin(ctx);
    const idea = await this.ideas.decide(request.id, status, request.feedback ?? null);
    if (idea) return { idea };
    const existing = await this.ideas.findById(request.id);
    if (!existing) throw notFound('Idea');
    throw conflict(`The idea was already ${existing.status}`);
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
  sort: 'votes' | 'newest';
  limit: number;
  offset: number;
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
  if (problems.length > 0) throw badRequest('Invalid idea search', problems);
  return { status, q, mine: mine ?? false, sort: sort ?? 'votes', limit, offset };
}
