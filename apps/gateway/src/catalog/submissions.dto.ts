import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  ASSET_KINDS,
  type AssetKind,
  DELIVERED_IDEAS_MAX_ITEMS,
  DIRECTIONS,
  type Direction,
  DOC_TAB_BODY_MAX,
  DOC_TAB_KEY_MAX,
  DOC_TAB_KEY_PATTERN,
  DOC_TAB_SORT_ORDER_MAX,
  DOC_TAB_TITLE_MAX,
  DOC_TABS_MAX_ITEMS,
  DOC_TABS_TOTAL_BYTES,
  IDEA_COVERAGES,
  IDEA_SCOPE_NOTE_MAX,
  type IdeaCoverage,
  POLICY_CATEGORY_MAX,
  POLICY_DESCRIPTION,
  POLICY_NAME,
  PROJECT_TYPES,
  type ProjectType,
  SOURCE_REF,
  SUBMISSIONS_LIMIT,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsUUID, ValidateNested } from 'class-validator';
import { A2aProtocolVersionsField, AssetKindsField } from './asset-kinds.dto';
import { HttpUrl, Optional, PageCursor, PageInfoDto, PageLimit, trim } from '../http/common.dto';
import { OptionalBoolean, OptionalEnum, OptionalString, RequiredString } from '../http/schema-fields';
import { declarationsOf, DocTabDto, docTabInput } from '../listings/listing.dto';

export class DocTabInputDto extends docTabInput({
  key: { pattern: DOC_TAB_KEY_PATTERN.source, maxLength: DOC_TAB_KEY_MAX, lengthChecked: true },
  title: { maxLength: DOC_TAB_TITLE_MAX },
  bodyMd: { maxLength: DOC_TAB_BODY_MAX },
  sortOrder: { minimum: 0, maximum: DOC_TAB_SORT_ORDER_MAX },
}) {}

export class IdeaDeclarationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  ideaId!: string;

  @OptionalEnum({ enum: IDEA_COVERAGES, description: 'Omitted: full' })
  coverage?: IdeaCoverage;

  @OptionalString({ maxLength: IDEA_SCOPE_NOTE_MAX })
  scopeNote?: string;
}

/** The fields a submission and its edits share (everything but the three a new one requires). */
@ApiExtraModels(IdeaDeclarationDto)
export class SubmissionOptionalFieldsDto {
  @HttpUrl({ description: 'Required when projectType is split' })
  implementationSourceHostUrl?: string;

  @OptionalString({
    minLength: SOURCE_REF.min,
    maxLength: SOURCE_REF.max,
    description:
      'Branch, tag or commit deployed by default (omit: the default branch). Validation reads this ref and ' +
      'records the commit it points to (the submission shows both as sourceRef and sourceCommit); changing ' +
      'it on a waiting or rejected submission validates it again and puts it back in the review queue; ' +
      'after approval it is refused with 403',
  })
  sourceRef?: string;

  @OptionalString({
    minLength: SOURCE_REF.min,
    maxLength: SOURCE_REF.max,
    description: 'Split model: as sourceRef, for the implementation repository (implementationSourceCommit)',
  })
  implementationSourceRef?: string;

  @OptionalString({ maxLength: POLICY_CATEGORY_MAX })
  category?: string;

  @HttpUrl()
  videoTutorialUrl?: string;

  @HttpUrl()
  examplesUrl?: string;

  @HttpUrl()
  iconUrl?: string;

  @OptionalBoolean()
  iconDisabled?: boolean;

  @OptionalEnum({ enum: DIRECTIONS, description: 'Omitted: inbound' })
  direction?: Direction;

