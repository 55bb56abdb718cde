import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_MAX } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsString, IsUUID, Length } from 'class-validator';
import { trim } from '../http/common.dto';

export class RejectDto {
  @ApiProperty({ minLength: 1, maxLength: FEEDBACK_MAX })
  @Transform(trim)
  @IsString()
  @Length(1, FEEDBACK_MAX)
  feedback!: string;
}

export class DesignateReviewerDto {
  @ApiProperty({ format: 'uuid', description: 'The user who is to review this policy' })
  @IsUUID()
  userId!: string;
}
