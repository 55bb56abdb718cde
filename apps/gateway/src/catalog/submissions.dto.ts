import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  A2A_PROTOCOL_VERSION_MAX,
  A2A_PROTOCOL_VERSIONS_MAX_ITEMS,
  ASSET_KINDS,
  type AssetKind,
  DELIVERED_IDEAS_MAX_ITEMS,
  DIRECTIONS,
  type Direction,
  DOC_TAB_BODY_MAX,
  DOC_TAB_KEY_PATTERN,
  DOC_TAB_SORT_ORDER_MAX,
  DOC_TAB_TITLE_MAX,
  DOC_TABS_MAX_ITEMS,
  IDEA_SCOPE_NOTE_MAX,
  POLICY_CATEGORY_MAX,
  POLICY_DESCRIPTION,
  POLICY_NAME,
  PROJECT_TYPES,
  type ProjectType,
  SOURCE_REF,
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
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { trim, URL_RULES } from '../http/common.dto';

export class DocTabInputDto {
  @ApiProperty({ pattern: DOC_TAB_KEY_PATTERN.source })
  @IsString()
  @Matches(DOC_TAB_KEY_PATTERN)
  key!: string;

  @ApiProperty({ maxLength: DOC_TAB_TITLE_MAX })
  @IsString()
  @MaxLength(DOC_TAB_TITLE_MAX)
  title!: string;

  @ApiProperty({ maxLength: DOC_TAB_BODY_MAX })
  @IsString()
  @MaxLength(DOC_TAB_BODY_MAX)
  bodyMd!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(DOC_TAB_SORT_ORDER_MAX)
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

  @ApiPropertyOptional({ maxLength: IDEA_SCOPE_NOTE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(IDEA_SCOPE_NOTE_MAX)
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
  @ApiPropertyOptional({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(POLICY_NAME.min, POLICY_NAME.max)
  name?: string;

  @ApiPropertyOptional({ minLength: POLICY_DESCRIPTION.min, maxLength: POLICY_DESCRIPTION.max })
  @IsOptional()
  @IsString()
  @Length(POLICY_DESCRIPTION.min, POLICY_DESCRIPTION.max)
  description?: string;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_RULES)
  sourceHostUrl?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'Required when projectType is split' })
  @IsOptional()
  @IsUrl(URL_RULES)
  implementationSourceHostUrl?: string;

  @ApiPropertyOptional({ minLength: SOURCE_REF.min, maxLength: SOURCE_REF.max })
  @IsOptional()
  @IsString()
  @Length(SOURCE_REF.min, SOURCE_REF.max)
  sourceRef?: string;

  @ApiPropertyOptional({ minLength: SOURCE_REF.min, maxLength: SOURCE_REF.max })
  @IsOptional()
  @IsString()
  @Length(SOURCE_REF.min, SOURCE_REF.max)
  implementationSourceRef?: string;

  @ApiPropertyOptional({ maxLength: POLICY_CATEGORY_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(POLICY_CATEGORY_MAX)
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
    maxItems: DELIVERED_IDEAS_MAX_ITEMS,
    description: 'Idea ids or {ideaId, coverage, scopeNote}; each approved and listed once',
  })
  @IsOptional()
  @Transform(toDeclarations)
  @IsArray()
  @ArrayMaxSize(DELIVERED_IDEAS_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => IdeaDeclarationDto)
  deliversIdeaIds?: IdeaDeclarationDto[];

  @ApiPropertyOptional({ enum: ASSET_KINDS, isArray: true, description: 'Default: inferred' })
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

  @ApiPropertyOptional({ type: [DocTabInputDto], maxItems: DOC_TABS_MAX_ITEMS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(DOC_TABS_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => DocTabInputDto)
  docTabs?: DocTabInputDto[];
}

export class CreateSubmissionDto extends SubmissionFieldsDto {
  @ApiPropertyOptional({ enum: PROJECT_TYPES })
  @IsOptional()
  @IsIn(PROJECT_TYPES)
  projectType?: ProjectType;

  @ApiProperty({ minLength: POLICY_NAME.min, maxLength: POLICY_NAME.max })
  @Transform(trim)
  @IsString()
  @Length(POLICY_NAME.min, POLICY_NAME.max)
  declare name: string;

  @ApiProperty({ minLength: POLICY_DESCRIPTION.min, maxLength: POLICY_DESCRIPTION.max })
  @IsString()
  @Length(POLICY_DESCRIPTION.min, POLICY_DESCRIPTION.max)
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
