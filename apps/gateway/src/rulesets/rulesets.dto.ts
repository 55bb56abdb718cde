import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  RULESET_FORMATS,
  RULESET_CATEGORIES,
  RULESET_LIFECYCLE_STATUSES,
  RULESET_LIMITS as L,
  RULESET_SORTS,
  RULESET_SOURCES,
  REVIEWER_ROLES,
  type RulesetSort,
  type RulesetSource,
  SCOPE_FILTERS,
  type ScopeFilter,
  SORT_ORDERS,
  type SortOrder,
  TARGET_SCOPES,
} from '@pc/contracts';
import { Transform } from 'class-transformer';
import {
  ContributorDto,
  ideaDeliveryFields,
  LikedDto,
  PinnedCommit,
  ReviewPinDto,
  VendorSummaryFields,
} from '../listings/listing.dto';
import { CreateTransferDto } from '../catalog/transfers.dto';
import { ClearableUrl, PageLimit, toInt } from '../http/common.dto';
import { OptionalEnum, OptionalInteger, OptionalString } from '../http/schema-fields';
import { IsString, Matches } from 'class-validator';

// ---------------------------------------------------------------- requests

export class ListRulesetsQuery {
  @OptionalEnum({ enum: RULESET_SOURCES, default: 'community' })
  source?: RulesetSource;

  @OptionalString({
    maxLength: L.q.max,
    description: 'Words (matched as prefixes) or a part of the name; vendor: words of the name and summary',
  })
  q?: string;

  @OptionalString({
    maxLength: L.category.max,
    description: `A RulesetCategory, or "All Categories" for no filter; vendor: exact registry category`,
  })
  category?: string;

  @OptionalEnum({
    enum: SCOPE_FILTERS,
    description: '`agent-network` is a deprecated alias of `agent`',
  })
  scope?: ScopeFilter;

  @OptionalEnum({
    enum: RULESET_SORTS,
    description:
      'Default alpha, with or without q. Vendor rulesets have no submission date, likes or views: with ' +
      'source=vendor every sort lists them by name, then slug',
  })
  sort?: RulesetSort;

  @OptionalEnum({
    enum: SORT_ORDERS,
    description: 'Default asc for alpha, desc otherwise; with source=vendor default asc',
  })
  order?: SortOrder;

  @PageLimit(L.limit) limit?: number;

  @OptionalInteger({ type: 'integer', minimum: L.offset.min, maximum: L.offset.max, default: 0 })
  @Transform(toInt)
  offset?: number;
}

export class UpdateRulesetDto {
  @ClearableUrl()
  videoTutorialUrl?: string;

  @ClearableUrl()
  examplesUrl?: string;
}

export class PinRulesetDto {
  @PinnedCommit("The commit to pin (default: the commit the ruleset's source ref points to now)")
  commit?: string;
}

export class RulesetSlugParams {
  @ApiProperty({ pattern: L.slug.pattern, maxLength: L.slug.max })
  @IsString()
  @Matches(new RegExp(L.slug.pattern))
  slug!: string;
}

/** The recipient of a ruleset: as for a policy, by username or email. */
export class CreateRulesetTransferDto extends CreateTransferDto {}

// ---------------------------------------------------------------- responses

export class RulesetLikedDto extends LikedDto {}

export class RuleCountsDto {
  @ApiProperty({ type: 'integer' }) violation!: number;
  @ApiProperty({ type: 'integer' }) warning!: number;
  @ApiProperty({ type: 'integer' }) info!: number;
}

export class RulesetContributorDto extends ContributorDto {}

export class RulesetIdeaDeliveryDto extends ideaDeliveryFields({
  required: true,
  description: "The idea's slug: the words of its title, lower-case, joined by `-` (its id when it has none)",
}) {}

export class RuleCoverageDto {
  @ApiProperty() rule!: string;
  @ApiProperty({ description: 'A non-conforming example made it fire' }) fired!: boolean;
}

export class RulesetExamplesDto {
  @ApiProperty({
    description: 'No rule fires on a conforming example and every rule fires on a non-conforming one',
  })
  passed!: boolean;
  @ApiProperty({ minimum: 0 }) conforming!: number;
  @ApiProperty({ minimum: 0 }) nonConforming!: number;
  @ApiProperty({ type: [RuleCoverageDto] }) rules!: RuleCoverageDto[];
}

export class RulesetEngineCheckDto {
  @ApiProperty({
    description:
      'Evaluation can run the profile (false: it governs MCP servers or agents, and evaluating it is 422 ' +
      'RULESETS.NOT_EVALUABLE)',
  })
  evaluable!: boolean;
  @ApiProperty({
    type: RulesetExamplesDto,
    nullable: true,
    description: 'How its examples fared at validation; null: the repository has none',
  })
  examples!: RulesetExamplesDto | null;
  @ApiProperty({ format: 'date-time', description: 'When validation ran the check' }) checked_at!: string;
  @ApiPropertyOptional({
    enum: RULESET_FORMATS,
    description:
      'The language validation read the ruleset file as (absent: checked before Spectral rulesets: amf)',
  })
  format?: string;
}

