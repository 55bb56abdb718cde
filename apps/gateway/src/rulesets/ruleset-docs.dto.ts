import { ApiProperty } from '@nestjs/swagger';
import { RULESET_LIMITS as L } from '@pc/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsString,
  IsUUID,
  Matches,
  ValidateNested,
} from 'class-validator';
import { OptionalInteger, OptionalString, RequiredString } from '../http/schema-fields';
import { DocTabDto, docTabInput } from '../listings/listing.dto';

export class RulesetDocTabInputDto extends docTabInput({
  key: { pattern: L.tabKey.pattern, maxLength: L.tabKey.max, lengthChecked: false },
  title: { maxLength: L.tabTitle.max, description: 'Blank: the predefined title, or the key' },
  bodyMd: { maxLength: L.tabBody.max, description: 'Markdown' },
  sortOrder: { minimum: L.tabSortOrder.min, maximum: L.tabSortOrder.max },
}) {}

export class ReplaceRulesetDocsDto {
  @ApiProperty({
    type: [RulesetDocTabInputDto],
    minItems: L.docTabSet.minItems,
    maxItems: L.docTabSet.maxItems,
    description:
      'The complete new set: must include `overview` (422); `overview`, `rules`, `examples`, `faq` are ' +
      'predefined, every other key (`configuration` too) custom; missing predefined tabs are added empty ' +
      `and do not count against the ${L.docTabSet.maxItems}; ` +
      `keys unique (422); all bodies together at most ${L.tabBodiesTotalBytes} bytes (422)`,
  })
  @IsArray()
  @ArrayMinSize(L.docTabSet.minItems)
  @ArrayMaxSize(L.docTabSet.maxItems)
  @ValidateNested({ each: true })
  @Type(() => RulesetDocTabInputDto)
  tabs!: RulesetDocTabInputDto[];
}

export class UpsertRulesetTabDto {
  @RequiredString({ minLength: L.tabTitle.min, maxLength: L.tabTitle.max })
  title!: string;

  @OptionalString({ maxLength: L.tabBody.max, default: '', description: 'Markdown' })
  bodyMd?: string;

  @OptionalInteger({
    type: 'integer',
    minimum: L.tabSortOrder.min,
    maximum: L.tabSortOrder.max,
    description: 'Omitted: the tab keeps its place (a new tab goes last)',
  })
  sortOrder?: number;
}

export class RulesetTabParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;

  @ApiProperty({ pattern: L.tabKey.pattern, maxLength: L.tabKey.max })
  @IsString()
  @Matches(new RegExp(L.tabKey.pattern))
  key!: string;
}

export class RulesetDocTabDto extends DocTabDto {}

export class RulesetDocsCompletenessDto {
  @ApiProperty({ type: 'integer', description: 'Predefined tabs with content' }) filled!: number;
  @ApiProperty({ type: 'integer', description: 'The four predefined tabs' }) total!: number;
  @ApiProperty({ description: 'filled / total' }) ratio!: number;
}

export class RulesetDocsDto {
  @ApiProperty({ type: [RulesetDocTabDto], description: 'Ordered by sortOrder' }) tabs!: RulesetDocTabDto[];
  @ApiProperty({ type: RulesetDocsCompletenessDto }) completeness!: RulesetDocsCompletenessDto;
  @ApiProperty({ description: 'The caller may edit (owner or administrator)' }) canEdit!: boolean;
}

export class RulesetTabEnvelopeDto {
  @ApiProperty({ type: RulesetDocTabDto }) tab!: RulesetDocTabDto;
}
