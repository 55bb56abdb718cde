import { IsOptional, IsString, Matches } from 'class-validator';
import { EnvInt, KEY_RING_PATTERN, ServiceEnv } from '@pc/platform';

export class ConnectionsEnv extends ServiceEnv {
  /**
   * `id:base64key[,id:base64key...]` (32-byte keys): the first encrypts client secrets, all decrypt.
   * Required: the service refuses to start without it (embedded mode generates one in DATA_DIR).
   */
  @IsString()
  @Matches(KEY_RING_PATTERN, { message: 'must be id:base64key[,id:base64key...]' })
  CONNECTIONS_ENCRYPTION_KEYS!: string;

  /** How long a connection's organization tree is reused before the platform is asked again. */
  @EnvInt(0, 3600)
  CONNECTIONS_ORGS_CACHE_TTL_SECONDS: number = 60;

  // The platform adapter's variables (see libs/adapters/gateway-platform).
  @IsOptional() @IsString() PLATFORM_US_URL?: string;
  @IsOptional() @IsString() PLATFORM_EU_URL?: string;
  @IsOptional() @IsString() PLATFORM_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;
  @IsOptional() @IsString() OUTBOUND_TIMEOUT_MS?: string;
}