export class RulesetSummaryDto {
  @ApiProperty({ enum: ['community'] }) source!: 'community';
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Markdown' }) description!: string;
  @ApiProperty({ enum: RULESET_CATEGORIES }) category!: string;
  @ApiProperty({ type: 'string', nullable: true }) profile_name!: string | null;
  @ApiProperty({
    enum: RULESET_FORMATS,
    description:
      'The language of the ruleset file: an AMF validation profile, or a Spectral ruleset (.spectral.yaml, ' +
      '.spectral.yml, .spectral.json). Both evaluate through POST /api/rulesets/evaluations',
  })
  ruleset_format!: string;
  @ApiProperty({ type: RuleCountsDto }) rule_counts!: RuleCountsDto;
  @ApiProperty({ enum: TARGET_SCOPES, isArray: true }) target_scopes!: string[];
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) icon_url!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) registry_asset_id!: string | null;
  @ApiProperty({ enum: RULESET_LIFECYCLE_STATUSES }) lifecycle_status!: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) published_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: 'integer' }) likes!: number;
  @ApiProperty({ type: 'integer' }) views!: number;
  @ApiProperty({ type: 'integer' }) deploys!: number;
  @ApiProperty({ type: 'integer' }) comment_count!: number;
  @ApiProperty({ description: "The caller's like" }) liked!: boolean;
  @ApiProperty({ format: 'uuid' }) submitted_by!: string;
  @ApiProperty({ type: 'string', nullable: true }) owner_name!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) owner_username!: string | null;
}

export class RulesetDto extends RulesetSummaryDto {
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) submission_id!: string | null;
  @ApiProperty({
    format: 'uuid',
    description: 'An extension: the current owner (after a transfer, the new one)',
  })
  owner_id!: string;
  @ApiProperty({ format: 'uri' }) source_url!: string;
  @ApiProperty({ type: 'string', nullable: true }) source_ref!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) ruleset_path!: string | null;
  @ApiProperty({ type: [String] }) rule_names!: string[];
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) video_tutorial_url!: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) examples_url!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) review_feedback!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) reviewed_at!: string | null;
  @ApiProperty({ type: [RulesetContributorDto] }) contributors!: RulesetContributorDto[];
  @ApiProperty({ type: [RulesetIdeaDeliveryDto] }) delivers_ideas!: RulesetIdeaDeliveryDto[];
  @ApiProperty({
    type: RulesetEngineCheckDto,
    nullable: true,
    description:
      'What submission validation found with the evaluation engine for the content shown (the approved one, or ' +
      'the one under review before a first approval); null when validated before these checks were kept',
  })
  engine_check!: RulesetEngineCheckDto | null;
  @ApiProperty({
    type: ReviewPinDto,
    nullable: true,
    description:
      'The reviewed commit a release builds (an extension; the implementation fields are always null): ' +
      'approval pins the commit the submission was validated at, an approved update moves it. Null before ' +
      'approval, and for a published ruleset whose commit is not known: its releases are refused until an ' +
      'administrator pins it',
  })
  pin!: ReviewPinDto | null;
}

export class VendorRulesetSummaryDto extends VendorSummaryFields {
  @ApiProperty({ type: 'string', nullable: true, description: 'A registry category, or none' })
  category!: string | null;
  @ApiProperty({ enum: TARGET_SCOPES, isArray: true }) target_scopes!: string[];
}

export class VendorRulesetDto extends VendorRulesetSummaryDto {
  @ApiProperty({ description: 'Markdown documentation body' }) body_md!: string;
  @ApiProperty({
    description:
      'Evaluation can run it (false for a ruleset of MCP servers or agents: evaluating it is 422 ' +
      'RULESETS.NOT_EVALUABLE)',
  })
  evaluable!: boolean;
}

export class RulesetListDto {
  @ApiProperty({
    type: 'array',
    items: {
      oneOf: [
        { $ref: '#/components/schemas/RulesetSummaryDto' },
        { $ref: '#/components/schemas/VendorRulesetSummaryDto' },
      ],
    },
    description: 'RulesetSummary (source=community) or VendorRulesetSummary (source=vendor)',
  })
  rulesets!: Array<RulesetSummaryDto | VendorRulesetSummaryDto>;

  @ApiProperty({ description: 'Another page exists past this one (from offset + the rows returned)' })
  hasMore!: boolean;
}

export class RulesetEnvelopeDto {
  @ApiProperty({ type: RulesetDto }) ruleset!: RulesetDto;
}

export class VendorRulesetEnvelopeDto {
  @ApiProperty({ type: VendorRulesetDto }) ruleset!: VendorRulesetDto;
}

export class RulesetReviewerStatusDto {
  @ApiProperty({ description: 'Administrators review every ruleset' }) isReviewer!: boolean;
  @ApiProperty({ enum: REVIEWER_ROLES, nullable: true }) role!: string | null;
}

export class RulesetTransferCreatedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) to_user_id!: string;
}

export class RulesetTransferEnvelopeDto {
  @ApiProperty({ type: RulesetTransferCreatedDto }) transfer!: RulesetTransferCreatedDto;
}
