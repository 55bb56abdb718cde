import { IsOptional, IsString } from 'class-validator';
import { EnvBoolean, ServiceEnv } from '@pc/platform';
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
  @IsOptional() @IsString() OUTBOUND_TIMEOUT_MS?: string;

  /**
   * Read the private repositories SOURCE_HOST_TOKEN can read. Off (the default) they are refused, saying
   * the repository is private: a validation reports it, a submission or an evaluation is 422, a listing's
   * branches 404. On, for an internal instance only: every user can then submit, evaluate and publish the
   * content of any repository the token reads (the organization's private ones too). The deployment workers
   * read the reviewed commits of listings either way.
   */
  @EnvBoolean()
  SOURCE_HOST_ALLOW_PRIVATE: boolean = false;
}
