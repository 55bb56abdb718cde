import type {
  AssetType,
  DeploymentStatus,
  DeployStep,
  RolloutJobStep,
  JobKind,
  JobStatus,
  SyncResult,
} from './deployments.limits';
import type { DeploymentDrift } from './rollouts.types';

/** One deployment: one policy (or ruleset) to one target organization through one connection. */
export interface Deployment {
  id: string;
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  /** Name of the policy or ruleset when it was deployed. */
  asset_name: string;
  governance_profile: Record<string, unknown> | null;
  governance_profile_result: Record<string, unknown> | null;
  connection_id: string;
  workspace_id: string;
  created_by: string;
  status: DeploymentStatus;
  platform_org_id: string;
  platform_org_name: string | null;
  /** `publish` (a -dev version), `release` (the plain version) or `apply` (neither). */
  mode: 'publish' | 'release' | 'apply';
  do_publish: boolean;
  do_release: boolean;
  cleanup_dev: boolean;
  ref: string | null;
  implementation_ref: string | null;
  requested_version: string | null;
  commit_sha: string | null;
  /**
   * True when the job builds the reviewed (pinned) commit, or builds nothing; false for a dev build of
   * another ref; null on deployments made before pins.
   */
  reviewed: boolean | null;
  /** The reviewed commit pinned on the item when the deployment was made (null: none). */
  pinned_commit: string | null;
  version: string | null;
  definition_asset_version: string | null;
  implementation_asset_version: string | null;
  home_doc_status: string | null;
  error: string | null;
  /** An extension: the roll-out this deployment is a change of (null: an ordinary request). */
  rollout_id: string | null;
  /**
   * An extension: the last reconcile found the platform running something else than this deployment
   * applied (removed, another version, another configuration); `drift` says what, field by field.
   */
  drifted: boolean;
  drift: DeploymentDrift | null;
  /** An extension: a roll-out rolled this deployment's version back here; sync and self-heal leave it. */
  rollback_pinned: boolean;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface DeploymentJob {
  id: string;
  deployment_id: string;
  kind: JobKind;
  /**
   * True for a self-heal: a `deploy` job the drift check queued to apply again a deployment that had
   * succeeded and drifted (not another deploy of the item). False for every other job, the deployment's
   * own first `deploy` included.
   */
  self_heal: boolean;
  status: JobStatus;
  /** The step running now, or the last one that ran. */
  step: DeployStep | RolloutJobStep | 'remove' | 'restore' | null;
  attempts: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface LogChunk {
  /** Position in the job's log, from 1, without gaps: the SSE event id is `<job id>:<seq>`. */
  seq: number;
  job_id: string;
  step: string;
  level: 'info' | 'warn' | 'error';
  text: string;
  at: string;
}

export interface CreateDeploymentRequest {
  assetType?: AssetType;
  policyId?: string;
  rulesetId?: string;
  connectionId: string;
  workspaceId: string;
  targetOrganizationIds: string[];
  doPublish?: boolean;
  doRelease?: boolean;
  cleanupDev?: boolean;
  ref?: string;
  implementationRef?: string;
  version?: string;
  /** The Idempotency-Key header, when the client sent one. */
  idempotencyKey?: string;
  /** An extension: answer what apply would do per target (a `DeploymentPlan`), change nothing. */
  dryRun?: boolean;
}

export interface DeploymentResult {
  ok: boolean;
  organizationId: string;
  organizationName: string | null;
  error: string | null;
  deployment: { id: string; status: DeploymentStatus; deduped: boolean } | null;
}

export interface CreateDeploymentResult {
  /** 201 when every target was enqueued, 207 when some were not. */
  status: 201 | 207;
  results: DeploymentResult[];
}

export interface ListDeploymentsRequest {
  rulesetId?: string;
  policyId?: string;
  assetType?: AssetType;
  limit?: number;
  cursor?: string;
}

export interface ListDeploymentsResult {
  deployments: Deployment[];
  pagination: { limit: number; next_cursor: string | null; has_more: boolean };
}

export interface DeploymentIdRequest {
  id: string;
}

export interface DeleteFailedRequest {
  policyId?: string;
}

export interface DeleteFailedResult {
  deletedCount: number;
  deletedDeploymentIds: string[];
}

/** A failed deployment of the caller's that `deleteFailed` would delete, and the workspace it was made in. */
export interface FailedDeployment {
  id: string;
  workspace_id: string;
}

export interface SyncDeploymentResult {
  ok: boolean;
  result: SyncResult;
  status: DeploymentStatus;
}

export interface DeploymentHistoryResult {
  jobs: DeploymentJob[];
  job: DeploymentJob | null;
  logs: LogChunk[];
}

/** For the gateway's log stream: chunks after a position, and whether the job has ended. */
export interface LogsAfterRequest {
  id: string;
  /**
   * The job to read (the stream's, once it is open), even once a newer job of the deployment has
   * started; absent: the deployment's latest job.
   */
  jobId?: string;
  /** Job and position of the last chunk the client has (from Last-Event-ID). */
  after?: { jobId: string; seq: number };
  limit?: number;
}

export interface LogsAfterResult {
  job: DeploymentJob | null;
  chunks: LogChunk[];
  /** True when more stored chunks follow the ones returned. */
  more: boolean;
}

/** Published on the bus (broadcast) each time a worker stored a chunk, for every gateway replica. */
export interface LogChunkAppendedEvent {
  deployment_id: string;
  chunk: LogChunk;
}

/** Published (broadcast) when a job ends. */
export interface JobEndedEvent {
  deployment_id: string;
  job: DeploymentJob;
}

/**
 * Durable: a deployment's job succeeded. The catalog and rulesets count a deploy from each one that is not
 * a self-heal's; identity sends the `deployment.succeeded` webhooks of every one.
 */
export interface DeploymentSucceededEvent {
  deployment_id: string;
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  workspace_id: string;
  connection_id: string;
  platform_org_id: string;
  /** The deployment's author (its webhooks receive the event); absent in events written before it existed. */
  created_by?: string;
  /**
   * True when the job was a self-heal: the drift check applied again a deployment that had succeeded and
   * drifted. That is not another deploy of the item: deploy counts skip it. Absent in events written before
   * it existed and in a failure's event (a heal that fails writes none).
   */
  self_heal?: boolean;
}

/** The message on the work queue. */
export interface DeploymentJobMessage {
  jobId: string;
  deploymentId: string;
  kind: JobKind;
}

/** For the connections service. */
export interface ConnectionDeploymentCounts {
  active: number;
  historical: number;
}

/**
 * What a drift refresh found for one deployment: `in_sync`, `drifted` (the drift says how), `healing`
 * (drifted, and self-heal queued a job that applies it again), `unknown` (the platform could not be
 * asked), or `not_checked` (not the live deployment of its target: not succeeded, superseded, rolled
 * back, or a job or roll-out is under way there).
 */
export const DRIFT_REFRESH_OUTCOMES = ['in_sync', 'drifted', 'healing', 'unknown', 'not_checked'] as const;
export type DriftRefreshOutcome = (typeof DRIFT_REFRESH_OUTCOMES)[number];

export interface DriftRefreshResult {
  outcome: DriftRefreshOutcome;
  drift: DeploymentDrift | null;
  checked_at: string;
}

/** A refresh of every live deployment made through one connection (the newest DRIFT_REFRESH_MAX). */
export interface ConnectionDriftRefreshResult {
  checked: number;
  in_sync: number;
  drifted: number;
  healing: number;
  unknown: number;
  checked_at: string;
}

export interface ReconcileConnectionRequest {
  connectionId: string;
}

export interface WorkspaceSummaryRequest {
  workspaceId: string;
  connectionIds: string[];
}

export interface AuthoredByRequest {
  workspaceId: string;
  userId?: string;
  connectionId?: string;
}

/** A DSSE envelope (payload: an in-toto Statement v1 with a SLSA Provenance v1 predicate). */
export interface ProvenanceEnvelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

/** What the service checked of an attestation: the signature, the artifact's digest, the reviewed source. */
export interface ProvenanceVerificationResult {
  ok: boolean;
  /** "Built from the reviewed commit <sha>, signature verified", or exactly what does not hold. */
  summary: string;
  checks: Array<{ name: 'signature' | 'subject' | 'source'; ok: boolean; message: string }>;
  /** The source commit the statement says was built, and whether it is the reviewed one. */
  commit: string | null;
  reviewed: boolean;
  key_id: string | null;
}

export interface DeploymentProvenance {
  deployment_id: string;
  envelope: ProvenanceEnvelope;
  key_id: string;
  created_at: string;
  verification: ProvenanceVerificationResult;
}

/** The public keys that verify provenance attestations (a JSON Web Key Set, RFC 7517 / RFC 8037). */
export interface ProvenanceKeys {
  keys: Array<{ kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; use: 'sig'; alg: 'EdDSA' }>;
}

/** Adoption of a policy or ruleset (an extension): which versions run in how many organizations. */
export const ADOPTION_LIMITS = {
  /** Versions answered at most (the most adopted first). */
  versionsMax: 50,
} as const;

export interface ItemAdoptionRequest {
  assetType: AssetType;
  id: string;
}

export interface VersionAdoption {
  version: string;
  /** Organizations whose last change of the item, as the deployments ledger knows it, left this version. */
  organizations: number;
}

export interface ItemAdoption {
  /** The most adopted first, then the newest version. */
  versions: VersionAdoption[];
  /** Organizations running a release of the item, whatever its version. */
  organizations: number;
}
