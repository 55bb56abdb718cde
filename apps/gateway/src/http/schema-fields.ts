import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { Optional } from './common.dto';

/**
 * DTO fields stated once: each decorator takes the field's schema as the document shows it and derives
 * the validation from it, so the document and the checks never say different bounds or values.
 */

/** The schema of a string property: its bounds and pattern are also what the validation checks. */
type StringSchema = ApiPropertyOptions & { maxLength: number; minLength?: number; pattern?: string };

/**
 * No NUL character: PostgreSQL stores none. A query or path parameter with one is refused here, naming it,
 * on every route alike: else a search answered an empty list for `q=%00` and a 400 for `q=a%00b` (the
 * database refusing it), and a vendor list all or nothing. A body with one is refused whole (`json-body.ts`).
 */
const NoNulCharacter = () =>
  ValidateBy({
    name: 'noNulCharacter',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !value.includes('\u0000'),
      defaultMessage: (args) => `${args?.property ?? 'value'} must not contain NUL characters`,
    },
  });

/**
 * The checks a string's schema states: a string, within its `minLength` (when given) and `maxLength`,
 * matching its `pattern` (when given), and with no NUL character. Derived from the schema, so the document
 * and the validation never say different bounds. Listed innermost first, as a stack `@IsString()
 * @Length() @Matches()` registers them: a refusal lists its reasons in that order.
 */
const stringChecks = (schema: StringSchema) => [
  NoNulCharacter(),
  ...(schema.pattern === undefined ? [] : [Matches(new RegExp(schema.pattern))]),
  schema.minLength === undefined ? MaxLength(schema.maxLength) : Length(schema.minLength, schema.maxLength),
  IsString(),
];

/** A required string as the document describes it (`schema`), checked as it says. */
export const RequiredString = (schema: StringSchema) =>
  applyDecorators(...stringChecks(schema), ApiProperty(schema));

/** An optional string as the document describes it (`schema`): absent, or checked as it says. */
export const OptionalString = (schema: StringSchema) =>
  applyDecorators(...stringChecks(schema), Optional(), ApiPropertyOptional(schema));

/** The schema of a property that takes one of a list of values: the list is also what the validation allows. */
type EnumSchema = ApiPropertyOptions & { enum: readonly (string | number)[] };

/** A required value of the schema's `enum`. */
export const RequiredEnum = (schema: EnumSchema) => applyDecorators(IsIn(schema.enum), ApiProperty(schema));

/** An optional value of the schema's `enum`: absent, or one of the list. */
export const OptionalEnum = (schema: EnumSchema) =>
  applyDecorators(IsIn(schema.enum), Optional(), ApiPropertyOptional(schema));

/** An optional boolean as the document describes it (`schema`). */
export const OptionalBoolean = (schema: ApiPropertyOptions = {}) =>
  applyDecorators(IsBoolean(), Optional(), ApiPropertyOptional(schema));

/**
 * An optional integer within the schema's `minimum` and `maximum` (checked innermost first, as the stack
 * `@Optional() @IsInt() @Min() @Max()` registers them).
 */
export const OptionalInteger = (schema: ApiPropertyOptions & { minimum: number; maximum: number }) =>
  applyDecorators(Max(schema.maximum), Min(schema.minimum), IsInt(), Optional(), ApiPropertyOptional(schema));
