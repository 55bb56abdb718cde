import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BIO_MAX,
  COMPANY,
  LINKEDIN_HOST_PATTERN,
  LINKEDIN_URL_PATTERN,
  PROFILE_URL_MAX,
  USER_NAME,
  USERNAME,
  USERNAME_PATTERN,
  X_HOST_PATTERN,
  X_URL_PATTERN,
} from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { lower, Nullable, Optional, trim } from '../http/common.dto';
import { OptionalBoolean, OptionalString } from '../http/schema-fields';

/** What a profile link's pattern asks of it besides its host, in words (its description and refusal). */
const PROFILE_URL_FORM =
  'the host in lower case, no port, user or password, and any character RFC 3986 does not allow in a ' +
  'path, query or fragment percent-encoded';

/** A profile link's rule: its whole pattern, its hosts alone, and those hosts in words (short, and described). */
interface ProfileLink {
  pattern: RegExp;
  host: RegExp;
  hosts: string;
  described: string;
  example: string;
}

/**
 * A profile link: an https URL on `hosts` as `pattern` spells it, of at most PROFILE_URL_MAX characters, or
 * empty or null to clear it. The document states the pattern and the length the checks use, so a client
 * (or a linter) reading it refuses what the API refuses. A refusal names the hosts alone when the link is
 * on another one, and the rest of the form when its host is right.
 */
const ProfileUrl = ({ pattern, host, hosts, described, example }: ProfileLink) =>
  applyDecorators(
    ApiPropertyOptional({
      anyOf: [
        { type: 'string', format: 'uri', maxLength: PROFILE_URL_MAX, pattern: pattern.source },
        { type: 'string', maxLength: 0 },
        { type: 'null' },
      ],
      description: `An https URL on ${described}: ${PROFILE_URL_FORM}; null or empty clears it`,
      example,
    }),
    Nullable(),
    ValidateIf((_, value) => value !== ''),
    IsString(),
    MaxLength(PROFILE_URL_MAX, { message: `must be at most ${PROFILE_URL_MAX} characters` }),
    Matches(pattern, {
      message: ({ value }) =>
        onHost(value, host)
          ? `must be an https URL on ${hosts}: ${PROFILE_URL_FORM}`
          : `must be an https URL on ${hosts}`,
    }),
  );

/** Whether `value` is an https URL on one of `host`'s hosts, whatever else is wrong with it. */
function onHost(value: unknown, host: RegExp): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && host.test(url.hostname);
}

export class UpdateMeDto {
  @OptionalString({ minLength: USER_NAME.min, maxLength: USER_NAME.max })
  @Transform(trim)
  name?: string;

  @ApiPropertyOptional({
    type: String,
    minLength: COMPANY.min,
    maxLength: COMPANY.max,
    nullable: true,
    description: 'null clears it',
  })
  @Nullable()
  @Transform(trim)
  @IsString()
  @Length(COMPANY.min, COMPANY.max)
  company?: string | null;

  @ApiPropertyOptional({
    minLength: USERNAME.min,
    maxLength: USERNAME.max,
    pattern: USERNAME_PATTERN.source,
    description: 'Unique across users; stored lower-cased',
  })
  @Optional()
  @Transform(lower)
  @IsString()
  @Length(USERNAME.min, USERNAME.max)
  @Matches(USERNAME_PATTERN, {
    message: 'must be 3 to 30 of a-z, 0-9, _ and -, starting and ending with a letter or digit',
  })
  username?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: BIO_MAX,
    nullable: true,
    description: 'null or empty clears it',
  })
  @Nullable()
  @IsString()
  @MaxLength(BIO_MAX)
  bio?: string | null;

  @ProfileUrl({
    pattern: LINKEDIN_URL_PATTERN,
    host: LINKEDIN_HOST_PATTERN,
    hosts: 'linkedin.com',
    described: 'linkedin.com or a subdomain of it of two or three letters (a country, www)',
    example: 'https://www.linkedin.com/in/ada',
  })
  linkedinUrl?: string | null;

  @ProfileUrl({
    pattern: X_URL_PATTERN,
    host: X_HOST_PATTERN,
    hosts: 'x.com or twitter.com',
    described: 'x.com or twitter.com, with or without www',
    example: 'https://x.com/ada',
  })
  xUrl?: string | null;

  @OptionalBoolean({ description: 'A new account starts private (false)' })
  profileIsPublic?: boolean;
}

export class UserProfileDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) company!: string | null;
  @ApiProperty({ nullable: true, type: String }) username!: string | null;
  @ApiProperty({ nullable: true, type: String }) bio!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uri' }) linkedinUrl!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uri' }) xUrl!: string | null;
  @ApiProperty() profileIsPublic!: boolean;
  @ApiProperty() is_admin!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class UserEnvelopeDto {
  @ApiProperty({ type: UserProfileDto }) user!: UserProfileDto;
}
