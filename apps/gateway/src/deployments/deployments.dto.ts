import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ADOPTION_LIMITS,
  ASSET_TYPES,
  type AssetType,
  CONNECTION_LIMITS,
  DEPLOY_STEPS,
  ROLLOUT_JOB_STEPS,
  DEPLOYMENT_LIMITS as L,
  DEPLOYMENT_STATUSES,
  type DeploymentStatus,
  JOB_KINDS,
  JOB_STATUSES,
  type JobKind,
  type JobStatus,
  SYNC_RESULTS,
  type SyncResult,
  VERSION_PATTERN_SOURCE,
  DRIFT_REFRESH_OUTCOMES,
  type DriftRefreshOutcome,
  IDEMPOTENCY_KEY_PATTERN,
  LOG_EVENT_ID_PATTERN,
  ROLLOUT_EVENT_ID_PATTERN,
} from '@pc/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { Optional, trim } from '../http/common.dto';
import { OptionalBoolean, OptionalEnum, OptionalString } from '../http/schema-fields';

/**
 * How long a deployment request, a plan and a roll-out are waited for: they ask the connections service
 * which organizations the connection may deploy to, a read of the platform within a credential check's
 * deadline, so that its answer (the platform's timeout, a 502) reaches the caller rather than a 504.
 */
export const DEPLOYMENT_CHECK_WAIT = { timeoutMs: CONNECTION_LIMITS.deploymentCheckWaitMs };

/** The 502 of a deployment request, a plan or a roll-out. */
export const ELIGIBILITY_UNKNOWN =
  'The platform could not be asked which organizations the connection reaches (it failed, or did not answer ' +
  `within ${CONNECTION_LIMITS.credentialCheckMs / 1000} s)`;

/**
 * The request headers an operation reads, each validated as a DTO (ValidHeaders) whose bounds the
 * operation's `@ApiHeader` states from the same constants.
 */
const IDEMPOTENCY_KEY_RULE = `must be 1 to ${L.idempotencyKeyMax} printable ASCII characters`;

export class IdempotencyHeaders {
  @Optional()
  @IsString()
  @Length(1, L.idempotencyKeyMax, { message: IDEMPOTENCY_KEY_RULE })
  @Matches(IDEMPOTENCY_KEY_PATTERN, { message: IDEMPOTENCY_KEY_RULE })
  'idempotency-key'?: string;
}

export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: `Makes retries safe (remembered ${L.idempotencyKeyTtlHours} h); 1 to ${L.idempotencyKeyMax} printable ASCII characters`,
  schema: {
    type: 'string' as const,
    minLength: 1,
    maxLength: L.idempotencyKeyMax,
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
  },
};

/** The longest `<job id>:<seq>` (a UUID, a colon, nine digits). */
const LOG_EVENT_ID_MAX = 36 + 1 + 9;

export class LogStreamHeaders {
  @Optional()
  @IsString()
  @Length(1, LOG_EVENT_ID_MAX)
  @Matches(LOG_EVENT_ID_PATTERN, { message: 'must be the id of a log event: <job id>:<seq>' })
  'last-event-id'?: string;
}

export const LOG_LAST_EVENT_ID_HEADER = {
  name: 'Last-Event-ID',
  required: false,
  description: 'The `id` of the last event received (`<job id>:<seq>`): the stream resumes after it',
  schema: {
    type: 'string' as const,
    minLength: 1,
    maxLength: LOG_EVENT_ID_MAX,
    pattern: LOG_EVENT_ID_PATTERN.source,
  },
};

/** The longest roll-out event id: nine digits. */
const ROLLOUT_EVENT_ID_MAX = 9;

export class RolloutStreamHeaders {
  @Optional()
  @IsString()
  @Length(1, ROLLOUT_EVENT_ID_MAX)
  @Matches(ROLLOUT_EVENT_ID_PATTERN, { message: 'must be the id of a roll-out event: its sequence number' })
  'last-event-id'?: string;
}

export const ROLLOUT_LAST_EVENT_ID_HEADER = {
  name: 'Last-Event-ID',
  required: false,
  description: 'The `id` of the last event received (its `seq`): the stream resumes after it',
  schema: {
    type: 'string' as const,
    minLength: 1,
    maxLength: ROLLOUT_EVENT_ID_MAX,
    pattern: ROLLOUT_EVENT_ID_PATTERN.source,
  },
};

