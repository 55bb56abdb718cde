import { ApiProperty } from '@nestjs/swagger';
import {
  REVISION_FIELDS,
  REVISION_STATUSES,
  REVISION_VALUE_MAX,
  REVISIONS_LIMIT,
  type RevisionField,
  type RevisionStatus,
} from '@pc/contracts';
import { IsString } from 'class-validator';
import { PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';
import { RequiredEnum } from '../http/schema-fields';

export class CreateRevisionDto {
  @RequiredEnum({ enum: REVISION_FIELDS })
  field!: RevisionField;

  /** Its length and shape are the catalog's rule: an invalid value is a 422 there, as the spec says. */
  @ApiProperty({
    maxLength: REVISION_VALUE_MAX,
    description:
      'description: 10 to 20000 characters of Markdown; source_host_url: a repository URL; ' +
      'implementation_source_host_url: the implementation repository URL of a split policy. ' +
      'An invalid value is a 422',
  })
  @IsString()
  value!: string;
}

/** An owner-proposed edit awaiting (or past) an administrator's re-review. */
export class RevisionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) policy_id!: string;
  @ApiProperty({ enum: REVISION_FIELDS }) field!: RevisionField;
  @ApiProperty() proposed_value!: string;
  @ApiProperty() previous_value!: string;
  @ApiProperty({ enum: REVISION_STATUSES }) status!: RevisionStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Reviewer feedback' }) feedback!: string | null;
  @ApiProperty({ format: 'date-time' }) submitted_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) reviewed_at!: string | null;
}

export class RevisionsQuery {
  @PageLimit(REVISIONS_LIMIT) limit?: number;
  @PageCursor() cursor?: string;
}

export class RevisionListDto extends PageInfoDto {
  @ApiProperty({ type: [RevisionDto], description: 'Newest first' }) revisions!: RevisionDto[];
}

export class RevisionEnvelopeDto {
  @ApiProperty({ type: RevisionDto }) revision!: RevisionDto;
}

export class CreatedRevisionDto {
  @ApiProperty({ type: RevisionDto }) revision!: RevisionDto;
  @ApiProperty() policy_name!: string;
}

/** A pending revision in the review queue, with the name of its policy. */
export class QueuedRevisionDto extends RevisionDto {
  @ApiProperty() policy_name!: string;
}
