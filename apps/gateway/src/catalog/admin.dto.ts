import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FEEDBACK_MAX, REVIEW_QUEUE_LIMIT } from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import { trim } from '../http/common.dto';

export class RejectDto {
  @ApiProperty({ minLength: 1, maxLength: FEEDBACK_MAX })
  @Transform(trim)
  @IsString()
  @Length(1, FEEDBACK_MAX)
  feedback!: string;
}

export class DesignateReviewerDto {
  @ApiProperty({ format: 'uuid', description: 'The user who is to review this policy' })
  @IsUUID()
  userId!: string;
}

export class ReviewQueueQuery {
  @ApiPropertyOptional({
    minimum: REVIEW_QUEUE_LIMIT.min,
    maximum: REVIEW_QUEUE_LIMIT.max,
    default: REVIEW_QUEUE_LIMIT.default,
    description: 'At most this many items of each kind, oldest first',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(REVIEW_QUEUE_LIMIT.min)
  @Max(REVIEW_QUEUE_LIMIT.max)
  limit?: number;
}

class ReviewQueueMoreDto {
  @ApiProperty() submissions!: boolean;
  @ApiProperty() revisions!: boolean;
  @ApiProperty() ideas!: boolean;
}

export class ReviewQueueDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'SubmissionSummary (GET /api/submissions/{id} has the description and validation)',
  })
  submissions!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'PolicyRevision with policy_name' })
  revisions!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object' } })
  rulesetSubmissions!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'Idea' })
  ideas!: unknown[];
  @ApiProperty({
    type: ReviewQueueMoreDto,
    description: 'Which kinds have more waiting: deciding the oldest brings the next into the queue',
  })
  hasMore!: ReviewQueueMoreDto;
}
