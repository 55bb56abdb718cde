import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMMENT_BODY_MAX } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
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
