import { ApiProperty } from '@nestjs/swagger';
import { RULESET_LIMITS as L } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { RulesetSubmissionDto } from './ruleset-submissions.dto';
import { trim } from '../http/common.dto';
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

export class QueuedRulesetSubmissionDto extends RulesetSubmissionDto {
  @ApiProperty({ enum: ['ruleset'] }) kind!: 'ruleset';
}
