import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMMENT_BODY_MAX, COMMENTS_LIMIT, LIST_CURSOR_MAX } from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { toBool } from '../http/common.dto';

export class CommentInputDto {
  /** Its length (1 to COMMENT_BODY_MAX once trimmed) is the catalog's rule: an invalid body is a 422 there. */
  @ApiProperty({ minLength: 1, maxLength: COMMENT_BODY_MAX, description: 'An empty or longer body is a 422' })
  @IsString()
  body!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A top-level comment to reply to' })
  @IsOptional()
  @IsUUID()
  parentId?: string;
}

export class CommentEditDto {
  @ApiProperty({ maxLength: COMMENT_BODY_MAX })
  @IsString()
  @MaxLength(COMMENT_BODY_MAX)
  body!: string;
}

export class DeleteCommentQuery {
  @ApiPropertyOptional({ description: 'Administrators only: remove the comment and its replies for good' })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  hard?: boolean;
}

export class CommentsQuery {
  @ApiPropertyOptional({
    minimum: COMMENTS_LIMIT.min,
    maximum: COMMENTS_LIMIT.max,
    default: COMMENTS_LIMIT.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(COMMENTS_LIMIT.min)
  @Max(COMMENTS_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({
    maxLength: LIST_CURSOR_MAX,
    description: 'Opaque: the nextCursor of the previous page',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_CURSOR_MAX)
  cursor?: string;
}

export class CommentListDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'Comment, oldest first' })
  comments!: unknown[];
  @ApiProperty({ description: 'Another page follows (a page is also cut short to stay within 512 KiB)' })
  hasMore!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page; null on the last page',
  })
  nextCursor!: string | null;
}
