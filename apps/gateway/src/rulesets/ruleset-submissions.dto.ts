import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  RULESET_CATEGORIES,
  RULESET_LIMITS as L,
  RULESET_SUBMISSION_STATUSES,
  type RulesetCategory,
  SCOPE_FILTERS,
  TARGET_SCOPES,
  type TargetScope,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { RulesetDocTabDto, RulesetDocTabInputDto } from './ruleset-docs.dto';
import {
  ClearableUrl,
  HttpUrl,
  Optional,
  PageCursor,
  PageInfoDto,
  PageLimit,
  trim,
} from '../http/common.dto';
import { OptionalBoolean, OptionalEnum, OptionalString, RequiredString } from '../http/schema-fields';
import { RuleCountsDto } from './rulesets.dto';
import { declarationsOf } from '../listings/listing.dto';

export class RulesetIdeaDeclarationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  ideaId!: string;

  @ApiPropertyOptional({ enum: ['full', 'partial'], default: 'full' })
  @Optional()
  @IsIn(['full', 'partial'])
  coverage?: 'full' | 'partial';

  @OptionalString({ maxLength: L.scopeNote.max })
  scopeNote?: string;
}

/** The deprecated scope `agent-network` as what it stands for, `agent`: the message carries current scopes only. */
function currentScopes({ value }: { value: unknown }): unknown {
  return Array.isArray(value)
    ? value.map((scope: unknown) => (scope === 'agent-network' ? 'agent' : scope))
    : value;
}

/**
 * The fields of RulesetSubmissionInput other than name, description and repoUrl, which create requires
 * and PATCH takes optionally (class-validator merges a parent's conditions, so they are declared apart).
 */
export class RulesetSubmissionFieldsDto {
  @OptionalEnum({
    enum: [...RULESET_CATEGORIES, ''],
    default: 'Other',
    description: 'Empty string: Other (the default), as an edit clears the field',
  })
  @Transform(({ value }: { value: unknown }) => (value === '' ? 'Other' : value))
  category?: RulesetCategory;

  @OptionalString({ maxLength: L.sourceRef.max, description: 'Omit or empty for the default branch' })
  sourceRef?: string;

  @OptionalString({
    maxLength: L.rulesetPath.max,
    description: 'The profile file relative to the ruleset root; omit (or empty) to discover it',
  })
  rulesetPath?: string;

  @ApiPropertyOptional({
    enum: SCOPE_FILTERS,
    isArray: true,
    maxItems: TARGET_SCOPES.length,
    uniqueItems: true,
    description:
      'Default: what the profile targets. Each scope once; `agent-network` is the deprecated alias of `agent`, ' +
      'stored as `agent` (so the two together list `agent` twice)',
  })
  @Optional()
  @Transform(currentScopes)
  @IsArray()
  @ArrayMaxSize(TARGET_SCOPES.length)
  @ArrayUnique()
  // The document's set: `agent-network` is `agent` by the time this checks (currentScopes).
  @IsIn(SCOPE_FILTERS, { each: true })
  targetScopes?: TargetScope[];

  @ApiPropertyOptional({
    maxLength: L.registryAssetId.max,
    pattern: L.registryAssetId.pattern,
    description: 'Default: registry.json assetId; empty string clears',
  })
  @Optional()
  @IsString()
  @MaxLength(L.registryAssetId.max)
  @ValidateIf((_: unknown, v: unknown) => v !== '')
  @Matches(new RegExp(L.registryAssetId.pattern))
  registryAssetId?: string;

  @ClearableUrl('Omit to use icon.png or icon.svg at the ruleset root; empty string clears')
  iconUrl?: string;

  @OptionalBoolean({ description: 'true: the default icon (clears iconUrl and wins over it)' })
  iconDisabled?: boolean;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', maxLength: L.tags.maxLength },
    maxItems: L.tags.maxItems,
    description: 'Blank and repeated tags are dropped',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(L.tags.maxItems)
  @IsString({ each: true })
  @MaxLength(L.tags.maxLength, { each: true })
  tags?: string[];

