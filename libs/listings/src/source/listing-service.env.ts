import { IsOptional, IsString } from 'class-validator';
import { ServiceEnv } from '@pc/platform';
import { DEFAULT_VENDOR_INDEX_DIR } from '@pc/vendor-index';

/** What every kind's service reads: the vendor index and the source host adapter's variables. */
export class ListingServiceEnv extends ServiceEnv {
  /** Folder of the vendor index (each service reads its kind's folder); reloaded by the admin endpoint. */
  @IsOptional()
  @IsString()
  VENDOR_INDEX_DIR: string = DEFAULT_VENDOR_INDEX_DIR;

  // The source host adapter's variables (see libs/adapters/source-host).
  @IsOptional() @IsString() SOURCE_HOST_WEB_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_API_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_TOKEN?: string;
  @IsOptional() @IsString() SOURCE_HOST_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;
}