  @ApiPropertyOptional({ format: 'uuid', deprecated: true, description: 'Legacy single-idea form' })
  @Optional()
  @IsUUID()
  deliversIdeaId?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { oneOf: [{ type: 'string', format: 'uuid' }, { $ref: getSchemaPath(IdeaDeclarationDto) }] },
    maxItems: DELIVERED_IDEAS_MAX_ITEMS,
    description: 'Idea ids or {ideaId, coverage, scopeNote}; each approved and listed once',
  })
  @Optional()
  @Transform(declarationsOf(IdeaDeclarationDto))
  @IsArray()
  @ArrayMaxSize(DELIVERED_IDEAS_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => IdeaDeclarationDto)
  deliversIdeaIds?: IdeaDeclarationDto[];

  @AssetKindsField('Default: inferred')
  assetKinds?: AssetKind[];

  @A2aProtocolVersionsField()
  a2aProtocolVersions?: string[];

  @ApiPropertyOptional({
    type: [DocTabInputDto],
    maxItems: DOC_TABS_MAX_ITEMS,
    description: `All bodies and titles together at most ${DOC_TABS_TOTAL_BYTES} bytes of UTF-8 (else 422)`,
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(DOC_TABS_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => DocTabInputDto)
  docTabs?: DocTabInputDto[];
}

export class CreateSubmissionDto extends SubmissionOptionalFieldsDto {
  @OptionalEnum({ enum: PROJECT_TYPES })
  projectType?: ProjectType;

  @RequiredString({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @Transform(trim)
  name!: string;

  @RequiredString({ minLength: POLICY_DESCRIPTION.min, maxLength: POLICY_DESCRIPTION.max })
  description!: string;

  @HttpUrl({ required: true, description: 'Repository URL on a supported source host' })
  sourceHostUrl!: string;
}

/** PATCH /submissions/{id}: any subset of the submission fields. */
export class UpdateSubmissionDto extends SubmissionOptionalFieldsDto {
  @OptionalString({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @Transform(trim)
  name?: string;

  @OptionalString({ minLength: POLICY_DESCRIPTION.min, maxLength: POLICY_DESCRIPTION.max })
  description?: string;

  @HttpUrl()
  sourceHostUrl?: string;
}

export class ValidateSubmissionDto {
  @OptionalEnum({ enum: PROJECT_TYPES })
  projectType?: ProjectType;

  @HttpUrl({ required: true })
  sourceHostUrl!: string;

  @HttpUrl()
  implementationSourceHostUrl?: string;

  @OptionalString({
    minLength: SOURCE_REF.min,
    maxLength: SOURCE_REF.max,
    description:
      "Branch, tag or commit to read, as a submission's sourceRef (omit: the URL's /tree/<ref>, else the " +
      'default branch); the validation names the ref and commit it read',
  })
  sourceRef?: string;

  @OptionalString({
    minLength: SOURCE_REF.min,
    maxLength: SOURCE_REF.max,
    description: 'Split model: as sourceRef, for the implementation repository',
  })
  implementationSourceRef?: string;
}

export class SubmissionsQuery {
  @PageLimit(SUBMISSIONS_LIMIT) limit?: number;
  @PageCursor() cursor?: string;
}

/** Definition found in the repository. */
export class SubmissionDefinitionDto {
  @ApiProperty() path!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
}

export class SubmissionImplementationDto {
  @ApiProperty() path!: string;
}

/** What was found in the repository, and every problem with it. */
export class SubmissionValidationDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [String] }) errors!: string[];
  @ApiProperty({ type: [String] }) warnings!: string[];
  @ApiProperty({ enum: PROJECT_TYPES }) projectType!: ProjectType;
  @ApiProperty({ type: SubmissionDefinitionDto, nullable: true }) definition!: SubmissionDefinitionDto | null;
  @ApiProperty({ type: SubmissionImplementationDto, nullable: true })
  implementation!: SubmissionImplementationDto | null;
  @ApiProperty({ type: String, nullable: true }) version!: string | null;
  @ApiProperty({ type: String, nullable: true }) kitVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) defaultBranch!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementationDefaultBranch!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'The ref read: the one named, else the default branch (absent on validations recorded before refs were)',
  })
  ref?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The commit `ref` pointed to when it was read',
  })
  commit?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) implementationRef?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) implementationCommit?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^sha256:[0-9a-f]{64}$',
    description:
      'The content digest of the repository at `commit` (sha256 over its canonical listing of path, mode ' +
      'and blob hash, see the README): approval pins it beside the commit (absent on older validations)',
  })
  contentDigest?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^sha256:[0-9a-f]{64}$',
    description: 'Split model: the content digest of the implementation repository at `implementationCommit`',
  })
  implementationContentDigest?: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) hasIssues!: boolean | null;
  @ApiProperty({ enum: ASSET_KINDS, isArray: true }) assetKinds!: AssetKind[];
}

/** A policy submission. */
export class SubmissionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) policyId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: SUBMISSION_STATUSES }) status!: SubmissionStatus;
  @ApiProperty({ format: 'uri' }) sourceHostUrl!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) implementationSourceHostUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The ref validated and deployed (null: recorded before refs were)',
  })
  sourceRef!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The commit sourceRef pointed to when validated: what an approval publishes',
  })
  sourceCommit!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementationSourceRef!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementationSourceCommit!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Reviewer feedback' }) feedback!: string | null;
  @ApiProperty({ type: SubmissionValidationDto }) validation!: SubmissionValidationDto;
  @ApiProperty({ format: 'uuid' }) submittedBy!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) reviewedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class SubmissionListDto extends PageInfoDto {
  @ApiProperty({ type: [SubmissionDto], description: 'Newest first' }) submissions!: SubmissionDto[];
}

/** A submission in the review queue: what identifies it; its detail has description and validation. */
export class SubmissionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) policyId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: SUBMISSION_STATUSES }) status!: SubmissionStatus;
  @ApiProperty({ format: 'uri' }) sourceHostUrl!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) implementationSourceHostUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The ref an approval publishes' })
  sourceRef!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The commit sourceRef pointed to when validated',
  })
  sourceCommit!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementationSourceRef!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementationSourceCommit!: string | null;
  @ApiProperty({ format: 'uuid' }) submittedBy!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class SubmissionEnvelopeDto {
  @ApiProperty({ type: SubmissionDto }) submission!: SubmissionDto;
}

export class CreatedSubmissionDto {
  @ApiProperty({ type: SubmissionDto }) submission!: SubmissionDto;
  @ApiProperty({ type: SubmissionValidationDto }) validation!: SubmissionValidationDto;
}

/** A submission with its staged documentation. */
export class SubmissionDetailDto {
  @ApiProperty({ type: SubmissionDto }) submission!: SubmissionDto;
  @ApiProperty({ type: [DocTabDto] }) docTabs!: DocTabDto[];
}

export class ValidationEnvelopeDto {
  @ApiProperty({ type: SubmissionValidationDto }) validation!: SubmissionValidationDto;
}
