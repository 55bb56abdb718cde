import type { Comment, UserSummary } from '@pc/contracts';
import type { CommentRow } from './comments.repository';

/** A soft-deleted comment keeps its place in the thread with an empty body and no author. */
export function toComment(row: CommentRow, author: UserSummary | undefined): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    policyId: row.policy_id,
    parentId: row.parent_id,
    deleted,
    body: deleted ? '' : row.body,
    authorName: deleted ? '' : (author?.name ?? ''),
    authorId: deleted ? '' : (row.author_id ?? ''),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