const STATUS_DOC =
  '`queued` (accepted, waiting for a worker), `running`, `succeeded`, `failed` (see `error`), `cancelled`, ' +
  '`removed` (a sync found the applied item gone from the target organization; a sync that finds it again ' +
  "makes it `succeeded`). The spec names only `failed`; the others are this implementation's.";

export class CreateDeploymentDto {
  @OptionalEnum({
    enum: ASSET_TYPES,
    description:
      '`policy` (the default, with `policyId`) or `ruleset` (with `rulesetId`; no `policyId`, no `implementationRef`). ' +
      'A ruleset is published to the registry as one `governance-ruleset` asset (its profile, registry.json and icon) ' +
      'and applied to each target organization.',
  })
  assetType?: AssetType;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Required for a policy deployment, absent for a ruleset one',
  })
  @Optional()
  @IsUUID()
  policyId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Required for a ruleset deployment, absent for a policy one',
  })
  @Optional()
  @IsUUID()
  rulesetId?: string;

  @ApiProperty({
    format: 'uuid',
    description: "The caller's own connection, or one shared into the workspace",
  })
  @IsUUID()
  connectionId!: string;

  @ApiProperty({ format: 'uuid', description: 'A workspace the caller is an active member of, not archived' })
  @IsUUID()
  workspaceId!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: L.organizationIdMax },
    minItems: L.targetsMin,
    maxItems: L.targetsMax,
    description: 'Platform organization ids; one deployment each. Repeated ids count once.',
  })
  @IsArray()
  @ArrayMinSize(L.targetsMin)
  @ArrayMaxSize(L.targetsMax)
  @IsString({ each: true })
  @Length(1, L.organizationIdMax, { each: true })
  targetOrganizationIds!: string[];

  @OptionalBoolean({
    description: 'Default false. Publish a `MAJOR.MINOR.PATCH-dev.<timestamp>` version',
  })
  doPublish?: boolean;

  @OptionalBoolean({ description: 'Default false. Publish the plain version and publish its home page' })
  doRelease?: boolean;

  @OptionalBoolean({
    description: 'Default false. After a release, delete the dev versions of that version',
  })
  cleanupDev?: boolean;

  @OptionalString({
    minLength: 1,
    maxLength: L.refMax,
    description:
      "Branch, tag or commit: a dev build (`reviewed: false`, the owner's and administrators' only). " +
      'Default: the commit pinned at review (a published item); for an item not yet published its ' +
      '`source_ref`, else the default branch',
  })
  @Transform(trim)
  ref?: string;

  @OptionalString({
    minLength: 1,
    maxLength: L.refMax,
    description: 'Split policies: the implementation ref',
  })
  @Transform(trim)
  implementationRef?: string;

  @ApiPropertyOptional({
    pattern: VERSION_PATTERN_SOURCE,
    maxLength: L.versionMax,
    example: '1.2.0',
    description:
      'MAJOR.MINOR.PATCH, no prefix or suffix; omit to derive it from the repository (a policy: Cargo.toml; ' +
      "a ruleset: registry.json's `version`, else the ref when it is a version tag such as `v1.2.0`)",
  })
  @Optional()
  @IsString()
  @Matches(new RegExp(VERSION_PATTERN_SOURCE), { message: 'version must be MAJOR.MINOR.PATCH' })
  version?: string;

  @OptionalBoolean({
    description:
      'An extension. Default false. True: nothing is created, enqueued or applied; the answer (200, a ' +
      '`DeploymentPlan`) says per target what apply would do: `create`, `update` (from which version to ' +
      'which), `unchanged`, or the `error` the real request would give. Every check of the real request ' +
      'runs first (its 4xx answers are the same).',
  })
  dryRun?: boolean;
}

export class DeleteFailedDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only failed deployments of this policy' })
  @Optional()
  @IsUUID()
  policyId?: string;
}

export class ListDeploymentsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only deployments of this ruleset' })
  @Optional()
  @IsUUID()
  rulesetId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only deployments of this policy' })
  @Optional()
  @IsUUID()
  policyId?: string;

  @OptionalEnum({ enum: ASSET_TYPES, description: 'Omit for both' })
  assetType?: AssetType;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: L.pageMax, default: L.pageDefault })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(L.pageMax)
  limit?: number;

  @OptionalString({
    minLength: 1,
    maxLength: 200,
    description: '`pagination.next_cursor` of the previous page (opaque); omit for the first page',
  })
  cursor?: string;
}

