import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_MAX, IDEA_STATUSES, type IdeaStatus } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsString, IsUUID, Length } from 'class-validator';
import { trim } from '../http/common.dto';
import { QueuedRevisionDto } from './revisions.dto';
import { SubmissionDto } from './submissions.dto';

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

/** A policy idea (reached through the tool server; administrators decide them here). */
export class IdeaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: IDEA_STATUSES }) status!: IdeaStatus;
  @ApiProperty({ type: 'integer', minimum: 0 }) votes!: number;
  @ApiProperty({ format: 'uuid' }) submitter_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class IdeaEnvelopeDto {
  @ApiProperty({ type: IdeaDto }) idea!: IdeaDto;
}

/** Everything waiting for an administrator's review. */
export class ReviewQueueDto {
  @ApiProperty({ type: [SubmissionDto] }) submissions!: SubmissionDto[];
  @ApiProperty({ type: [QueuedRevisionDto] }) revisions!: QueuedRevisionDto[];
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Ruleset submissions (the rulesets service fills this)',
  })
  rulesetSubmissions!: Array<Record<string, unknown>>;
  @ApiProperty({ type: [IdeaDto] }) ideas!: IdeaDto[];
}

export class VendorIndexReloadDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Vendor policies now in the index' })
  policies!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Vendor rulesets now in the index' })
  rulesets!: number;
  @ApiProperty({ type: [String], description: 'Entries skipped, and why' }) errors!: string[];
}
