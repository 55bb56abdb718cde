import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  ASSET_KINDS,
  type AssetKind,
  DIRECTIONS,
  type Direction,
  HISTORY_CURSOR_MAX,
  HISTORY_LIMIT,
  LIST_LIMIT,
  LIST_OFFSET_MAX,
  POLICY_CATEGORY_MAX,
  POLICY_DESCRIPTION,
  POLICY_NAME,
  POLICY_SORTS,
  POLICY_STATUSES,
  PROJECT_TYPES,
  type PolicyStatus,
  type ProjectType,
  POLICY_SOURCES,
  type PolicySort,
  type PolicySource,
  SEARCH_QUERY_MAX,
  SORT_ORDERS,
  type SortOrder,
  SOURCE_REF,
  VENDOR_SLUG_MAX,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { Transform } from 'class-transformer';
import { ClearableUrl, HttpUrl, PageCursor, PageInfoDto, PageLimit, toInt, trim } from '../http/common.dto';
import {
  OptionalBoolean,
  OptionalEnum,
  OptionalInteger,
  OptionalString,
  RequiredString,
} from '../http/schema-fields';
import { A2aProtocolVersionsField, AssetKindsField } from './asset-kinds.dto';
import {
  ContributorDto,
  DocTabDto,
  ideaDeliveryFields,
  PinnedCommit,
  RepositoryBranchesDto,
  ReviewPinDto,
  VendorSummaryFields,
} from '../listings/listing.dto';

export class ListPoliciesQuery {
  @OptionalString({ maxLength: POLICY_CATEGORY_MAX })
  category?: string;

  @OptionalString({
    maxLength: SEARCH_QUERY_MAX,
    description:
      'Every word must match a word (or the start of one) of the name, category, asset kinds or ' +
      'description; or the whole text is part of the name (three characters or more)',
  })
  q?: string;

  @OptionalEnum({ enum: POLICY_SOURCES, default: 'community' })
  source?: PolicySource;

  @OptionalEnum({ enum: DIRECTIONS })
  direction?: Direction;

  @OptionalEnum({ enum: ASSET_KINDS, description: 'Community only; ignored for vendor' })
  assetKind?: AssetKind;

  @OptionalEnum({
    enum: POLICY_SORTS,
    description:
      'Default alpha (by name), also with q. Vendor policies have no submission date: with source=vendor ' +
      'every sort lists them by name, then slug',
  })
  sort?: PolicySort;

  @OptionalEnum({
    enum: SORT_ORDERS,
    description: 'Default asc for alpha, desc for submitted; with source=vendor default asc',
  })
  order?: SortOrder;

  @PageLimit(LIST_LIMIT) limit?: number;

  @OptionalInteger({
    type: 'integer',
    minimum: 0,
    maximum: LIST_OFFSET_MAX,
    default: 0,
    description: 'Capped: deeper pages follow nextCursor',
  })
  @Transform(toInt)
  offset?: number;

  @PageCursor('Opaque: the nextCursor of the previous page, with the same filters and order; not with offset')
  cursor?: string;
}

export class HistoryQuery {
  @PageLimit(HISTORY_LIMIT) limit?: number;

  @OptionalString({
    maxLength: HISTORY_CURSOR_MAX,
    description: 'Opaque cursor: nextCursor of the previous page',
  })
  before?: string;
}

export class UpdatePolicyDto {
  @OptionalString({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @Transform(trim)
  name?: string;

  @OptionalString({
    minLength: POLICY_DESCRIPTION.min,
    maxLength: POLICY_DESCRIPTION.max,
    description:
      'Applied directly before publication; on a published policy it is filed as a pending revision',
  })
  description?: string;

  @OptionalString({ maxLength: POLICY_CATEGORY_MAX })
  category?: string;

  @ClearableUrl()
  videoTutorialUrl?: string;

  @ClearableUrl()
  examplesUrl?: string;

  @HttpUrl({
    description:
      'On a published policy it is filed as a pending revision (owner only); before publication a change is a ' +
      '422: the repository changes through PATCH /submissions/{id}, which validates it',
  })
  sourceHostUrl?: string;

  @HttpUrl({
    allowEmpty: true,
    description:
      'Split policies only (422 on a unified one); like sourceHostUrl, a pending revision once published and a ' +
      '422 before publication',
  })
  implementationSourceHostUrl?: string;

  @OptionalString({
    maxLength: SOURCE_REF.max,
    description: 'Administrators only; empty string clears to the default branch',
  })
  sourceRef?: string;

  @OptionalString({ maxLength: SOURCE_REF.max, description: 'Administrators only; empty string clears' })
  implementationSourceRef?: string;

  @ClearableUrl()
  iconUrl?: string;

  @OptionalBoolean()
  iconDisabled?: boolean;

  @OptionalEnum({ enum: DIRECTIONS })
  direction?: Direction;

  @AssetKindsField()
  assetKinds?: AssetKind[];

  @A2aProtocolVersionsField()
  a2aProtocolVersions?: string[];
}

export class SlugParams {
  @RequiredString({ pattern: VENDOR_SLUG_PATTERN.source, maxLength: VENDOR_SLUG_MAX })
  slug!: string;
}

/** Response shapes, for the OpenAPI document: one component schema per resource. */

export class IdeaDeliveryDto extends ideaDeliveryFields({ description: 'Rulesets only' }) {}

export class DocsCompletenessDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) filled!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) total!: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) ratio!: number;
}