/** Any JSON value, null included (the nullable string takes null). */
const ANY_JSON = {
  oneOf: [
    { type: 'string', nullable: true },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object' },
    // A list of scalars or objects (a configuration value).
    {
      type: 'array',
      items: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }] },
    },
  ],
};

export class DriftDifferenceDto {
  @ApiProperty({
    description:
      '`presence` (the item is not applied any more), `version`, `groupId`, `kind`, or `configuration.<key>`',
  })
  field!: string;
  @ApiProperty({ ...ANY_JSON, description: 'What the deployment applied (any JSON value; null: absent)' })
  expected!: unknown;
  @ApiProperty({ ...ANY_JSON, description: 'What the platform runs now (any JSON value; null: absent)' })
  actual!: unknown;
}

export class DriftHealFailureDto {
  @ApiProperty({ format: 'uuid', description: "The self-heal job (in the deployment's history)" })
  job_id!: string;
  @ApiProperty({ enum: ['failed', 'cancelled'] }) status!: 'failed' | 'cancelled';
  @ApiProperty({ type: String, nullable: true, description: 'Why the job failed or was cancelled' })
  error!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the job ended' }) at!: string;
}

export class DeploymentDriftDto {
  @ApiProperty({ format: 'date-time', description: 'When a reconcile first found this difference' })
  detected_at!: string;
  @ApiProperty({ type: [DriftDifferenceDto], maxItems: 100 }) differences!: DriftDifferenceDto[];
  @ApiProperty({
    type: DriftHealFailureDto,
    nullable: true,
    description:
      'The last self-heal of this drift that did not repair it (its job failed or was cancelled): the ' +
      'deployment keeps its status and this drift, and the next reconcile applies it again. Null while none has',
  })
  heal_failure!: DriftHealFailureDto | null;
}

export class DeploymentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ASSET_TYPES }) asset_type!: AssetType;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) policy_id!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) ruleset_id!: string | null;
  @ApiProperty({ description: 'Name of the policy or ruleset when deployed' }) asset_name!: string;
  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      'Rulesets only: the profile deployed, as the rulesets service described it then ' +
      '(`profile_name`, `rule_counts`, `rule_names`, `target_scopes`)',
  })
  governance_profile!: Record<string, unknown> | null;
  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      'Rulesets only, after success: what was published and applied ' +
      '(`asset_id`, `classifier`, `version`, `profile_path`, `sha256`, `files`, `applied_to`)',
  })
  governance_profile_result!: Record<string, unknown> | null;
  @ApiProperty({ format: 'uuid' }) connection_id!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) created_by!: string;
  @ApiProperty({ enum: DEPLOYMENT_STATUSES, description: STATUS_DOC }) status!: DeploymentStatus;
  @ApiProperty() platform_org_id!: string;
  @ApiProperty({ type: String, nullable: true }) platform_org_name!: string | null;
  @ApiProperty({ enum: ['publish', 'release', 'apply'] }) mode!: 'publish' | 'release' | 'apply';
  @ApiProperty() do_publish!: boolean;
  @ApiProperty() do_release!: boolean;
  @ApiProperty() cleanup_dev!: boolean;
  @ApiProperty({ type: String, nullable: true }) ref!: string | null;
  @ApiProperty({ type: String, nullable: true }) implementation_ref!: string | null;
  @ApiProperty({ type: String, nullable: true }) requested_version!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The commit the ref resolved to' })
  commit_sha!: string | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'An extension: true when the job builds the reviewed commit pinned on the item (or builds nothing); ' +
      'false for a dev build of another `ref` (owner or administrator only); null before pins existed',
  })
  reviewed!: boolean | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'An extension: the reviewed commit pinned on the item when the deployment was made',
  })
  pinned_commit!: string | null;
  @ApiProperty({ type: String, nullable: true }) version!: string | null;
  @ApiProperty({ type: String, nullable: true }) definition_asset_version!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Null for a ruleset (one asset)' })
  implementation_asset_version!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: '`published` after a release, `draft` after a publish',
  })
  home_doc_status!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed or was cancelled' }) error!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'An extension: the roll-out this deployment is one change of (null: an ordinary request)',
  })
  rollout_id!: string | null;
  @ApiProperty({
    description:
      'An extension: the last reconcile found the platform running something else than this deployment ' +
      'applied (the item removed, another version, another configuration); see `drift`',
  })
  drifted!: boolean;
  @ApiProperty({
    type: DeploymentDriftDto,
    nullable: true,
    description: 'An extension: what differs, field by field (null when not drifted)',
  })
  drift!: DeploymentDriftDto | null;
  @ApiProperty({
    description:
      'An extension: a roll-out rolled this version back in this organization; sync, reconcile and ' +
      'self-heal never re-apply it (until someone deploys again)',
  })
  rollback_pinned!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finished_at!: string | null;
}

