import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { LIST_CURSOR_MAX, URL_MAX_LENGTH } from '@pc/contracts';
import { LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { Transform } from 'class-transformer';
import { IsInt, IsString, IsUrl, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';

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

/**
 * What validator.js's isURL accepts as a URL here. Its own length check is off: the length is UrlLength's,
 * so a long URL is refused as too long, not as malformed.
 */
export const URL_RULES = {
  require_tld: false,
  require_protocol: true,
  protocols: ['http', 'https'],
  validate_length: false,
};

/** A URL's length, checked before its form, so that a long one is told it is too long. */
export const UrlLength = () =>
  MaxLength(URL_MAX_LENGTH, { message: `must be at most ${URL_MAX_LENGTH} characters` });

/** The schema of a URL that an empty string clears. */
export const URI_OR_EMPTY: { anyOf: SchemaObject[] } = {
  anyOf: [
    { type: 'string', format: 'uri', maxLength: URL_MAX_LENGTH },
    { type: 'string', maxLength: 0 },
  ],
};

/**
 * An http(s) URL of at most URL_MAX_LENGTH characters, the same bound in the validator and the document;
 * a refusal says which rule failed (too long, or not an http or https URL). `allowEmpty`: an empty
 * string is accepted too (the field's description says what it means).
 */
export const HttpUrl = (
  options: { required?: boolean; allowEmpty?: boolean; description?: string; example?: string } = {},
) => {
  const schema = options.allowEmpty
    ? { type: String, ...URI_OR_EMPTY, ...describe(options) }
    : { type: String, format: 'uri', maxLength: URL_MAX_LENGTH, ...describe(options) };
  return applyDecorators(
    ...(options.required ? [ApiProperty(schema)] : [ApiPropertyOptional(schema), Optional()]),
    ...(options.allowEmpty ? [ValidateIf((_: unknown, v: unknown) => v !== '')] : []),
    IsString({ message: 'must be a string' }),
    UrlLength(),
    IsUrl(URL_RULES, { message: 'must be an http or https URL' }),
  );
};

/** The constraint name of MaxUtf8Bytes: the validation pipe answers 413 when it is the only failure. */
export const MAX_UTF8_BYTES = 'maxUtf8Bytes';

/**
 * A text of at most `max` bytes of UTF-8 (a specification, a document). Its schema states `maxLength: max`,
 * the tightest bound JSON Schema can say (a character is at least one byte); over it is 413, as a body
 * over its size is.
 */
export const MaxUtf8Bytes = (max: number) =>
  ValidateBy({
    name: MAX_UTF8_BYTES,
    constraints: [max],
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || Buffer.byteLength(value, 'utf8') <= max,
      defaultMessage: () => `must be at most ${max} bytes of UTF-8`,
    },
  });

const describe = (options: { description?: string; example?: string }) => ({
  ...(options.description ? { description: options.description } : {}),
  ...(options.example ? { example: options.example } : {}),
});

/** An optional http(s) URL that an empty string clears. */
export const ClearableUrl = (description = 'Empty string clears it') =>
  applyDecorators(
    ApiPropertyOptional({ type: String, ...URI_OR_EMPTY, description }),
    Optional(),
    IsString({ message: 'must be a string' }),
    UrlLength(),
    ValidateIf((_, v) => v !== ''),
    IsUrl(URL_RULES, { message: 'must be an http or https URL, or empty to clear it' }),
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

/** The `limit` query parameter of a list: an integer within the list's documented range. */
export const PageLimit = (
  range: { readonly min: number; readonly max: number; readonly default: number },
  description?: string,
) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: range.min,
      maximum: range.max,
      default: range.default,
      ...(description ? { description } : {}),
    }),
    Optional(),
    Transform(toInt),
    IsInt(),
    Min(range.min),
    Max(range.max),
  );

/** How a paged list's operation describes its paging, from the list's limits. */
export const pagingDescription = (range: {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}) =>
  `Pages of \`limit\` (${range.min} to ${range.max}, default ${range.default}, and at most ${LIST_REPLY_BUDGET_BYTES / 1024} KiB: a page may be ` +
  'shorter); `nextCursor` fetches the next page.';

/**
 * How a list the spec shows flat (no `limit`, no `cursor`) describes its paging: its default page is its
 * largest, so a client written to the spec reads as much as one page holds and `hasMore` says if more follow.
 */
export const flatListPagingDescription = (range: {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}) =>
  `${pagingDescription(range)} Paging is an extension: a request without \`limit\` gets the largest page ` +
  `(${range.default} rows, or fewer to stay within the reply's bytes), and \`hasMore\` says whether more follow.`;

/** The `cursor` query parameter of a paged list: the `nextCursor` of the page before, opaque. */
export const PageCursor = (description = 'Opaque: the nextCursor of the previous page') =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: LIST_CURSOR_MAX, description }),
    Optional(),
    IsString(),
    MaxLength(LIST_CURSOR_MAX),
  );

/** How every paged list reply ends: whether more follow, and the cursor of the next page. */
export class PageInfoDto {
  @ApiProperty({ description: 'Another page follows (a page is also cut short to stay within 512 KiB)' })
  hasMore!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page; null on the last page',
  })
  nextCursor!: string | null;
}
