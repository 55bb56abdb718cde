import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { CommonEnv, EnvBoolean } from '@pc/platform';

export class GatewayEnv extends CommonEnv {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  /** How long a successful token or session look-up is reused; revocations evict at once. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(300_000)
  AUTH_CACHE_TTL_MS: number = 30_000;

  /** Failed sign-ins for one email from one address before sign-in answers 429 for the window. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  LOGIN_MAX_FAILURES: number = 10;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  LOGIN_FAILURE_WINDOW_MINUTES: number = 15;

  /** Trust X-Forwarded-* from a reverse proxy (for the Secure cookie flag and client addresses). */
  @IsOptional()
  @EnvBoolean()
  TRUST_PROXY: boolean = false;

  /** Comment lines sent on an idle deployment log stream, so proxies keep it open. */
  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(300_000)
  LOG_STREAM_HEARTBEAT_MS: number = 15_000;
}