export class DeploymentEnvelopeDto {
  @ApiProperty({ type: DeploymentDto }) deployment!: DeploymentDto;
}

export class DeploymentPaginationDto {
  @ApiProperty({ minimum: 1, maximum: L.pageMax }) limit!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last',
  })
  next_cursor!: string | null;
  @ApiProperty() has_more!: boolean;
}

export class DeploymentListDto {
  @ApiProperty({ type: [DeploymentDto], maxItems: L.pageMax }) deployments!: DeploymentDto[];
  @ApiProperty({ type: DeploymentPaginationDto }) pagination!: DeploymentPaginationDto;
}

export class DeploymentRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: DEPLOYMENT_STATUSES }) status!: DeploymentStatus;
  @ApiProperty({ description: 'True when an identical deployment was already in flight (it is returned)' })
  deduped!: boolean;
}

export class DeploymentResultDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty() organizationId!: string;
  @ApiProperty({ type: String, nullable: true }) organizationName!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why this target was not enqueued' }) error!:
    string | null;
  @ApiProperty({ type: DeploymentRefDto, nullable: true }) deployment!: DeploymentRefDto | null;
}

export class DeploymentResultsDto {
  @ApiProperty({ type: [DeploymentResultDto], maxItems: L.targetsMax }) results!: DeploymentResultDto[];
}

export class DeletedDeploymentDto {
  @ApiProperty({ format: 'uuid' }) deletedDeploymentId!: string;
}

export class DeletedFailedDto {
  @ApiProperty() deletedCount!: number;
  @ApiProperty({ type: [String], maxItems: L.deleteFailedMax }) deletedDeploymentIds!: string[];
}

export class DriftRefreshResultDto {
  @ApiProperty({
    enum: DRIFT_REFRESH_OUTCOMES,
    description:
      "`in_sync`; `drifted` (`drift` says how); `healing` (drifted, and the workspace's self-heal queued a job " +
      'that applies it again); `unknown` (the platform could not be asked); `not_checked` (not the live ' +
      'deployment of its target: not succeeded, superseded, rolled back, or a job or roll-out under way there)',
  })
  outcome!: DriftRefreshOutcome;
  @ApiProperty({ type: DeploymentDriftDto, nullable: true, description: 'The drift recorded now, or null' })
  drift!: DeploymentDriftDto | null;
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
}

export class DeploymentSyncResultDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({
    enum: SYNC_RESULTS,
    description:
      '`in_sync`: applied on the platform; `deleted`: no longer there; `unknown`: not deployed (yet) or the platform could not be asked',
  })
  result!: SyncResult;
  @ApiProperty({ enum: DEPLOYMENT_STATUSES }) status!: DeploymentStatus;
}

export class DeploymentJobDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty({ enum: JOB_KINDS }) kind!: JobKind;
  @ApiProperty({
    description:
      'True for a self-heal: a `deploy` job that the drift check queued, in a workspace that heals drift, to ' +
      'apply again the deployment the platform no longer ran as it applied it (not another deploy of the item). ' +
      "False for every other job, the deployment's own first `deploy` included",
  })
  self_heal!: boolean;
  @ApiProperty({ enum: JOB_STATUSES, description: 'A job is never `removed`: its deployment is' })
  status!: JobStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: [...DEPLOY_STEPS, ...ROLLOUT_JOB_STEPS, 'remove', 'restore'],
  })
  step!: string | null;
  @ApiProperty({ description: 'Deliveries so far (a redelivered job resumes after its last completed step)' })
  attempts!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) started_at!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finished_at!: string | null;
}

export class DeploymentJobEnvelopeDto {
  @ApiProperty({ type: DeploymentJobDto, nullable: true, description: 'Null when there was nothing to do' })
  job!: DeploymentJobDto | null;
}

