import { ApiProperty } from '@nestjs/swagger';
import { RULESET_LIMITS as L } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { RulesetSubmissionDto } from './ruleset-submissions.dto';
import { trim } from '../http/common.dto';
import { ReviewPinDto } from '../listings/listing.dto';
import { OptionalString, RequiredString } from '../http/schema-fields';

export class RulesetApprovalDto {
  @OptionalString({ maxLength: L.feedback.max })
  feedback?: string;
}

export class RulesetFeedbackDto {
  @RequiredString({ minLength: 1, maxLength: L.feedback.max, description: 'What to improve, or why not' })
  @Transform(trim)
  feedback!: string;
}

/**
 * A ruleset submission in the review queue, saying its kind, with what the reviewer reads of its ruleset
 * (the ruleset detail's fields, so that the queue reads no detail: every answer of it counts a view).
 */
export class QueuedRulesetSubmissionDto extends RulesetSubmissionDto {
  @ApiProperty({ enum: ['ruleset'] }) kind!: 'ruleset';
  @ApiProperty({
    format: 'uuid',
    description:
      "The ruleset's current owner (after a transfer, not `submitted_by`), as its detail names them",
  })
  owner_id!: string;
  @ApiProperty({ type: 'string', nullable: true }) owner_name!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) owner_username!: string | null;
  @ApiProperty({
    type: ReviewPinDto,
    nullable: true,
    description:
      "The ruleset's pin, as its detail shows it: the commit reviewed last, from which the changes since " +
      'the last review are read; null before a first approval',
  })
  pin!: ReviewPinDto | null;
}
