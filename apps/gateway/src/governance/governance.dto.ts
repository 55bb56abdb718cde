import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  EVALUATION_SEVERITIES,
  EVALUATION_TRIGGERS,
  GOVERNANCE_LIMITS as L,
  SPECIFICATION_FORMATS,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  HttpUrl,
  MaxUtf8Bytes,
  Nullable,
  Optional,
  PageCursor,
  PageInfoDto,
  PageLimit,
  toBool,
  toInt,
  trim,
} from '../http/common.dto';
import { OptionalInteger, OptionalString, RequiredString } from '../http/schema-fields';

/** A list of lowercase labels (an API's tags, a profile's tags and scopes): bounded, each repeated never. */
const Labels = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', maxLength: L.label.max, pattern: L.label.pattern },
      maxItems: L.tags.maxItems,
      uniqueItems: true,
      description,
    }),
    Optional(),
    IsArray(),
    ArrayMaxSize(L.tags.maxItems),
    ArrayUnique({ message: 'lists a label twice' }),
    IsString({ each: true }),
    MaxLength(L.label.max, { each: true }),
    Matches(new RegExp(L.label.pattern), { each: true }),
  );

/** An optional string of at most `max` characters matching `pattern` (a file name, a commit, a scope). */
const OptionalMatching = (max: number, pattern: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: max, pattern, description }),
    Optional(),
    IsString(),
    MaxLength(max),
    Matches(new RegExp(pattern)),
  );

/** A date and a time (an ISO 8601 date alone is refused: a waiver ends at an instant). */
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T';

// Requests

export class ApiSourceInputDto {
  @HttpUrl({ required: true, description: 'The repository on the source host that holds the specification' })
  repoUrl!: string;

  @OptionalString({
    minLength: 1,
    maxLength: L.ref.max,
    description: "Branch, tag or commit (default: the repository's default branch)",
  })
  ref?: string;

  @RequiredString({
    minLength: 1,
    maxLength: L.path.max,
    description: 'The main file, from the repository root',
  })
  path!: string;
}

export class PushedDocumentDto {
  @ApiProperty({
    minLength: 1,
    maxLength: L.document.bytes,
    description: `The specification, JSON or YAML (OpenAPI 2.0 to 3.1, AsyncAPI 2.x, RAML 1.0); at most ${L.document.bytes} UTF-8 bytes (413 over)`,
  })
  @IsString()
  @MaxUtf8Bytes(L.document.bytes)
  // The least only: a document over the most is 413 (MaxUtf8Bytes), which a length rule would make a 400.
  @MinLength(1)
  content!: string;

  @OptionalMatching(
    L.filename.max,
    L.filename.pattern,
    'Its file name, as findings name it (default api.yaml)',
  )
  filename?: string;

  @OptionalMatching(
    L.commit.max,
    L.commit.pattern,
    'The commit the document was taken at, as CI knows it (kept with the evaluation)',
  )
  commit?: string;
}

export class RegisterApiDto {
  @RequiredString({
    minLength: L.apiName.min,
    maxLength: L.apiName.max,
    description: 'Unique in the workspace (409)',
    example: 'Pets API',
  })
  @Transform(trim)
  name!: string;

  @OptionalString({ maxLength: L.description.max })
  description?: string;

  @ApiPropertyOptional({
    type: ApiSourceInputDto,
    description: 'Where the specification lives on the source host (evaluated at the commit its ref is at)',
  })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => ApiSourceInputDto)
  source?: ApiSourceInputDto;

  @Labels('Tags: governance profiles apply by tag')
  tags?: string[];

  @OptionalMatching(
    L.label.max,
    L.label.pattern,
    'Its scope (e.g. public, partner, internal): profiles apply by scope',
  )
  scope?: string;

  @ApiPropertyOptional({
    type: PushedDocumentDto,
    description: 'A first document, pushed with the registration',
  })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => PushedDocumentDto)
  document?: PushedDocumentDto;
}

export class UpdateApiDto {
  @OptionalString({ minLength: L.apiName.min, maxLength: L.apiName.max })
  @Transform(trim)
  name?: string;

  @OptionalString({ maxLength: L.description.max, description: 'Empty string clears it' })
  description?: string;

  @ApiPropertyOptional({
    type: ApiSourceInputDto,
    nullable: true,
    description: 'null removes the source (the pushed documents are evaluated)',
  })
  @Nullable()
  @IsObject()
  @ValidateNested()
  @Type(() => ApiSourceInputDto)
  source?: ApiSourceInputDto | null;

