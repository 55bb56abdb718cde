import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ServiceEnv } from '@pc/platform';
import { DEFAULT_VENDOR_INDEX_DIR } from '@pc/vendor-index';

export class CatalogEnv extends ServiceEnv {
  /** Folder of the vendor index (the catalog reads `policies/*.yaml`); reloaded by the admin endpoint. */
  @IsOptional()
  @IsString()
  VENDOR_INDEX_DIR: string = DEFAULT_VENDOR_INDEX_DIR;

  /** Comments one caller may post in 24 hours; then 429 with Retry-After. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  COMMENT_DAILY_QUOTA: number = 50;

  /** Days a transfer offer stays open. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  TRANSFER_EXPIRY_DAYS: number = 14;

  /** How long a live issue-tracker check is trusted. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86_400)
  ISSUES_CHECK_TTL_SECONDS: number = 3600;

  // The source host adapter's variables (see libs/adapters/source-host).
  @IsOptional() @IsString() SOURCE_HOST_WEB_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_API_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_TOKEN?: string;
  @IsOptional() @IsString() SOURCE_HOST_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;
}
