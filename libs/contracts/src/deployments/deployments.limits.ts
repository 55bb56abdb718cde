/** Limits of deployments, used by the gateway's DTOs (validator and document) and by the service. */
export const DEPLOYMENT_LIMITS = {
  /** targetOrganizationIds: 1 to 50 items (the spec). */
  targetsMin: 1,
  targetsMax: 50,
  organizationIdMax: 255,
  /** ref and implementationRef, as the catalog's sourceRef. */
  refMax: 255,
  /** MAJOR.MINOR.PATCH, no prefix, no pre-release or build suffix. */
  versionMax: 64,
  /** The Idempotency-Key header. */
  idempotencyKeyMax: 255,
  /** How long an Idempotency-Key is remembered (hours). */
  idempotencyKeyTtlHours: 24,
  /** GET /api/deployments: page size (default and maximum). */
  pageDefault: 50,
  pageMax: 200,
  /** GET /api/deployments/{id}/history: jobs and most recent log chunks returned. */
  historyJobsMax: 50,
  historyLogsMax: 500,
  /** One log chunk's text (longer output is split). */
  logChunkMax: 4000,
  /** A build command's output lines kept in the job's log (the rest is counted, not stored or streamed). */
  buildOutputLinesMax: 2000,
  /** Refusals of a build's allow-list proxy written to the job's log (the rest are refused silently). */
  buildProxyRefusalsLoggedMax: 100,
  /** The files a build command leaves, in all: more fails the build (they are packed in memory). */
  buildBytesMax: 64 * 1024 * 1024,
  /** POST /api/deployments/delete-failed: rows removed by one call. */
  deleteFailedMax: 1000,
  /** POST /api/connections/{id}/refresh: live deployments checked by one call (the newest first). */
  driftRefreshMax: 200,
  /**
   * Levels of objects and arrays in an applied item's configuration as the platform reports it, the
   * configuration itself the first: a deeper one is refused as an answer of the platform (drift compares it
   * and a roll-out records it, both recursively).
   */
  appliedConfigurationDepthMax: 64,
} as const;

/** The Idempotency-Key header: 1 to DEPLOYMENT_LIMITS.idempotencyKeyMax printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
/** Last-Event-ID of a deployment's log stream: the `id` of a `log` event, `<job id>:<seq>`. */
export const LOG_EVENT_ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}:\d{1,9}$/;
/** Last-Event-ID of a roll-out's event stream: the `id` of a `rollout` event, its sequence number. */
export const ROLLOUT_EVENT_ID_PATTERN = /^\d{1,9}$/;

/** MAJOR.MINOR.PATCH: three dot-separated non-negative integers without leading zeros. */
export const VERSION_PATTERN = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;
export const VERSION_PATTERN_SOURCE = '^(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})$';

/** Job.status: `queued` (accepted, waiting for a worker), `running`, `succeeded`, `failed`, `cancelled`. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Deployment.status. The spec names only `failed`; the full set: a deploy job's status (`queued`,
 * `running`, `succeeded`, `failed` with `error`, `cancelled`), and `removed`: a sync found that the
 * item it applied is no longer in the target organization (removed out of band); a later sync that
 * finds it applied again makes it `succeeded` once more.
 */
export const DEPLOYMENT_STATUSES = [...JOB_STATUSES, 'removed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
/** Statuses of a deployment whose job has not ended. */
export const IN_FLIGHT_STATUSES: readonly DeploymentStatus[] = ['queued', 'running'];
/** Statuses of a deployment whose item was applied, and may still be (sync asks the platform). */
export const APPLIED_STATUSES: readonly DeploymentStatus[] = ['succeeded', 'removed'];

export const ASSET_TYPES = ['policy', 'ruleset'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/**
 * Job.kind: the deployment itself, a removal enqueued by unpublish / delete-release, or (an extension)
 * `restore`: a roll-out puts back the version the organization ran before (or removes the item).
 */
export const JOB_KINDS = ['deploy', 'unpublish', 'delete-release', 'restore'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const SYNC_RESULTS = ['in_sync', 'deleted', 'unknown'] as const;
export type SyncResult = (typeof SYNC_RESULTS)[number];

/** The pipeline's steps, in order; each is logged, recorded and idempotent. */
export const DEPLOY_STEPS = ['resolve', 'fetch', 'version', 'build', 'publish', 'apply', 'record'] as const;
export type DeployStep = (typeof DEPLOY_STEPS)[number];
/**
 * A roll-out's deployment has two more: `previous` (first: what the organization runs before it is
 * changed) and `verify` (after `apply`: waiting for the platform's health of what was applied).
 */
export const ROLLOUT_JOB_STEPS = ['previous', 'verify'] as const;
export type RolloutJobStep = (typeof ROLLOUT_JOB_STEPS)[number];

/** The work queue the deployments service fills and the workers drain. */
export const DEPLOYMENT_QUEUE = {
  name: 'deployments',
  /** A step that takes longer reports progress (`job.progress()`), which restarts the wait. */
  ackWaitMs: 30_000,
  /**
   * Deliveries in all; then the job is recorded `failed` with the reason (dead letter), unless a worker
   * still holding its run lock ends it first.
   */
  maxDeliver: 5,
  duplicateWindowMs: 10 * 60_000,
} as const;
