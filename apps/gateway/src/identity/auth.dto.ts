import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX, PASSWORD, USER_NAME } from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { lower, trim } from '../http/common.dto';
import { RequiredString } from '../http/schema-fields';

export class SignupDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX, example: 'ada@example.com' })
  @Transform(lower)
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(EMAIL_MAX)
  email!: string;

  @ApiProperty({ minLength: PASSWORD.min, maxLength: PASSWORD.max, example: 'correct horse battery staple' })
  @IsString()
  @MinLength(PASSWORD.min)
  @MaxLength(PASSWORD.max)
  password!: string;

  @RequiredString({ minLength: USER_NAME.min, maxLength: USER_NAME.max, example: 'Ada Lovelace' })
  @Transform(trim)
  name!: string;
}

export class LoginDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX, example: 'ada@example.com' })
  @IsString()
  @MaxLength(EMAIL_MAX)
  email!: string;

  @RequiredString({ maxLength: PASSWORD.max, example: 'correct horse battery staple' })
  password!: string;
}
