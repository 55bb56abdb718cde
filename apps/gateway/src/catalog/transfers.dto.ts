import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FEEDBACK_MAX,
  RECIPIENT_USERNAME,
  TRANSFER_RESOURCE_TYPES,
  TRANSFER_ROLES,
  TRANSFER_STATUSES,
  TRANSFERS_LIMIT,
  type TransferResourceType,
  type TransferRole,
  type TransferStatus,
  EMAIL_MAX,
} from '@pc/contracts';
import { IsEmail, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';
import { OptionalEnum, OptionalString } from '../http/schema-fields';

/** At least one of the two names the recipient. */
export class CreateTransferDto {
  @ApiPropertyOptional({
    minLength: RECIPIENT_USERNAME.min,
    maxLength: RECIPIENT_USERNAME.max,
    description: 'With or without a leading @; required unless recipientEmail is given',
  })
  @ValidateIf((o: CreateTransferDto) => o.recipientUsername !== undefined || o.recipientEmail === undefined)
  @IsString()
  @Length(RECIPIENT_USERNAME.min, RECIPIENT_USERNAME.max)
  recipientUsername?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX })
  @Optional()
  @IsString()
  @MaxLength(EMAIL_MAX, { message: `must be at most ${EMAIL_MAX} characters` })
  @IsEmail({}, { message: 'must be an email address' })
  recipientEmail?: string;
}

export class TransfersQuery {
  @OptionalEnum({ enum: TRANSFER_ROLES })
  role?: TransferRole;

  @PageLimit(TRANSFERS_LIMIT) limit?: number;
  @PageCursor() cursor?: string;
}

/** Optional feedback with a decision (a transfer rejection, an approval). */
export class FeedbackDto {
  @OptionalString({ maxLength: FEEDBACK_MAX })
  feedback?: string;
}

/** A transfer as the caller sees it (the counterparty is the other side). */
export class TransferDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: TRANSFER_RESOURCE_TYPES }) resource_type!: TransferResourceType;
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) policy_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) policy_name!: string | null;
  @ApiProperty({ enum: TRANSFER_STATUSES }) status!: TransferStatus;
  @ApiProperty({ type: String, nullable: true }) feedback!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) decided_at!: string | null;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
  @ApiProperty({ type: String, nullable: true }) counterparty_name!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'email' }) counterparty_email!: string | null;
  @ApiProperty({ enum: TRANSFER_ROLES }) role!: TransferRole;
}

export class TransferOfferDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) to_user_id!: string;
}

export class CreatedTransferDto {
  @ApiProperty({ type: TransferOfferDto }) transfer!: TransferOfferDto;
}

export class TransferEnvelopeDto {
  @ApiProperty({ type: TransferDto }) transfer!: TransferDto;
}

export class AcceptedTransferDto {
  @ApiProperty({ type: TransferDto }) transfer!: TransferDto;
  @ApiProperty({ enum: TRANSFER_RESOURCE_TYPES }) resourceType!: TransferResourceType;
  @ApiProperty({ format: 'uuid' }) resourceId!: string;
}

export class TransferListDto extends PageInfoDto {
  @ApiProperty({ type: [TransferDto], description: 'Newest first' }) transfers!: TransferDto[];
}
