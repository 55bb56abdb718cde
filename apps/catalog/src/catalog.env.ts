import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ListingServiceEnv } from '@pc/listings';

/** The catalog's settings: a listing service's (the vendor index's `policies/*.yaml`, the source host) and its own. */
export class CatalogEnv extends ListingServiceEnv {
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
}
