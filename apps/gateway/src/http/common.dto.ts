import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUrl, ValidateIf } from 'class-validator';

/** What every DTO of the gateway shares: URL rules, transforms, and `{ok}`. */

export const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** An optional http(s) URL that an empty string clears. */
export const ClearableUrl = () =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uri', description: 'Empty string clears it' }),
    IsOptional(),
    ValidateIf((_, v) => v !== ''),
    IsUrl(URL_RULES),
  );

export const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export const lower = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Query strings carry booleans as text. */
export const toBool = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

/** Success without data. */
export class OkDto {
  @ApiProperty() ok!: boolean;
}
