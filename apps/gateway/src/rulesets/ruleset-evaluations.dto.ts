import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EVALUATION_LIMITS as E,
  EVALUATION_SEVERITIES,
  RULESET_LIMITS as L,
  SPECIFICATION_FORMATS,
} from '@pc/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { HttpUrl, MaxUtf8Bytes, Optional } from '../http/common.dto';
import { OptionalString } from '../http/schema-fields';

export class SpecificationInputDto {
  @ApiPropertyOptional({
    maxLength: E.specificationBytes,
    description: `The specification's text, JSON or YAML: OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0 (another version, AsyncAPI 3.0 among them, is refused with 422 RULESETS.SPECIFICATION_INVALID naming it); at most ${E.specificationBytes} UTF-8 bytes (413 over). Give it, or repoUrl and path.`,
  })
  @Optional()
  @IsString()
  @MaxUtf8Bytes(E.specificationBytes)
  content?: string;

  @OptionalString({
    maxLength: E.filename.max,
    pattern: E.filename.pattern,
    description: 'The name of the inline document, as results name it (default api.yaml)',
  })
  filename?: string;

  @HttpUrl({
    description: `A repository on the source host (a /tree/<ref>/<folder> URL scopes it to a folder): its .yaml, .yml, .json and .raml files are read (at most ${E.specificationFiles}, ${E.specificationBytes} bytes together: 413 over), so relative references between them resolve`,
  })
  repoUrl?: string;

  @OptionalString({
    maxLength: L.sourceRef.max,
    description: "Branch, tag or commit (default: the URL's, else the default branch)",
  })
  ref?: string;

  @ApiPropertyOptional({
    maxLength: E.path.max,
    description: 'With repoUrl: the main file, from the root of the URL',
  })
  @ValidateIf((o: SpecificationInputDto) => o.repoUrl !== undefined || o.path !== undefined)
  @IsString()
  @MaxLength(E.path.max)
  path?: string;
}

export class EvaluateSpecificationDto {
  @ApiProperty({ type: SpecificationInputDto })
  @IsObject()
  @ValidateNested()
  @Type(() => SpecificationInputDto)
  specification!: SpecificationInputDto;
}

export class EvaluatedRulesetRefDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'A community ruleset' })
  @ValidateIf((o: EvaluatedRulesetRefDto) => o.slug === undefined)
  @IsUUID()
  id?: string;

  @OptionalString({
    pattern: L.slug.pattern,
    maxLength: L.slug.max,
    description: 'A ruleset of the vendor index',
  })
  slug?: string;
}

export class EvaluateRulesetsDto extends EvaluateSpecificationDto {
  @ApiProperty({
    type: [EvaluatedRulesetRefDto],
    minItems: E.rulesets.min,
    maxItems: E.rulesets.max,
    description: 'Each `{id}` (community) or `{slug}` (vendor index); the document is parsed once for all',
  })
  @IsArray()
  @ArrayMinSize(E.rulesets.min)
  @ArrayMaxSize(E.rulesets.max)
  @ValidateNested({ each: true })
  @Type(() => EvaluatedRulesetRefDto)
  rulesets!: EvaluatedRulesetRefDto[];
}

export class SeverityCountsDto {
  @ApiProperty({ minimum: 0 }) violation!: number;
  @ApiProperty({ minimum: 0 }) warning!: number;
  @ApiProperty({ minimum: 0 }) info!: number;
}

export class EvaluationResultDto {
  @ApiProperty({ description: 'The rule (validation name in the profile)' }) rule!: string;
  @ApiProperty({ enum: EVALUATION_SEVERITIES }) severity!: string;
  @ApiProperty({ maxLength: E.message }) message!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The specification file it points into' })
  file!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) line!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) column!: number | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '#/paths/~1pets/post',
    description:
      "Where in the specification's own terms: the JSON pointer (RFC 6901, URI fragment form) of the element at `line` and `column` in `file`, read from the document as written; null when the engine gave no location",
  })
  pointer!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '/endpoint[/pets]/supportedOperation[post]',
    description: 'Where in the API model: `<property>[<name>]` steps from the API down to the element',
  })
  modelPath!: string | null;
}

export class EvaluatedRulesetDto {
  @ApiProperty({ enum: ['community', 'vendor'] }) source!: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) id!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) slug!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'string', nullable: true }) profileName!: string | null;
}

export class RulesetEvaluationDto {
  @ApiProperty({ type: EvaluatedRulesetDto }) ruleset!: EvaluatedRulesetDto;
  @ApiProperty() conforms!: boolean;
  @ApiProperty({ type: SeverityCountsDto }) counts!: SeverityCountsDto;
  @ApiProperty({
    type: [EvaluationResultDto],
    maxItems: E.resultsPerRuleset,
    description: 'Violations first, then by rule and line',
  })
  results!: EvaluationResultDto[];
  @ApiProperty({ description: 'More results exist than were returned (counts are complete)' })
  truncated!: boolean;
  @ApiProperty({ description: 'Served from the cache (same document and profile digests)' }) cached!: boolean;
}

export class EvaluatedSpecificationDto {
  @ApiProperty({ enum: SPECIFICATION_FORMATS }) format!: string;
  @ApiProperty({ type: [String] }) files!: string[];
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'sha256 of the files (names and contents)' })
  digest!: string;
  @ApiProperty({
    description: 'Parsed by this request (false: its model or every report came from the cache)',
  })
  parsed!: boolean;
}

export class EvaluationReportDto {
  @ApiProperty({ type: EvaluatedSpecificationDto }) specification!: EvaluatedSpecificationDto;
  @ApiProperty({ description: 'Every ruleset conforms' }) conforms!: boolean;
  @ApiProperty({ type: SeverityCountsDto, description: 'Over all rulesets' }) counts!: SeverityCountsDto;
  @ApiProperty({ type: [RulesetEvaluationDto], description: 'One per ruleset, in the order asked' })
  evaluations!: RulesetEvaluationDto[];
  @ApiProperty({ minimum: 0 }) durationMs!: number;
}
