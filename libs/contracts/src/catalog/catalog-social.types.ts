/** Likes, comments and their requests. */

export interface Comment {
  id: string;
  policyId: string;
  parentId: string | null;
  deleted: boolean;
  body: string;
  authorName: string;
  authorId: string;
  createdAt: string;
  updatedAt: string;
}

export interface CreateCommentRequest {
  policyId: string;
  body: string;
  parentId?: string;
}

export interface UpdateCommentRequest {
  id: string;
  body: string;
}

export interface DeleteCommentRequest {
  id: string;
  hard?: boolean;
}

export interface LikeResult {
  liked: boolean;
}
