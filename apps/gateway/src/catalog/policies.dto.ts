import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  A2A_PROTOCOL_VERSION_MAX,
  A2A_PROTOCOL_VERSIONS_MAX_ITEMS,
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
  POLICY_SOURCES,
  type PolicySort,
  type PolicySource,
  SEARCH_QUERY_MAX,
  SORT_ORDERS,
  type SortOrder,
  SOURCE_REF,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ClearableUrl, trim, URL_RULES } from '../http/common.dto';

export class ListPoliciesQuery {
  @ApiPropertyOptional({ maxLength: POLICY_CATEGORY_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(POLICY_CATEGORY_MAX)
  category?: string;

  @ApiPropertyOptional({
    maxLength: SEARCH_QUERY_MAX,
    description: 'Words or parts of words of the name and description',
  })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_QUERY_MAX)
  q?: string;

  @ApiPropertyOptional({ enum: POLICY_SOURCES, default: 'community' })
  @IsOptional()
  @IsIn(POLICY_SOURCES)
  source?: PolicySource;

  @ApiPropertyOptional({ enum: DIRECTIONS })
  @IsOptional()
  @IsIn(DIRECTIONS)
  direction?: Direction;

  @ApiPropertyOptional({ enum: ASSET_KINDS, description: 'Community only; ignored for vendor' })
  @IsOptional()
  @IsIn(ASSET_KINDS)
  assetKind?: AssetKind;

  @ApiPropertyOptional({
    enum: POLICY_SORTS,
    description: 'Default alpha; by relevance when q is given and sort is not',
  })
  @IsOptional()
  @IsIn(POLICY_SORTS)
  sort?: PolicySort;

  @ApiPropertyOptional({ enum: SORT_ORDERS })
  @IsOptional()
  @IsIn(SORT_ORDERS)
  order?: SortOrder;

  @ApiPropertyOptional({ minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(LIST_LIMIT.min)
  @Max(LIST_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: LIST_OFFSET_MAX, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LIST_OFFSET_MAX)
  offset?: number;
}

export class HistoryQuery {
  @ApiPropertyOptional({
    minimum: HISTORY_LIMIT.min,
    maximum: HISTORY_LIMIT.max,
    default: HISTORY_LIMIT.default,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(HISTORY_LIMIT.min)
  @Max(HISTORY_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({
    maxLength: HISTORY_CURSOR_MAX,
    description: 'Opaque cursor: nextCursor of the previous page',
  })
  @IsOptional()
  @IsString()
  @MaxLength(HISTORY_CURSOR_MAX)
  before?: string;
}

export class UpdatePolicyDto {
  @ApiPropertyOptional({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(POLICY_NAME.min, POLICY_NAME.max)
  name?: string;

  @ApiPropertyOptional({
    minLength: POLICY_DESCRIPTION.min,
    maxLength: POLICY_DESCRIPTION.max,
    description:
      'Applied directly before publication; on a published policy it is filed as a pending revision',
  })
  @IsOptional()
  @IsString()
  @Length(POLICY_DESCRIPTION.min, POLICY_DESCRIPTION.max)
  description?: string;

  @ApiPropertyOptional({ maxLength: POLICY_CATEGORY_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(POLICY_CATEGORY_MAX)
  category?: string;

  @ClearableUrl()
  videoTutorialUrl?: string;

  @ClearableUrl()
  examplesUrl?: string;

  @ApiPropertyOptional({
    format: 'uri',
    description:
      'On a published policy it is filed as a pending revision (owner only); before publication a change is a ' +
      '422: the repository changes through PATCH /submissions/{id}, which validates it',
  })
  @IsOptional()
  @IsUrl(URL_RULES)
  sourceHostUrl?: string;

  @ApiPropertyOptional({
    format: 'uri',
    description:
      'Split policies only (422 on a unified one); like sourceHostUrl, a pending revision once published and a ' +
      '422 before publication',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @IsUrl(URL_RULES)
  implementationSourceHostUrl?: string;

  @ApiPropertyOptional({
    maxLength: SOURCE_REF.max,
    description: 'Administrators only; empty string clears to the default branch',
  })
  @IsOptional()
  @IsString()
  @MaxLength(SOURCE_REF.max)
  sourceRef?: string;

  @ApiPropertyOptional({ maxLength: SOURCE_REF.max, description: 'Administrators only; empty string clears' })
  @IsOptional()
  @IsString()
  @MaxLength(SOURCE_REF.max)
  implementationSourceRef?: string;

  @ClearableUrl()
  iconUrl?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  iconDisabled?: boolean;

  @ApiPropertyOptional({ enum: DIRECTIONS })
  @IsOptional()
  @IsIn(DIRECTIONS)
  direction?: Direction;

  @ApiPropertyOptional({ enum: ASSET_KINDS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ASSET_KINDS.length)
  @IsIn(ASSET_KINDS, { each: true })
  assetKinds?: AssetKind[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(A2A_PROTOCOL_VERSIONS_MAX_ITEMS)
  @IsString({ each: true })
  @MaxLength(A2A_PROTOCOL_VERSION_MAX, { each: true })
  a2aProtocolVersions?: string[];
}

export class SlugParams {
  @ApiProperty({ pattern: VENDOR_SLUG_PATTERN.source })
  @IsString()
  @Matches(VENDOR_SLUG_PATTERN)
  slug!: string;
}

/** Response shapes, for the OpenAPI document. */
export class LikedDto {
  @ApiProperty() liked!: boolean;
}

export class PolicyEnvelopeDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Policy' })
  policy!: Record<string, unknown>;
}

export class PolicyListDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'Policy or VendorPolicySummary' })
  policies!: unknown[];
  @ApiProperty() hasMore!: boolean;
}
