import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ASSET_KINDS,
  type AssetKind,
  DIRECTIONS,
  type Direction,
  LIST_LIMIT,
  POLICY_SORTS,
  POLICY_SOURCES,
  type PolicySort,
  type PolicySource,
  PROJECT_TYPES,
  type ProjectType,
  REVISION_FIELDS,
  type RevisionField,
  SORT_ORDERS,
  type SortOrder,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** An optional http(s) URL that an empty string clears. */
const ClearableUrl = () =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uri', description: 'Empty string clears it' }),
    IsOptional(),
    ValidateIf((_, v) => v !== ''),
    IsUrl(URL_RULES),
  );
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const toBool = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

export class PolicyIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class ListPoliciesQuery {
  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  category?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Words or parts of words of the name and description' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
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

  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;
}

export class HistoryQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  before?: string;
}

export class UpdatePolicyDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 120 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(2, 120)
  name?: string;

  @ApiPropertyOptional({
    minLength: 10,
    maxLength: 20000,
    description:
      'Applied directly before publication; on a published policy it is filed as a pending revision',
  })
  @IsOptional()
  @IsString()
  @Length(10, 20000)
  description?: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120)
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
    maxLength: 255,
    description: 'Administrators only; empty string clears to the default branch',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  sourceRef?: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'Administrators only; empty string clears' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
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
  @ArrayMaxSize(4)
  @IsIn(ASSET_KINDS, { each: true })
  assetKinds?: AssetKind[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  a2aProtocolVersions?: string[];
}

export class DocTabInputDto {
  @ApiProperty({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' })
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/)
  key!: string;

  @ApiProperty({ maxLength: 120 })
  @IsString()
  @MaxLength(120)
  title!: string;

  @ApiProperty({ maxLength: 100000 })
  @IsString()
  @MaxLength(100_000)
  bodyMd!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  sortOrder?: number;
}

export class IdeaDeclarationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  ideaId!: string;

  @ApiPropertyOptional({ enum: ['full', 'partial'], default: 'full' })
  @IsOptional()
  @IsIn(['full', 'partial'])
  coverage?: 'full' | 'partial';

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  scopeNote?: string;
}

/** Idea ids, or `{ideaId, coverage, scopeNote}` objects. */
const toDeclarations = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value)
    ? value.map((v: unknown) =>
        typeof v === 'string' ? Object.assign(new IdeaDeclarationDto(), { ideaId: v }) : v,
      )
    : value;

export class SubmissionFieldsDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 120 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(2, 120)
  name?: string;

  @ApiPropertyOptional({ minLength: 10, maxLength: 20000 })
  @IsOptional()
  @IsString()
  @Length(10, 20000)
  description?: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  sourceHostUrl?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'Required when projectType is split' })
  @IsOptional()
  @IsUrl(URL_RULES)
  implementationSourceHostUrl?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  sourceRef?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  implementationSourceRef?: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  category?: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  videoTutorialUrl?: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  examplesUrl?: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  iconUrl?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  iconDisabled?: boolean;

  @ApiPropertyOptional({ enum: DIRECTIONS, default: 'inbound' })
  @IsOptional()
  @IsIn(DIRECTIONS)
  direction?: Direction;

  @ApiPropertyOptional({ format: 'uuid', deprecated: true, description: 'Legacy single-idea form' })
  @IsOptional()
  @IsUUID()
  deliversIdeaId?: string;

  @ApiPropertyOptional({
    type: [IdeaDeclarationDto],
    maxItems: 50,
    description: 'Idea ids or {ideaId, coverage, scopeNote}; each approved and listed once',
  })
  @IsOptional()
  @Transform(toDeclarations)
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => IdeaDeclarationDto)
  deliversIdeaIds?: IdeaDeclarationDto[];

  @ApiPropertyOptional({ enum: ASSET_KINDS, isArray: true, description: 'Default: inferred' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @IsIn(ASSET_KINDS, { each: true })
  assetKinds?: AssetKind[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  a2aProtocolVersions?: string[];

  @ApiPropertyOptional({ type: [DocTabInputDto], maxItems: 50 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => DocTabInputDto)
  docTabs?: DocTabInputDto[];
}

export class CreateSubmissionDto extends SubmissionFieldsDto {
  @ApiPropertyOptional({ enum: PROJECT_TYPES })
  @IsOptional()
  @IsIn(PROJECT_TYPES)
  projectType?: ProjectType;

  @ApiProperty({ minLength: 2, maxLength: 120 })
  @Transform(trim)
  @IsString()
  @Length(2, 120)
  declare name: string;

  @ApiProperty({ minLength: 10, maxLength: 20000 })
  @IsString()
  @Length(10, 20000)
  declare description: string;

  @ApiProperty({ format: 'uri' })
  @IsUrl(URL_RULES)
  declare sourceHostUrl: string;
}

export class ValidateSubmissionDto {
  @ApiPropertyOptional({ enum: PROJECT_TYPES })
  @IsOptional()
  @IsIn(PROJECT_TYPES)
  projectType?: ProjectType;

  @ApiProperty({ format: 'uri' })
  @IsUrl(URL_RULES)
  sourceHostUrl!: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  implementationSourceHostUrl?: string;
}

export class FeedbackDto {
  @ApiPropertyOptional({ maxLength: 4000 })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  feedback?: string;
}

export class RejectDto {
  @ApiProperty({ minLength: 1, maxLength: 4000 })
  @Transform(trim)
  @IsString()
  @Length(1, 4000)
  feedback!: string;
}

export class CreateRevisionDto {
  @ApiProperty({ enum: REVISION_FIELDS })
  @IsIn(REVISION_FIELDS)
  field!: RevisionField;

  @ApiProperty({
    description:
      'description: 10 to 20000 characters of Markdown; source_host_url: a repository URL; ' +
      'implementation_source_host_url: the implementation repository URL of a split policy',
  })
  @IsString()
  @MaxLength(20_000)
  value!: string;
}

export class CommentInputDto {
  /** Its length (1 to 10000 once trimmed) is the catalog's rule: an invalid body is a 422 there. */
  @ApiProperty({ minLength: 1, maxLength: 10000, description: 'An empty or longer body is a 422' })
  @IsString()
  body!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A top-level comment to reply to' })
  @IsOptional()
  @IsUUID()
  parentId?: string;
}

export class CommentEditDto {
  @ApiProperty({ maxLength: 10000 })
  @IsString()
  @MaxLength(10_000)
  body!: string;
}

export class DeleteCommentQuery {
  @ApiPropertyOptional({ description: 'Administrators only: remove the comment and its replies for good' })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  hard?: boolean;
}

export class DesignateReviewerDto {
  @ApiProperty({ format: 'uuid', description: 'The user who is to review this policy' })
  @IsUUID()
  userId!: string;
}

export class CreateTransferDto {
  @ApiPropertyOptional({ description: 'With or without a leading @' })
  @ValidateIf((o: CreateTransferDto) => o.recipientEmail === undefined)
  @IsString()
  @Length(1, 31)
  recipientUsername?: string;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @IsEmail()
  recipientEmail?: string;
}

export class TransfersQuery {
  @ApiPropertyOptional({ enum: ['recipient', 'initiator'] })
  @IsOptional()
  @IsIn(['recipient', 'initiator'])
  role?: 'recipient' | 'initiator';
}

export class SlugParams {
  @ApiProperty()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,99}$/)
  slug!: string;
}

/** Response shapes, for the OpenAPI document. */
export class OkResultDto {
  @ApiProperty() ok!: boolean;
}

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
