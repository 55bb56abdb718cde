import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { ServiceEnv, SIGNING_KEY_RING_PATTERN } from '@pc/platform';

/** The deployments service: the common variables, and the adapters it uses for sync and dev-version. */
export class DeploymentsEnv extends ServiceEnv {
  /**
   * The provenance signing keys, as the workers have them (`id:base64seed[,...]`): the service serves
   * their public halves (`GET /api/provenance/keys`) and verifies attestations with them. Required.
   */
  @IsString()
  @Matches(SIGNING_KEY_RING_PATTERN, { message: 'must be id:base64seed[,id:base64seed...]' })
  PROVENANCE_SIGNING_KEYS!: string;

  // The platform and registry adapters' variables (see libs/adapters/*).
  @IsOptional() @IsString() PLATFORM_US_URL?: string;
  @IsOptional() @IsString() PLATFORM_EU_URL?: string;
  @IsOptional() @IsString() PLATFORM_TIMEOUT_MS?: string;
  @IsOptional() @IsString() REGISTRY_URL?: string;
  @IsOptional() @IsString() REGISTRY_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;

  /**
   * How long a worker may hold a job without progress before the queue hands it to another worker (a
   * killed worker's job comes back after this). Workers and the service must agree.
   */
  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(600_000)
  DEPLOY_JOB_ACK_WAIT_MS: number = 30_000;
}
