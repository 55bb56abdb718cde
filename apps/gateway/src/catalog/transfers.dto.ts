import { ApiPropertyOptional } from '@nestjs/swagger';
import { FEEDBACK_MAX, RECIPIENT_USERNAME } from '@pc/contracts';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

export class CreateTransferDto {
  @ApiPropertyOptional({ description: 'With or without a leading @' })
  @ValidateIf((o: CreateTransferDto) => o.recipientEmail === undefined)
  @IsString()
  @Length(RECIPIENT_USERNAME.min, RECIPIENT_USERNAME.max)
  recipientUsername?: string;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @IsEmail()
  recipientEmail?: string;
}

export class TransfersQuery {
  @ApiPropertyOptional({ enum: ['recipient', 'initiator'] })
  @IsOptional()
  @IsIn(['recipient', 'initiator'])
  role?: 'recipient' | 'initiator';
}

/** Optional feedback with a decision (a transfer rejection, an approval). */
export class FeedbackDto {
  @ApiPropertyOptional({ maxLength: FEEDBACK_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(FEEDBACK_MAX)
  feedback?: string;
}