  @Labels('Replaces the tags')
  tags?: string[];

  @OptionalMatching(L.label.max, `^$|${L.label.pattern}`, 'Empty string clears it')
  scope?: string;
}

export class ListApisQuery {
  @ApiPropertyOptional({ type: 'boolean', description: "Only the APIs below the workspace's threshold" })
  @Optional()
  @Transform(toBool)
  @IsBoolean()
  atRisk?: boolean;

  @OptionalString({
    maxLength: L.label.max,
    pattern: L.label.pattern,
    description: 'Only APIs with this tag',
  })
  tag?: string;

  @PageLimit(L.limit)
  limit?: number;

  @OptionalInteger({
    type: 'integer',
    minimum: L.offset.min,
    maximum: L.offset.max,
    default: L.offset.default,
  })
  @Transform(toInt)
  offset?: number;
}

export class TrendQuery {
  @OptionalInteger({
    type: 'integer',
    minimum: L.trendDays.min,
    maximum: L.trendDays.max,
    default: L.trendDays.default,
    description: 'The UTC days the series covers, the last one today',
  })
  @Transform(toInt)
  days?: number;
}

export class RulesetFollowInputDto {
  @ApiProperty({ format: 'uuid', description: 'A community ruleset the caller can see' })
  @IsUUID()
  rulesetId!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: L.version.pattern,
    maxLength: 40,
    description:
      'A reviewed commit of the ruleset to pin (its current one or an older one); omitted or null: follow its latest version',
  })
  @Nullable()
  @IsString()
  @Matches(new RegExp(L.version.pattern))
  version?: string | null;
}

const FOLLOWS: ApiPropertyOptions = {
  type: [RulesetFollowInputDto],
  minItems: L.profileRulesets.min,
  maxItems: L.profileRulesets.max,
  uniqueItems: true,
  description: 'The rulesets the profile applies, each once (one entry per `rulesetId`)',
};

export class CreateProfileDto {
  @RequiredString({ minLength: L.profileName.min, maxLength: L.profileName.max, example: 'Public APIs' })
  @Transform(trim)
  name!: string;

  @ApiProperty(FOLLOWS)
  @IsArray()
  @ArrayMinSize(L.profileRulesets.min)
  @ArrayMaxSize(L.profileRulesets.max)
  @ArrayUnique((f: RulesetFollowInputDto) => f.rulesetId, { message: 'lists a ruleset twice' })
  @ValidateNested({ each: true })
  @Type(() => RulesetFollowInputDto)
  rulesets!: RulesetFollowInputDto[];

  @Labels('It applies to APIs with any of these tags (with matchScopes empty too: to every API)')
  matchTags?: string[];

  @Labels('It applies to APIs with any of these scopes')
  matchScopes?: string[];
}

export class UpdateProfileDto {
  @OptionalString({ minLength: L.profileName.min, maxLength: L.profileName.max })
  @Transform(trim)
  name?: string;

  @ApiPropertyOptional(FOLLOWS)
  @Optional()
  @IsArray()
  @ArrayMinSize(L.profileRulesets.min)
  @ArrayMaxSize(L.profileRulesets.max)
  @ArrayUnique((f: RulesetFollowInputDto) => f.rulesetId, { message: 'lists a ruleset twice' })
  @ValidateNested({ each: true })
  @Type(() => RulesetFollowInputDto)
  rulesets?: RulesetFollowInputDto[];

  @Labels('Replaces the tags it matches')
  matchTags?: string[];

  @Labels('Replaces the scopes it matches')
  matchScopes?: string[];
}

export class UpdateSettingsDto {
  @ApiProperty({
    type: 'integer',
    minimum: L.threshold.min,
    maximum: L.threshold.max,
    description: `An API below this conformance (percent) is at risk (default ${L.threshold.default})`,
  })
  @IsInt()
  @Min(L.threshold.min)
  @Max(L.threshold.max)
  atRiskThreshold!: number;
}

export class RecordEvaluationDto {
  @ApiPropertyOptional({
    type: PushedDocumentDto,
    description:
      'A document to push and evaluate (CI); without it, the source on the host, else the newest pushed document',
  })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => PushedDocumentDto)
  document?: PushedDocumentDto;

  @ApiPropertyOptional({ enum: ['manual', 'ci'], default: 'manual' })
  @Optional()
  @IsIn(['manual', 'ci'])
  trigger?: 'manual' | 'ci';
}