  @ClearableUrl()
  videoTutorialUrl?: string;

  @ClearableUrl()
  examplesUrl?: string;

  @ApiPropertyOptional({
    type: [RulesetDocTabInputDto],
    maxItems: L.docTabs.maxItems,
    description:
      'Staged documentation (replaces the staged set): keys unique; overview, rules, examples, faq predefined; ' +
      `missing predefined tabs added empty (they do not count against the ${L.docTabs.maxItems}); ` +
      'a blank overview keeps the description',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(L.docTabs.maxItems)
  @ValidateNested({ each: true })
  @Type(() => RulesetDocTabInputDto)
  docTabs?: RulesetDocTabInputDto[];

  @ApiPropertyOptional({
    type: 'array',
    items: {
      oneOf: [{ type: 'string', format: 'uuid' }, { $ref: '#/components/schemas/RulesetIdeaDeclarationDto' }],
    },
    maxItems: L.deliversIdeaIds.maxItems,
    description: 'Idea ids or {ideaId, coverage, scopeNote}; each approved and visible, listed once (422)',
  })
  @Optional()
  @Transform(declarationsOf(RulesetIdeaDeclarationDto))
  @IsArray()
  @ArrayMaxSize(L.deliversIdeaIds.maxItems)
  @ValidateNested({ each: true })
  @Type(() => RulesetIdeaDeclarationDto)
  deliversIdeaIds?: RulesetIdeaDeclarationDto[];

  @ApiPropertyOptional({ format: 'uuid', deprecated: true, description: 'Legacy single-idea form' })
  @Optional()
  @IsUUID()
  deliversIdeaId?: string;
}

export class CreateRulesetSubmissionDto extends RulesetSubmissionFieldsDto {
  @RequiredString({ minLength: L.name.min, maxLength: L.name.max })
  @Transform(trim)
  name!: string;

  @RequiredString({ minLength: L.description.min, maxLength: L.description.max, description: 'Markdown' })
  description!: string;

  @HttpUrl({ required: true, description: 'A public repository URL' })
  repoUrl!: string;
}

export class UpdateRulesetSubmissionDto extends RulesetSubmissionFieldsDto {
  @OptionalString({ minLength: L.name.min, maxLength: L.name.max })
  @Transform(trim)
  name?: string;

  @OptionalString({
    minLength: L.description.min,
    maxLength: L.description.max,
    description: 'Markdown',
  })
  description?: string;

  @HttpUrl({ description: 'A public repository URL' })
  repoUrl?: string;

  @OptionalBoolean({ description: 'Send a needs_improvement submission back for review' })
  resubmit?: boolean;
}

// ---------------------------------------------------------------- responses

export class RulesetSnapshotDto {
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: RULESET_CATEGORIES }) category!: string;
  @ApiProperty({ format: 'uri' }) source_url!: string;
  @ApiProperty({ type: 'string', nullable: true }) source_ref!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) ruleset_path!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) profile_name!: string | null;
  @ApiProperty({ type: [String] }) rule_names!: string[];
  @ApiProperty({ enum: TARGET_SCOPES, isArray: true }) target_scopes!: string[];
  @ApiProperty({ type: 'string', nullable: true }) registry_asset_id!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) video_tutorial_url!: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) examples_url!: string | null;
  @ApiProperty({ format: 'date-time' }) snapshotted_at!: string;
}

