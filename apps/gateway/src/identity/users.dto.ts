import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { USERNAME, USERNAME_REFERENCE_PATTERN } from '@pc/contracts';
import { IsString, Length, Matches } from 'class-validator';

/** GET /users/{username}: a username in either case, with or without a leading @. */
export class UsernameParams {
  @ApiProperty({
    minLength: USERNAME.min,
    maxLength: USERNAME.max + 1,
    pattern: USERNAME_REFERENCE_PATTERN.source,
    description: 'A username, with or without a leading @; compared lower-cased',
    example: 'ada',
  })
  @IsString()
  @Length(USERNAME.min, USERNAME.max + 1)
  @Matches(USERNAME_REFERENCE_PATTERN, {
    message: `must be a username: ${USERNAME.min} to ${USERNAME.max} of a-z, 0-9, _ and -, starting and ending with a letter or digit, optionally after @`,
  })
  username!: string;
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