export class HistoryQuery {
  @PageLimit(L.limit)
  limit?: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only evaluations older than this one, an evaluation of this API (the next page)',
  })
  @Optional()
  @IsUUID()
  before?: string;
}

export class DiffQuery {
  @ApiProperty({ format: 'uuid', description: 'The earlier evaluation of the API to compare with' })
  @IsUUID()
  against!: string;
}

export class CreateWaiverDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "The ruleset whose rule it waives (a ruleset_id of the API's evaluations). Without it the waiver covers the rule's findings in every ruleset with a rule of that name",
  })
  @Optional()
  @IsUUID()
  rulesetId?: string;

  @RequiredString({
    minLength: L.waiverRule.min,
    maxLength: L.waiverRule.max,
    description: 'The rule (validation name in its profile)',
  })
  rule!: string;

  @RequiredString({
    minLength: L.waiverLocation.min,
    maxLength: L.waiverLocation.max,
    example: '#/paths/~1pets/post',
    description:
      'A JSON pointer (starting with # or /): the element and everything below it, `*` for any one segment; anything else is a pattern of the file (`*` within a folder, `**` across, `?` one character)',
  })
  location!: string;

  @RequiredString({ minLength: L.waiverReason.min, maxLength: L.waiverReason.max })
  @Transform(trim)
  reason!: string;

  @ApiProperty({
    format: 'date-time',
    maxLength: 40,
    pattern: DATE_TIME_PATTERN,
    description: `When it stops covering findings: in the future, at most ${L.waiverDays.max} days ahead (400 otherwise)`,
  })
  @IsString()
  @MaxLength(40)
  @Matches(new RegExp(DATE_TIME_PATTERN), { message: 'must be a date-time (a date alone is not)' })
  @IsISO8601({ strict: true })
  expiresAt!: string;
}

// Responses

export class ApiSourceDto {
  @ApiProperty({ format: 'uri' }) repo_url!: string;
  @ApiProperty({ type: String, nullable: true }) ref!: string | null;
  @ApiProperty() path!: string;
}

const PERCENT = { type: Number, nullable: true, minimum: 0, maximum: 100 } as const;

export class GovernedApiDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ minLength: L.apiName.min, maxLength: L.apiName.max }) name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: ApiSourceDto, nullable: true, description: 'null: its documents are pushed' })
  source!: ApiSourceDto | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: String, nullable: true }) scope!: string | null;
  @ApiProperty({
    minimum: 0,
    maximum: L.documentsPerApi,
    description: 'Documents pushed and kept (the newest ones)',
  })
  documents!: number;
  @ApiProperty({
    ...PERCENT,
    description:
      "The latest evaluation's passed rules over applicable rules, in percent (null: never evaluated, or no rule applies)",
  })
  conformance!: number | null;
  @ApiProperty({
    ...PERCENT,
    description: 'The evaluation before the latest one: the trend is the difference',
  })
  previous_conformance!: number | null;
  @ApiProperty({ description: "Below the workspace's threshold" }) at_risk!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) last_evaluation_id!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_evaluated_at!: string | null;
  @ApiProperty({ format: 'uuid' }) created_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class GovernedApiEnvelopeDto {
  @ApiProperty({ type: GovernedApiDto }) api!: GovernedApiDto;
}

export class ApiTotalsDto {
  @ApiProperty({ minimum: 0 }) apis!: number;
  @ApiProperty({ minimum: 0, description: 'With a conformance' }) evaluated!: number;
  @ApiProperty({ minimum: 0 }) at_risk!: number;
}

export class ApiDashboardDto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ minimum: L.threshold.min, maximum: L.threshold.max }) threshold!: number;
  @ApiProperty({ type: ApiTotalsDto }) totals!: ApiTotalsDto;
  @ApiProperty({
    type: [GovernedApiDto],
    maxItems: L.limit.max,
    description: 'At-risk first (lowest conformance first), then by conformance; never evaluated last',
  })
  apis!: GovernedApiDto[];
  @ApiProperty({ description: 'More follow (next offset); a page is also cut short at 512 KiB' })
  has_more!: boolean;
}

