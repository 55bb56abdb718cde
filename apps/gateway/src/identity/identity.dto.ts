import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SCOPES, type Scope, TOKEN_EXPIRY_DAYS, type TokenExpiryDays } from '@pc/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';

/** Optional, but when present it must not be null (null would not mean "clear" for this field). */
const IsOptionalNotNull = () => ValidateIf((_: unknown, value: unknown) => value !== undefined);

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** An https URL whose host is one of the given domains (or a subdomain, when allowed). */
function IsHttpsUrlOn(hosts: RegExp, label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isHttpsUrlOn',
      target: object.constructor,
      propertyName,
      options: { message: `must be an https URL on ${label}`, ...options },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string' || value.length > 2048) return false;
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

export class SignupDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada@example.com' })
  @Transform(lower)
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 256, example: 'correct horse battery staple' })
  @IsString()
  @MinLength(8)
  @MaxLength(256)
  password!: string;

  @ApiProperty({ minLength: 1, maxLength: 120, example: 'Ada Lovelace' })
  @Transform(trim)
  @IsString()
  @Length(1, 120)
  name!: string;
}

export class LoginDto {
  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  @MaxLength(256)
  password!: string;
}

export class CreateTokenDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'CI pipeline' })
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, minItems: 1, example: ['api:read'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];

  @ApiPropertyOptional({
    enum: TOKEN_EXPIRY_DAYS,
    nullable: true,
    description: 'Days until the token expires: 30, 90 or 365; null or omitted for never',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(TOKEN_EXPIRY_DAYS)
  expiresInDays?: TokenExpiryDays | null;
}

export class UpdateMeDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 120 })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString()
  @Length(1, 120)
  name?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 120, nullable: true, description: 'null clears it' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Transform(trim)
  @IsString()
  @Length(1, 120)
  company?: string | null;

  @ApiPropertyOptional({
    minLength: 3,
    maxLength: 30,
    pattern: '^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$',
    description: 'Unique across users; stored lower-cased',
  })
  @IsOptionalNotNull()
  @Transform(lower)
  @IsString()
  @Length(3, 30)
  @Matches(/^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$/, {
    message: 'must be 3 to 30 of a-z, 0-9, _ and -, starting and ending with a letter or digit',
  })
  username?: string;

  @ApiPropertyOptional({ maxLength: 1000, nullable: true, description: 'null or empty clears it' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(1000)
  bio?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true, example: 'https://www.linkedin.com/in/ada' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsHttpsUrlOn(/^([a-z]{2,3}\.)?linkedin\.com$/i, 'linkedin.com')
  linkedinUrl?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true, example: 'https://x.com/ada' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsHttpsUrlOn(/^(www\.)?(x|twitter)\.com$/i, 'x.com or twitter.com')
  xUrl?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptionalNotNull()
  @IsBoolean()
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

export class PublicProfileDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) company!: string | null;
  @ApiProperty() username!: string;
  @ApiProperty() profileIsPublic!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Only when the profile is public' })
  bio?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Only when the profile is public' })
  linkedinUrl?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Only when the profile is public' })
  xUrl?: string | null;
  @ApiPropertyOptional({
    description: 'SHA-256 of the lower-cased email, for avatar services; only when public',
  })
  avatarEmailHash?: string;
}

export class PublicProfileEnvelopeDto {
  @ApiProperty({ type: PublicProfileDto }) user!: PublicProfileDto;
}

export class TokenRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'pcat_3fK9aQ2x', description: 'Short identifying prefix' }) token_prefix!: string;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes!: Scope[];
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expires_at!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_used_at!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) revoked_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class TokenListDto {
  @ApiProperty({ type: [TokenRecordDto] }) tokens!: TokenRecordDto[];
}

export class CreatedTokenDto {
  @ApiProperty({ description: 'The secret: shown once, never again' }) token!: string;
  @ApiProperty({ type: TokenRecordDto }) record!: TokenRecordDto;
}

export class RevokedTokenDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: TokenRecordDto }) record!: TokenRecordDto;
}

export class OkDto {
  @ApiProperty() ok!: boolean;
}
