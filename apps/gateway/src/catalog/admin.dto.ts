import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_MAX, IDEA_STATUSES, type IdeaStatus, REVIEW_QUEUE_LIMIT } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';
import { PageLimit, trim } from '../http/common.dto';
import { RequiredString } from '../http/schema-fields';
import { QueuedRevisionDto } from './revisions.dto';
import { QueuedRulesetSubmissionDto } from '../rulesets/ruleset-review.dto';
import { SubmissionSummaryDto } from './submissions.dto';

export class RejectDto {
  @RequiredString({ minLength: 1, maxLength: FEEDBACK_MAX })
  @Transform(trim)
  feedback!: string;
}

export class DesignateReviewerDto {
  @ApiProperty({ format: 'uuid', description: 'The user who is to review this policy' })
  @IsUUID()
  userId!: string;
}

export class ReviewQueueQuery {
  @PageLimit(REVIEW_QUEUE_LIMIT, 'At most this many items of each kind, oldest first') limit?: number;
}

class ReviewQueueMoreDto {
  @ApiProperty() submissions!: boolean;
  @ApiProperty() revisions!: boolean;
  @ApiProperty() ideas!: boolean;
  @ApiProperty() rulesetSubmissions!: boolean;
}

/** A policy idea (reached through the tool server; administrators decide them here). */
export class IdeaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: IDEA_STATUSES }) status!: IdeaStatus;
  @ApiProperty({ type: 'integer', minimum: 0 }) votes!: number;
  @ApiProperty({ description: 'Whether the caller voted for it (votes are cast through the tool server)' })
  voted!: boolean;
  @ApiProperty({ format: 'uuid' }) submitter_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class IdeaEnvelopeDto {
  @ApiProperty({ type: IdeaDto }) idea!: IdeaDto;
}

/** A policy submission in the review queue, saying its kind. */
export class QueuedSubmissionDto extends SubmissionSummaryDto {
  @ApiProperty({ enum: ['policy'] }) kind!: 'policy';
}

export class ReviewQueueDto {
  @ApiProperty({
    type: [QueuedSubmissionDto],
    description:
      'Policy submissions (kind policy), oldest first, as summaries (GET /api/submissions/{id} has the rest)',
  })
  submissions!: QueuedSubmissionDto[];
  @ApiProperty({ type: [QueuedRevisionDto] }) revisions!: QueuedRevisionDto[];
  @ApiProperty({
    type: [QueuedRulesetSubmissionDto],
    description: 'Ruleset submissions (kind ruleset), oldest first, from the rulesets service',
  })
  rulesetSubmissions!: QueuedRulesetSubmissionDto[];
  @ApiProperty({ type: [IdeaDto] }) ideas!: IdeaDto[];
  @ApiProperty({
    type: ReviewQueueMoreDto,
    description: 'Which kinds have more waiting: deciding the oldest brings the next into the queue',
  })
  hasMore!: ReviewQueueMoreDto;
}

export class VendorIndexReloadDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Vendor policies now in the index' })
  policies!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Vendor rulesets now in the index' })
  rulesets!: number;
  @ApiProperty({ type: [String], description: 'Entries skipped, and why' }) errors!: string[];
}
