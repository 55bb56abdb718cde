import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  type Comment,
  characterCount,
  COMMENT_BODY_MAX,
  COMMENTS_LIMIT,
  type CreateCommentRequest,
  type DeleteCommentRequest,
  type PageInfo,
  type PageRequest,
  type PolicyIdRequest,
  type RequestContext,
  type UpdateCommentRequest,
} from '@pc/contracts';
import { Database, DomainError, forbidden, notFound } from '@pc/platform';
import { CatalogEnv } from '../catalog.env';
import { requireUser } from '../common/caller';
import { decodeKeyset, pageOf } from '../common/paging';
import { Outbox, UsersDirectory } from '@pc/listings';
import { PolicyAccess } from '../policies';
import { toComment } from './comment.mapper';
import { type CommentRow, CommentsRepository } from './comments.repository';
import { catalogError } from '../common/catalog.errors';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Flat comments, oldest first, with one level of replies. Comments on an unpublished policy are seen
 * only by those who can see the policy (its owner and administrators).
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly db: Database,
    private readonly comments: CommentsRepository,
    private readonly access: PolicyAccess,
    private readonly users: UsersDirectory,
    @Inject(CatalogEnv) private readonly env: CatalogEnv,
    private readonly outbox: Outbox,
  ) {}

  /** One page, oldest first: at most `limit` comments and at most the reply budget in bytes. */
  async list(
    ctx: RequestContext,
    request: PolicyIdRequest & PageRequest,
  ): Promise<{ comments: Comment[] } & PageInfo> {
    await this.access.visible(ctx, request.id);
    const limit = Math.min(request.limit ?? COMMENTS_LIMIT.default, COMMENTS_LIMIT.max);
    const rows = await this.comments.listFor(
      this.db.pool,
      request.id,
      limit,
      decodeKeyset(request.cursor, 'comments'),
    );
    const page = await pageOf(rows, limit, 'comments', (head) => this.present(ctx, head));
    return { comments: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  async create(ctx: RequestContext, request: CreateCommentRequest): Promise<{ comment: Comment }> {
    const caller = requireUser(ctx);
    const policy = await this.access.visible(ctx, request.policyId);
    if (policy.status !== 'published') throw notFound('Policy');
    const body = validBody(request.body);
    const row = await this.db.transaction(async (db) => {
      if (request.parentId) {
        const parent = await this.comments.findById(db, request.parentId);
        if (!parent) throw notFound('Parent comment');
        if (parent.policy_id !== request.policyId) {
          throw catalogError(
            'CATALOG.COMMENT_PARENT_INVALID',
            'The parent comment belongs to another policy',
            [{ field: 'parentId', message: 'must be a comment on this policy' }],
          );
        }
        if (parent.parent_id !== null) {
          throw catalogError('CATALOG.COMMENT_PARENT_INVALID', 'Replies to replies are not allowed', [
            { field: 'parentId', message: 'must be a top-level comment' },
          ]);
        }
        if (parent.deleted_at !== null) {
          throw catalogError('CATALOG.COMMENT_PARENT_INVALID', 'The parent comment was deleted', [
            { field: 'parentId', message: 'was deleted' },
          ]);
        }
      }
      await this.comments.lockAuthor(db, caller.userId);
      const today = await this.comments.postedToday(db, caller.userId);
      if (today.count >= this.env.COMMENT_DAILY_QUOTA) {
        const retryAfter = today.oldest
          ? Math.max(1, Math.ceil(DAY_SECONDS - (Date.now() - today.oldest.getTime()) / 1000))
          : DAY_SECONDS;
        throw new DomainError(
          'RATE_LIMITED',
          `Daily comment quota of ${this.env.COMMENT_DAILY_QUOTA} reached`,
          undefined,
          retryAfter,
        );
      }
      const inserted = await this.comments.insert(db, {
        policy_id: request.policyId,
        parent_id: request.parentId ?? null,
        author_id: caller.userId,
        body,
      });
      // The policy's owner hears of comments by others (their webhooks).
      if (policy.owner_id !== caller.userId)
        await this.outbox.addEvent(db, CatalogEvents.policyCommented, {
          comment_id: inserted.id,
          policy_id: policy.id,
          policy_name: policy.name,
          policy_owner_id: policy.owner_id,
          author_id: caller.userId,
          excerpt: body.slice(0, 200),
        });
      return inserted;
    });
    if (policy.owner_id !== caller.userId) this.outbox.kick();
    const [comment] = await this.present(ctx, [row]);
    return { comment };
  }

  /** Unchanged body: a no-op that returns the comment as it is. */
  async edit(ctx: RequestContext, request: UpdateCommentRequest): Promise<{ comment: Comment }> {
    const caller = requireUser(ctx);
    const current = await this.findVisible(ctx, request.id);
    if (current.author_id !== caller.userId && !caller.isAdmin) {
      throw forbidden('Only the author or an administrator may edit this comment');
    }
    if (current.deleted_at !== null) throw catalogError('CATALOG.COMMENT_DELETED', 'The comment was deleted');
    const body = validBody(request.body);
    if (body === current.body) return { comment: (await this.present(ctx, [current]))[0] };
    const updated = await this.comments.editBody(this.db.pool, current.id, body);
    if (!updated) throw catalogError('CATALOG.COMMENT_DELETED', 'The comment was deleted');
    return { comment: (await this.present(ctx, [updated]))[0] };
  }

  /** The author soft-deletes; `hard` (administrators only) removes it and its replies for good. */
  async remove(ctx: RequestContext, request: DeleteCommentRequest): Promise<{ ok: true }> {
    const caller = requireUser(ctx);
    const current = await this.findVisible(ctx, request.id);
    if (request.hard) {
      if (!caller.isAdmin) throw forbidden('Only an administrator may delete a comment permanently');
      await this.comments.hardDelete(this.db.pool, current.id);
      return { ok: true };
    }
    if (current.author_id !== caller.userId && !caller.isAdmin) {
      throw forbidden('Only the author or an administrator may delete this comment');
    }
    await this.comments.softDelete(this.db.pool, current.id);
    return { ok: true };
  }

  private async findVisible(ctx: RequestContext, id: string): Promise<CommentRow> {
    const row = await this.comments.findById(this.db.pool, id);
    if (!row) throw notFound('Comment');
    await this.access.visible(ctx, row.policy_id).catch(() => {
      throw notFound('Comment');
    });
    return row;
  }

  private async present(ctx: RequestContext, rows: CommentRow[]): Promise<Comment[]> {
    const authors = await this.users.findMany(
      ctx,
      rows.filter((r) => r.deleted_at === null).map((r) => r.author_id),
    );
    return rows.map((r) => toComment(r, r.author_id ? authors.get(r.author_id) : undefined));
  }
}

function validBody(body: string): string {
  const text = body.trim();
  const characters = characterCount(text);
  if (characters === 0 || characters > COMMENT_BODY_MAX) {
    throw catalogError('CATALOG.COMMENT_BODY_INVALID', 'Invalid comment body', [
      { field: 'body', message: `must be 1 to ${COMMENT_BODY_MAX} characters` },
    ]);
  }
  return text;
}