export class LogChunkDto {
  @ApiProperty({ description: "Position in the job's log, from 1, without gaps" }) seq!: number;
  @ApiProperty({ format: 'uuid' }) job_id!: string;
  @ApiProperty({ description: 'The pipeline step that wrote it (`start`, `resolve`, ... `end`)' })
  step!: string;
  @ApiProperty({ enum: ['info', 'warn', 'error'] }) level!: 'info' | 'warn' | 'error';
  @ApiProperty({ maxLength: L.logChunkMax }) text!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class DeploymentHistoryDto {
  @ApiProperty({ type: [DeploymentJobDto], maxItems: L.historyJobsMax, description: 'Newest first' })
  jobs!: DeploymentJobDto[];
  @ApiProperty({ type: DeploymentJobDto, nullable: true, description: 'The latest job' })
  job!: DeploymentJobDto | null;
  @ApiProperty({
    type: [LogChunkDto],
    maxItems: L.historyLogsMax,
    description: "The latest job's most recent chunks",
  })
  logs!: LogChunkDto[];
}

export class DeploymentDevVersionDto {
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'true when a tracked -dev version remains in the registry, false when all are gone, null when not a ' +
      'Publish-mode deployment, nothing to probe, or the registry could not be asked',
  })
  dev_version_exists!: boolean | null;
}

export class ProvenanceSignatureDto {
  @ApiProperty({ description: 'The id of the key that signed (see GET /api/provenance/keys)' })
  keyid!: string;
  @ApiProperty({ format: 'byte', description: 'Ed25519 signature over the DSSE pre-authentication encoding' })
  sig!: string;
}

/** A DSSE envelope: its payload an in-toto Statement v1 with a SLSA Provenance v1 predicate. */
export class ProvenanceEnvelopeDto {
  @ApiProperty({ example: 'application/vnd.in-toto+json' }) payloadType!: string;
  @ApiProperty({ format: 'byte', description: 'Base64 of the serialized in-toto Statement' })
  payload!: string;
  @ApiProperty({ type: [ProvenanceSignatureDto] }) signatures!: ProvenanceSignatureDto[];
}

export class ProvenanceCheckDto {
  @ApiProperty({ enum: ['signature', 'subject', 'source'] }) name!: 'signature' | 'subject' | 'source';
  @ApiProperty() ok!: boolean;
  @ApiProperty({ description: 'What holds, or exactly what does not' }) message!: string;
}

export class ProvenanceVerificationDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({
    description: 'Built from the reviewed commit <sha>, signature verified; or exactly what does not hold',
  })
  summary!: string;
  @ApiProperty({ type: [ProvenanceCheckDto] }) checks!: ProvenanceCheckDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The source commit the statement says was built',
  })
  commit!: string | null;
  @ApiProperty({ description: 'Whether that commit (and its content digest) is the reviewed one' })
  reviewed!: boolean;
  @ApiProperty({ type: String, nullable: true }) key_id!: string | null;
}

export class DeploymentProvenanceDto {
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty({ type: ProvenanceEnvelopeDto }) envelope!: ProvenanceEnvelopeDto;
  @ApiProperty() key_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: ProvenanceVerificationDto }) verification!: ProvenanceVerificationDto;
}

export class DeploymentProvenanceEnvelopeDto {
  @ApiProperty({ type: DeploymentProvenanceDto }) provenance!: DeploymentProvenanceDto;
}

export class ProvenanceJwkDto {
  @ApiProperty({ enum: ['OKP'] }) kty!: 'OKP';
  @ApiProperty({ enum: ['Ed25519'] }) crv!: 'Ed25519';
  @ApiProperty({ description: 'The public key, base64url' }) x!: string;
  @ApiProperty() kid!: string;
  @ApiProperty({ enum: ['sig'] }) use!: 'sig';
  @ApiProperty({ enum: ['EdDSA'] }) alg!: 'EdDSA';
}

/** The public keys that verify provenance attestations: a JSON Web Key Set (RFC 7517, RFC 8037). */
export class ProvenanceKeysDto {
  @ApiProperty({ type: [ProvenanceJwkDto] }) keys!: ProvenanceJwkDto[];
}

export class VersionAdoptionDto {
  @ApiProperty({ example: '2.1.0' }) version!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) organizations!: number;
}

export class AdoptionDto {
  @ApiProperty({
    type: [VersionAdoptionDto],
    maxItems: ADOPTION_LIMITS.versionsMax,
    description: 'The most adopted first, then the newest version',
  })
  versions!: VersionAdoptionDto[];
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Organizations running a release of it' })
  organizations!: number;
}

export class AdoptionEnvelopeDto {
  @ApiProperty({ type: AdoptionDto }) adoption!: AdoptionDto;
}
