import { IsString, Matches } from 'class-validator';
import { EnvInt, EnvString, ServiceEnv, SIGNING_KEY_RING_PATTERN } from '@pc/platform';

/**
 * What the deployments service and its workers both read: the database and bus (`ServiceEnv`), the
 * provenance keys, the platform and registry adapters, and the queue's ack wait, on which they must agree.
 * `DeploymentsEnv` and `WorkerEnv` extend it with what is theirs alone.
 */
export class DeploymentsCommonEnv extends ServiceEnv {
  /**
   * `id:base64seed[,id:base64seed...]` (32-byte Ed25519 seeds): the workers sign every provenance
   * attestation with the first; the service serves the public halves (`GET /api/provenance/keys`) and
   * verifies with them all. Required (embedded mode generates one in DATA_DIR). Never logged.
   */
  @IsString()
  @Matches(SIGNING_KEY_RING_PATTERN, { message: 'must be id:base64seed[,id:base64seed...]' })
  PROVENANCE_SIGNING_KEYS!: string;

  // The platform and registry adapters' variables (see libs/adapters/*).
  @EnvString() PLATFORM_US_URL?: string;
  @EnvString() PLATFORM_EU_URL?: string;
  @EnvString() PLATFORM_TIMEOUT_MS?: string;
  @EnvString() REGISTRY_URL?: string;
  @EnvString() REGISTRY_TIMEOUT_MS?: string;
  @EnvString() OUTBOUND_ALLOWLIST?: string;
  @EnvString() OUTBOUND_TIMEOUT_MS?: string;

  /**
   * How long a worker may hold a job without progress before the queue hands it to another worker (a
   * killed worker's job comes back after this). Workers and the service must agree.
   */
  @EnvInt(1000, 600_000)
  DEPLOY_JOB_ACK_WAIT_MS: number = 30_000;
}