export class RulesetSubmissionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: RULESET_SUBMISSION_STATUSES }) status!: string;
  @ApiProperty({ format: 'uuid' }) submitted_by!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: RULESET_CATEGORIES }) category!: string;
  @ApiProperty({ format: 'uri' }) source_url!: string;
  @ApiProperty({ type: 'string', nullable: true }) source_ref!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) ruleset_path!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) profile_name!: string | null;
  @ApiProperty({ type: RuleCountsDto }) rule_counts!: RuleCountsDto;
  @ApiProperty({ type: [String] }) rule_names!: string[];
  @ApiProperty({ enum: TARGET_SCOPES, isArray: true }) target_scopes!: string[];
  @ApiProperty({ type: 'string', nullable: true }) registry_asset_id!: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) icon_url!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) video_tutorial_url!: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) examples_url!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) review_feedback!: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) reviewed_by!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) reviewed_at!: string | null;
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    pattern: '^[0-9a-f]{40,64}$',
    description:
      'An extension: the commit `source_ref` pointed to when validation read it (an edit of the repository, ' +
      'ref or path validates again and records the new one): what approval pins. Null on submissions made ' +
      'before pins',
  })
  source_commit!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    pattern: '^sha256:[0-9a-f]{64}$',
    description: 'An extension: the content digest of the repository at `source_commit` (see the README)',
  })
  content_digest!: string | null;
  @ApiProperty({
    type: 'array',
    items: { type: 'string', maxLength: L.warningsKept.maxLength },
    maxItems: L.warningsKept.maxItems,
    nullable: true,
    description:
      'An extension: the warnings validation found at `source_commit` (replaced when an edit of the ' +
      `repository, ref or path validates again): the first ${L.warningsKept.maxItems}, each cut to ` +
      `${L.warningsKept.maxLength} characters (ending "…"). Null on submissions made before they were kept`,
  })
  validation_warnings!: string[] | null;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'An extension: the warnings validation found beyond `validation_warnings` (0 when all are kept, and ' +
      'when none are)',
  })
  validation_warnings_omitted!: number;
  @ApiProperty({ type: RulesetSnapshotDto, nullable: true, description: 'The content before the last edit' })
  previous_snapshot!: RulesetSnapshotDto | null;
  @ApiProperty({ type: 'integer', description: 'Edits of the content so far' }) revision_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      "An extension: when the submission's ruleset was first published; null while it never was. " +
      'Withdrawing (DELETE) a submission of a ruleset never published deletes the ruleset with it; a ' +
      'published one stays as it is',
  })
  ruleset_published_at!: string | null;
}

/** A page of the caller's ruleset submissions (an extension: without it, the newest 100). */
export class RulesetSubmissionsQuery {
  @PageLimit(L.ownSubmissions) limit?: number;
  @PageCursor() cursor?: string;
}

export class RulesetSubmissionListDto extends PageInfoDto {
  @ApiProperty({ type: [RulesetSubmissionDto], description: 'Newest first' })
  submissions!: RulesetSubmissionDto[];
}

export class RulesetSubmissionEnvelopeDto {
  @ApiProperty({ type: RulesetSubmissionDto }) submission!: RulesetSubmissionDto;
}

export class RulesetSubmissionCreatedDto extends RulesetSubmissionEnvelopeDto {
  @ApiProperty({
    type: [String],
    description:
      'Doubtful things validation noticed, all of them (the submission keeps the first ones as ' +
      '`validation_warnings`)',
  })
  warnings!: string[];
}

export class RulesetSubmissionDetailDto extends RulesetSubmissionEnvelopeDto {
  @ApiProperty({ type: [RulesetDocTabDto] }) docTabs!: RulesetDocTabDto[];
}

export class RulesetHistoryEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty({
    enum: [
      'submitted',
      'edited',
      'ideas_changed',
      'resubmitted',
      'update_submitted',
      'approved',
      'needs_improvement',
      'rejected',
    ],
  })
  action!: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) actor_id!: string | null;
  @ApiProperty({ enum: RULESET_SUBMISSION_STATUSES, description: 'The status after the change' })
  status!: string;
  @ApiProperty({ type: [String], description: 'The fields the change sent' }) fields!: string[];
  @ApiProperty({ type: 'string', nullable: true }) feedback!: string | null;
  @ApiProperty({ type: RulesetSnapshotDto, nullable: true, description: 'The content before this change' })
  previous_snapshot!: RulesetSnapshotDto | null;
  @ApiProperty({ type: 'integer', description: 'revision_count after this change' }) revision_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class RulesetHistoryDto {
  @ApiProperty({ type: [RulesetHistoryEntryDto], description: `Newest first, at most ${L.history.max}` })
  entries!: RulesetHistoryEntryDto[];
}
