import { IsOptional, IsString } from 'class-validator';
import { ServiceEnv } from '@pc/platform';

/** The deployments service: the common variables, and the adapters it uses for sync and dev-version. */
export class DeploymentsEnv extends ServiceEnv {
  // The platform and registry adapters' variables (see libs/adapters/*).
  @IsOptional() @IsString() PLATFORM_US_URL?: string;
  @IsOptional() @IsString() PLATFORM_EU_URL?: string;
  @IsOptional() @IsString() PLATFORM_TIMEOUT_MS?: string;
  @IsOptional() @IsString() REGISTRY_URL?: string;
  @IsOptional() @IsString() REGISTRY_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;
}
