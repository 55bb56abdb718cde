import { IsEmail, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { EnvBoolean, ServiceEnv } from '@pc/platform';

export class IdentityEnv extends ServiceEnv {
  /** The administrator created (or promoted) at start. */
  @IsOptional()
  @IsEmail()
  BOOTSTRAP_ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8)
  BOOTSTRAP_ADMIN_PASSWORD?: string;

  /** Promote an existing account with BOOTSTRAP_ADMIN_EMAIL (off: sign-up does not verify emails). */
  @IsOptional()
  @EnvBoolean()
  BOOTSTRAP_ADMIN_PROMOTE_EXISTING: boolean = false;

  /** Active (neither revoked nor expired) tokens one user may hold. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  MAX_ACTIVE_TOKENS_PER_USER: number = 100;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  SESSION_TTL_DAYS: number = 30;

  /** Avatar image base URL; the email hash is appended. Empty: no avatar URL. */
  @IsOptional()
  @IsString()
  AVATAR_BASE_URL: string = '';
}