export class GovernanceTrendPointDto {
  @ApiProperty({ format: 'date', description: 'The UTC day' }) day!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    description:
      "The mean of each API's latest conformance as of the end of the day, one decimal (null: none evaluated yet)",
  })
  conformance!: number | null;
  @ApiProperty({ minimum: 0, description: 'APIs with a conformance as of that day' }) evaluated!: number;
  @ApiProperty({ minimum: 0, description: "Of those, the ones below the workspace's threshold (today's)" })
  at_risk!: number;
}

export class GovernanceTrendDto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ minimum: L.threshold.min, maximum: L.threshold.max }) threshold!: number;
  @ApiProperty({ minimum: L.trendDays.min, maximum: L.trendDays.max }) days!: number;
  @ApiProperty({
    type: [GovernanceTrendPointDto],
    minItems: L.trendDays.min,
    maxItems: L.trendDays.max,
    description: 'One point per day, oldest first; a day without evaluations carries the last value',
  })
  points!: GovernanceTrendPointDto[];
}

export class ApiDocumentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty() filename!: string;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'sha256 of its content' }) digest!: string;
  @ApiProperty({ type: String, nullable: true }) commit!: string | null;
  @ApiProperty({ minimum: 1, maximum: L.document.bytes }) bytes!: number;
  @ApiProperty({ format: 'uuid' }) pushed_by!: string;
  @ApiProperty({ format: 'date-time' }) pushed_at!: string;
}

export class ApiDocumentEnvelopeDto {
  @ApiProperty({ type: ApiDocumentDto }) document!: ApiDocumentDto;
}

export class ApiDocumentTextDto extends ApiDocumentDto {
  @ApiProperty({ maxLength: L.document.bytes, description: 'The document as pushed' }) content!: string;
}

export class ApiDocumentTextEnvelopeDto {
  @ApiProperty({ type: ApiDocumentTextDto }) document!: ApiDocumentTextDto;
}

export class RulesetFollowDto {
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The pinned reviewed commit; null: follows its latest',
  })
  version!: string | null;
}

export class GovernanceProfileDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [RulesetFollowDto], maxItems: L.profileRulesets.max }) rulesets!: RulesetFollowDto[];
  @ApiProperty({ type: [String] }) match_tags!: string[];
  @ApiProperty({ type: [String] }) match_scopes!: string[];
  @ApiProperty({ format: 'uuid' }) created_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class GovernanceProfileEnvelopeDto {
  @ApiProperty({ type: GovernanceProfileDto }) profile!: GovernanceProfileDto;
}

export class GovernanceProfileListDto {
  @ApiProperty({ type: [GovernanceProfileDto], maxItems: L.profilesPerWorkspace, description: 'By name' })
  profiles!: GovernanceProfileDto[];
}

export class GovernanceSettingsDto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ minimum: L.threshold.min, maximum: L.threshold.max }) at_risk_threshold!: number;
}

export class GovernanceSettingsEnvelopeDto {
  @ApiProperty({ type: GovernanceSettingsDto }) settings!: GovernanceSettingsDto;
}

export class GovernanceCountsDto {
  @ApiProperty({ minimum: 0 }) violation!: number;
  @ApiProperty({ minimum: 0 }) warning!: number;
  @ApiProperty({ minimum: 0 }) info!: number;
}

export class EvaluatedSpecificationRefDto {
  @ApiProperty({ enum: SPECIFICATION_FORMATS }) format!: string;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' }) digest!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The commit evaluated (the source ref resolved, or as CI said)',
  })
  commit!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The source's ref, when read from the source host",
  })
  ref!: string | null;
}

export class EvaluatedRulesetVersionDto {
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewed commit evaluated' }) version!:
    string | null;
  @ApiProperty({ enum: ['latest', 'pinned'] }) follows!: string;
  @ApiProperty({ minimum: 0 }) applicable_rules!: number;
  @ApiProperty({ minimum: 0 }) failed_rules!: number;
  @ApiProperty({ type: GovernanceCountsDto }) counts!: GovernanceCountsDto;
}

