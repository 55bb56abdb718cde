import { ApiProperty } from '@nestjs/swagger';
import { REVISION_FIELDS, REVISION_VALUE_MAX, type RevisionField } from '@pc/contracts';
import { IsIn, IsString, MaxLength } from 'class-validator';

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
  @MaxLength(REVISION_VALUE_MAX)
  value!: string;
}
