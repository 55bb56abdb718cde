import { Injectable } from '@nestjs/common';
import type { Idea, RequestContext, ReviewRequest, SubmitIdeaRequest } from '@pc/contracts';
import { conflict, notFound } from '@pc/platform';
import { callerId, isAdmin, requireAdmin, requireUser } from '../common/caller';
import { IdeasRepository } from './ideas.repository';

/** Ideas: submitted through the tool server, reviewed by administrators, delivered by policies. */
@Injectable()
export class IdeasService {
  constructor(private readonly ideas: IdeasRepository) {}

  async submit(ctx: RequestContext, request: SubmitIdeaRequest): Promise<{ idea: Idea }> {
    const caller = requireUser(ctx);
    return { idea: await this.ideas.insert(request.title.trim(), request.description.trim(), caller.userId) };
  }

  async list(ctx: RequestContext): Promise<{ ideas: Idea[] }> {
    return { ideas: await this.ideas.listVisible(callerId(ctx.caller)) };
  }

  /** Approved and delivered ideas are public; pending and rejected ones only to the submitter and admins. */
  async get(ctx: RequestContext, id: string): Promise<{ idea: Idea }> {
    const idea = await this.ideas.findById(id);
    const visible =
      idea &&
      (idea.status === 'approved' ||
        idea.status === 'delivered' ||
        idea.submitter_id === callerId(ctx.caller) ||
        isAdmin(ctx.caller));
    if (!visible) throw notFound('Idea');
    return { idea };
  }

  approve(ctx: RequestContext, request: ReviewRequest): Promise<{ idea: Idea }> {
    return this.decide(ctx, request, 'approved');
  }

  reject(ctx: RequestContext, request: ReviewRequest): Promise<{ idea: Idea }> {
    return this.decide(ctx, request, 'rejected');
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