export class ApiEvaluationSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ enum: EVALUATION_TRIGGERS }) trigger!: string;
  @ApiProperty({ format: 'uuid' }) run_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: EvaluatedSpecificationRefDto }) specification!: EvaluatedSpecificationRefDto;
  @ApiProperty({ type: [EvaluatedRulesetVersionDto], maxItems: L.profileRulesets.max })
  rulesets!: EvaluatedRulesetVersionDto[];
  @ApiProperty({ type: GovernanceCountsDto, description: 'Complete, waived findings included' })
  counts!: GovernanceCountsDto;
  @ApiProperty({ minimum: 0, description: 'Findings kept that a waiver covers' }) waived!: number;
  @ApiProperty({ minimum: 0 }) passed_rules!: number;
  @ApiProperty({ minimum: 0 }) applicable_rules!: number;
  @ApiProperty({
    ...PERCENT,
    description:
      'passed_rules over applicable_rules in percent; a rule fails on a violation no waiver covers',
  })
  conformance!: number | null;
}

export class KeptFindingDto {
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty() rule!: string;
  @ApiProperty({ enum: EVALUATION_SEVERITIES }) severity!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: String, nullable: true }) file!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) line!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) column!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '#/paths/~1pets/post' }) pointer!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The waiver covering it (null: it counts)',
  })
  waiver_id!: string | null;
}

export class ApiEvaluationDto extends ApiEvaluationSummaryDto {
  @ApiProperty({
    type: [KeptFindingDto],
    maxItems: L.findingsKept,
    description: 'Violations first, per ruleset',
  })
  findings!: KeptFindingDto[];
  @ApiProperty({
    description: `More findings exist than were kept, at most ${L.findingsKept} within ${L.findingsKeptBytes / 1024} KiB (counts are complete)`,
  })
  findings_truncated!: boolean;
}

export class ApiEvaluationEnvelopeDto {
  @ApiProperty({ type: ApiEvaluationDto }) evaluation!: ApiEvaluationDto;
}

export class ApiHistoryDto {
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty({ minimum: L.threshold.min, maximum: L.threshold.max }) threshold!: number;
  @ApiProperty({
    type: [ApiEvaluationSummaryDto],
    maxItems: L.limit.max,
    description: 'Newest first, without findings',
  })
  evaluations!: ApiEvaluationSummaryDto[];
  @ApiProperty({ description: 'Older ones follow (`before` the last one)' }) has_more!: boolean;
}

export class WaiverDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The ruleset whose rule it waives; null: the rule of that name in every ruleset',
  })
  ruleset_id!: string | null;
  @ApiProperty() rule!: string;
  @ApiProperty() location!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
  @ApiProperty({ description: 'Expired: its findings count again' }) expired!: boolean;
  @ApiProperty({ format: 'uuid' }) created_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class WaiverEnvelopeDto {
  @ApiProperty({ type: WaiverDto }) waiver!: WaiverDto;
}

/** A page of an API's waivers: `limit` and `cursor` (the `nextCursor` of the page before). */
export class WaiversQuery {
  @PageLimit(L.waiversPage) limit?: number;
  @PageCursor() cursor?: string;
}

export class WaiverListDto extends PageInfoDto {
  @ApiProperty({ type: [WaiverDto], maxItems: L.waiversPage.max, description: 'Latest expiry first' })
  waivers!: WaiverDto[];
}

export class EvaluationDiffDto {
  @ApiProperty({ type: ApiEvaluationSummaryDto, description: 'The earlier evaluation (`against`)' })
  from!: ApiEvaluationSummaryDto;
  @ApiProperty({ type: ApiEvaluationSummaryDto, description: "The later one (the path's)" })
  to!: ApiEvaluationSummaryDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: -100,
    maximum: 100,
    description: "`to`'s conformance minus `from`'s, in points (null when either has none)",
  })
  conformance_delta!: number | null;
  @ApiProperty({
    type: [KeptFindingDto],
    maxItems: L.findingsKept,
    description:
      'Findings of `to` that `from` did not have (same ruleset, rule, file and JSON pointer: a moved line is the same finding)',
  })
  introduced!: KeptFindingDto[];
  @ApiProperty({
    type: [KeptFindingDto],
    maxItems: L.findingsKept,
    description: 'Findings of `from` that `to` no longer has',
  })
  resolved!: KeptFindingDto[];
  @ApiProperty({ minimum: 0 }) unchanged!: number;
}

export class RulesetFollowersDto {
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty({
    minimum: 0,
    description: "Governed APIs a workspace's profile applies it to (pinned or following its latest)",
  })
  apis!: number;
  @ApiProperty({ minimum: 0, description: 'Of those, the ones following its latest version' })
  following_latest!: number;
  @ApiProperty({ minimum: 0 }) workspaces!: number;
}