export class DocsSummaryDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) tabCount!: number;
  @ApiProperty({ type: DocsCompletenessDto }) completeness!: DocsCompletenessDto;
}

/** A community policy, as get, patch and list return it. */
export class PolicyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Markdown About text' }) description!: string;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ enum: POLICY_STATUSES }) status!: PolicyStatus;
  @ApiProperty({ enum: PROJECT_TYPES }) project_type!: ProjectType;
  @ApiProperty({ format: 'uri' }) source_host_url!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) implementation_source_host_url!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Default branch, tag or commit used on deployment',
  })
  source_ref!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementation_source_ref!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) video_tutorial_url!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) examples_url!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) icon_url!: string | null;
  @ApiProperty() icon_disabled!: boolean;
  @ApiProperty({ description: "The caller's like" }) liked!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0 }) likes!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) downloads!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'Successful deployments of this policy, counted from the deployment events (an extension: the spec ' +
      'shows `deploys` on rulesets)',
  })
  deploys!: number;
  @ApiProperty({ description: 'Persisted baseline of whether the repository accepts issues' })
  source_host_has_issues!: boolean;
  @ApiProperty({ type: [IdeaDeliveryDto] }) delivers_ideas!: IdeaDeliveryDto[];
  @ApiProperty({ type: [ContributorDto] }) contributors!: ContributorDto[];
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty({ type: String, nullable: true }) owner_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) owner_username!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) owner_avatar_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) owner_avatar_email_hash!: string | null;
  @ApiProperty({ type: DocsSummaryDto }) docs_summary!: DocsSummaryDto;
  @ApiProperty({ enum: ASSET_KINDS, isArray: true }) asset_kinds!: AssetKind[];
  @ApiProperty({ type: [String], description: 'Only meaningful when agent is in asset_kinds' })
  a2a_protocol_versions!: string[];
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty({ type: String, nullable: true }) version!: string | null;
  @ApiProperty({ type: String, nullable: true }) kit_version!: string | null;
  @ApiProperty({
    type: ReviewPinDto,
    nullable: true,
    description:
      'The reviewed commit a release builds (an extension); null before approval, and for a published ' +
      'policy whose approval recorded no commit: its releases are refused until an administrator pins it',
  })
  pin!: ReviewPinDto | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) published_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** An entry of the vendor index, as `GET /policies?source=vendor` lists it. */
export class VendorPolicySummaryDto extends VendorSummaryFields {
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
}

/** A vendor policy with its documentation body. */
export class VendorPolicyDto extends VendorPolicySummaryDto {
  @ApiProperty({ description: 'Markdown documentation body' }) body_md!: string;
}

export class VendorPolicyEnvelopeDto {
  @ApiProperty({ type: VendorPolicyDto }) policy!: VendorPolicyDto;
}

export class PolicyEnvelopeDto {
  @ApiProperty({ type: PolicyDto }) policy!: PolicyDto;
}

@ApiExtraModels(PolicyDto, VendorPolicySummaryDto)
export class PolicyListDto extends PageInfoDto {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(PolicyDto) }, { $ref: getSchemaPath(VendorPolicySummaryDto) }] },
    description: 'Policy, or VendorPolicySummary with source=vendor',
  })
  policies!: Array<PolicyDto | VendorPolicySummaryDto>;
}

export class PolicyDocsDto {
  @ApiProperty({ type: [DocTabDto], description: 'Ordered by sortOrder' }) tabs!: DocTabDto[];
  @ApiProperty({ type: DocsCompletenessDto }) completeness!: DocsCompletenessDto;
  @ApiProperty() canEdit!: boolean;
}

export class HistoryEntryDto {
  @ApiProperty({ description: 'Opaque, increasing' }) id!: string;
  @ApiProperty({ example: 'policy.updated' }) action!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'Null for callers who see public facts only',
  })
  actor_id!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) details!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class HistoryPageDto {
  @ApiProperty({ type: [HistoryEntryDto], description: 'Newest first' }) entries!: HistoryEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as before for the next page; null on the last',
  })
  nextCursor!: string | null;
}

export class IssuesEnabledDto {
  @ApiProperty({ type: Boolean, nullable: true, description: 'Null when the host could not be read' })
  enabled!: boolean | null;
}

export class BranchInfoDto extends RepositoryBranchesDto {
  @ApiPropertyOptional({
    type: RepositoryBranchesDto,
    description: 'The implementation repository (split model)',
  })
  implementation?: RepositoryBranchesDto;
}

export class ReviewerStatusDto {
  @ApiProperty() isReviewer!: boolean;
}

/** An administrator pins a published policy (an extension of the spec). */
export class PinPolicyDto {
  @PinnedCommit("The commit to pin (default: the commit the policy's source ref points to now)")
  commit?: string;
  @PinnedCommit("Split policies: the implementation commit (default: its source ref's commit now)")
  implementationCommit?: string;
}
