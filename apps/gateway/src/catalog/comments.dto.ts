import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMMENT_BODY_MAX, COMMENTS_LIMIT } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, IsUUID } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit, toBool } from '../http/common.dto';

/** The body's length (1 to COMMENT_BODY_MAX once trimmed) is the catalog's rule: an invalid body is a 422. */
export class CommentInputDto {
  @ApiProperty({ minLength: 1, maxLength: COMMENT_BODY_MAX, description: 'An empty or longer body is a 422' })
  @IsString()
  body!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A top-level comment to reply to' })
  @Optional()
  @IsUUID()
  parentId?: string;
}

export class CommentEditDto {
  @ApiProperty({ minLength: 1, maxLength: COMMENT_BODY_MAX, description: 'An empty or longer body is a 422' })
  @IsString()
  body!: string;
}

export class DeleteCommentQuery {
  @ApiPropertyOptional({ description: 'Administrators only: remove the comment and its replies for good' })
  @Optional()
  @Transform(toBool)
  @IsBoolean()
  hard?: boolean;
}

export class CommentsQuery {
  @PageLimit(COMMENTS_LIMIT) limit?: number;
  @PageCursor() cursor?: string;
}

/** A comment; a soft-deleted one keeps its place with `deleted: true` and empty body and author. */
export class CommentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) policyId!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'Null for a top-level comment' })
  parentId!: string | null;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ maxLength: COMMENT_BODY_MAX, description: 'Empty when deleted' }) body!: string;
  @ApiProperty({ description: 'Empty when deleted' }) authorName!: string;
  @ApiProperty({ description: 'A user id; empty when deleted' }) authorId!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class CommentListDto extends PageInfoDto {
  @ApiProperty({ type: [CommentDto], description: 'Flat, oldest first' }) comments!: CommentDto[];
}

export class CommentEnvelopeDto {
  @ApiProperty({ type: CommentDto }) comment!: CommentDto;
}
