import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BIO_MAX, COMPANY, USER_NAME, USERNAME, USERNAME_PATTERN } from '@pc/contracts';
import { Transform } from 'class-transformer';
import {
  IsString,
  Length,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { lower, Nullable, Optional, trim, URI_OR_EMPTY, UrlLength } from '../http/common.dto';
import { OptionalBoolean, OptionalString } from '../http/schema-fields';

/** An https URL whose host is one of the given domains (its length is UrlLength's). */
function IsHttpsUrlOn(hosts: RegExp, label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isHttpsUrlOn',
      target: object.constructor,
      propertyName,
      options: { message: `must be an https URL on ${label}`, ...options },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string') return false;
          try {
            const url = new URL(value);
            return url.protocol === 'https:' && !url.username && !url.password && hosts.test(url.hostname);
          } catch {
            return false;
          }
        },
      },
    });
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

  @ApiPropertyOptional({
    anyOf: [...URI_OR_EMPTY.anyOf, { type: 'null' }],
    description: 'An https URL on linkedin.com (any country subdomain); null or empty clears it',
    example: 'https://www.linkedin.com/in/ada',
  })
  @Nullable()
  @ValidateIf((_, value) => value !== '')
  @UrlLength()
  @IsHttpsUrlOn(/^([a-z]{2,3}\.)?linkedin\.com$/i, 'linkedin.com')
  linkedinUrl?: string | null;

  @ApiPropertyOptional({
    anyOf: [...URI_OR_EMPTY.anyOf, { type: 'null' }],
    description: 'An https URL on x.com or twitter.com; null or empty clears it',
    example: 'https://x.com/ada',
  })
  @Nullable()
  @ValidateIf((_, value) => value !== '')
  @UrlLength()
  @IsHttpsUrlOn(/^(www\.)?(x|twitter)\.com$/i, 'x.com or twitter.com')
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
