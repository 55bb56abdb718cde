import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SCOPES, type Scope, TOKEN_EXPIRY_DAYS, TOKEN_NAME, type TokenExpiryDays } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn } from 'class-validator';
import { Nullable, trim } from '../http/common.dto';
import { RequiredString } from '../http/schema-fields';

export class CreateTokenDto {
  @RequiredString({ minLength: TOKEN_NAME.min, maxLength: TOKEN_NAME.max, example: 'CI pipeline' })
  @Transform(trim)
  name!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, minItems: 1, maxItems: SCOPES.length, example: ['api:read'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SCOPES.length)
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];

  @ApiPropertyOptional({
    enum: TOKEN_EXPIRY_DAYS,
    nullable: true,
    description: 'Days until the token expires: 30, 90 or 365; null or omitted for never',
  })
  @Nullable()
  @IsIn(TOKEN_EXPIRY_DAYS)
  expiresInDays?: TokenExpiryDays | null;
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
