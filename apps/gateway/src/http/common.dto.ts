import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { IsUrl, ValidateIf } from 'class-validator';

/** What every DTO of the gateway shares: optionality, URL rules, transforms, and `{ok}`. */

/**
 * An optional field: an omitted one is not checked, but an explicit `null` is (and fails the field's
 * type), so a null never reaches a service that does not expect it. class-validator's `IsOptional`
 * lets null through; do not use it.
 */
export const Optional = () => ValidateIf((_: unknown, value: unknown) => value !== undefined);

/** An optional field that `null` clears (document it with `nullable: true` and its `type`). */
export const Nullable = () =>
  ValidateIf((_: unknown, value: unknown) => value !== undefined && value !== null);

export const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** The schema of a URL that an empty string clears. */
export const URI_OR_EMPTY: { anyOf: SchemaObject[] } = {
  anyOf: [
    { type: 'string', format: 'uri' },
    { type: 'string', maxLength: 0 },
  ],
};

/** An optional http(s) URL that an empty string clears. */
export const ClearableUrl = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, ...URI_OR_EMPTY, description: 'Empty string clears it' }),
    Optional(),
    ValidateIf((_, v) => v !== ''),
    IsUrl(URL_RULES),
  );

export const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export const lower = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Query strings carry integers as text: only digits are one (an empty or partial number is not). */
export const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/** Query strings carry booleans as text. */
export const toBool = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

/** Success without data. */
export class OkDto {
  @ApiProperty() ok!: boolean;
}
