import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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
