import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  type DeclareIdeasRequest,
  type DeliverIdeasRequest,
  type Idea,
  type IdeaDeclaration,
  type IdeaDeliveredEvent,
  type IdeaDelivery,
  type ListIdeaDeliveriesRequest,
  type RequestContext,
  type ReviewRequest,
  type SubmitIdeaRequest,
} from '@pc/contracts';
import { conflict, notFound, unprocessable } from '@pc/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { callerId, isAdmin, requireAdmin, requireUser } from '../common/caller';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxRepository } from '../outbox/outbox.repository';
import { IdeasRepository, type ResourceType } from './ideas.repository';

/** Ideas: submitted through the tool server, reviewed by administrators, delivered by policies and rulesets. */
@Injectable()
export class IdeasService {
  constructor(
    private readonly ideas: IdeasRepository,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

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

  /** Every idea approved and visible, none listed twice; else 422. */
  async checkDeclarations(declared: IdeaDeclaration[]): Promise<IdeaDeclaration[]> {
    const ids = declared.map((d) => d.ideaId);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0) {
      throw unprocessable(
        'An idea is listed twice',
        twice.map((id) => ({ field: 'deliversIdeaIds', message: `${id} is listed twice` })),
      );
    }
    const ok = await this.ideas.declarable(ids);
    const bad = ids.filter((id) => !ok.has(id));
    if (bad.length > 0) {
      throw unprocessable(
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
    await this.dataSource.transaction((db) =>
      this.ideas.declare(db, request.resourceId, ideas, request.resourceType),
    );
    return { ok: true };
  }

  /** For another service's resource, on its approval by an administrator. */
  async deliver(ctx: RequestContext, request: DeliverIdeasRequest): Promise<{ delivered: number }> {
    requireAdmin(ctx);
    const delivered = await this.dataSource.transaction((db) =>
      this.deliverAndAnnounce(db, request.resourceType, request.resourceId, request.resourceName),
    );
    if (delivered > 0) this.relay.kick();
    return { delivered };
  }

  /** Public facts of resources that are themselves visible to whoever asked their service. */
  async deliveries(
    request: ListIdeaDeliveriesRequest,
  ): Promise<{ deliveries: Record<string, IdeaDelivery[]> }> {
    const found = await this.ideas.deliveriesFor(request.resourceIds, request.resourceType);
    return { deliveries: Object.fromEntries(found) };
  }

  /**
   * Inside the approving transaction: the resource's declared ideas that it fully delivers (or completes)
   * become delivered, and a `catalog.idea.delivered.v1` event per idea is written to the outbox, to be
   * relayed after commit (the caller kicks the relay). Returns how many were delivered.
   */
  async deliverAndAnnounce(
    db: EntityManager,
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
      await this.outbox.add(db, event.eventId, CatalogEvents.ideaDelivered.pattern, event);
    }
    return delivered.length;
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
