import type {
  DeploymentDrift,
  AssetType,
  DeploymentStatus,
  DriftHealFailure,
  JobKind,
  JobStatus,
} from '@pc/contracts';

/**
 * The rows of the `deployments` schema that the service and its workers both read or write, one per table
 * with the column names as they are (docs/architecture.md, "One home for the deployments schema").
 */

/** What the worker needs to know about the deployed item, captured when the deployment is created. */
export interface DeploymentSource {
  source_host_url: string;
  implementation_source_host_url: string | null;
  source_ref: string | null;
  implementation_source_ref: string | null;
  description: string;
  /** Rulesets: the profile's path under the ruleset root (null: registry.json's `main`, else conventional names). */
  ruleset_path?: string | null;
  /**
   * Catalog fields of the item as they were when it was deployed, for the workspace's installed items
   * (absent on rows created before they were captured).
   */
  listing?: DeployedListing;
  /** The review's pin when the deployment was created (absent on older rows; null: the item has none). */
  pin?: DeploymentPin | null;
  /**
   * Whether the job builds the pinned commit (false: a dev build of another ref by the owner or an
   * administrator; absent on rows created before pins).
   */
  reviewed?: boolean;
}

export interface DeploymentPin {
  commit: string;
  content_digest: string | null;
  implementation_commit: string | null;
  implementation_content_digest: string | null;
}

export interface DeployedListing {
  category: string | null;
  kit_version: string | null;
  owner_name: string | null;
  submitted_by: string | null;
  icon_url: string | null;
  target_scopes: string[];
}

/** The item a deployment is of; a roll-out's row names it with the same columns. */
export interface DeployedItemRow {
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  asset_name: string;
  asset_slug: string;
}

export interface DeploymentRow extends DeployedItemRow {
  id: string;
  /** Rulesets: the profile deployed (name, rule counts and names, target scopes). */
  governance_profile: Record<string, unknown> | null;
  governance_profile_result: Record<string, unknown> | null;
  connection_id: string;
  workspace_id: string;
  created_by: string;
  platform_org_id: string;
  platform_org_name: string | null;
  status: DeploymentStatus;
  do_publish: boolean;
  do_release: boolean;
  cleanup_dev: boolean;
  ref: string | null;
  implementation_ref: string | null;
  requested_version: string | null;
  source: DeploymentSource;
  commit_sha: string | null;
  implementation_commit_sha: string | null;
  version: string | null;
  group_id: string | null;
  definition_asset_version: string | null;
  implementation_asset_version: string | null;
  applied_version: string | null;
  /** The roll-out this deployment is a change of. */
  rollout_id: string | null;
  /** Set when a roll-out restored what ran before: sync and self-heal leave this deployment. */
  rollback_pinned_at: Date | null;
  /** What the last reconcile found different on the platform (null: nothing). */
  drift: StoredDrift | null;
  dev_versions: string[];
  home_doc_status: string | null;
  error: string | null;
  dedupe_key: string;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** A drift as stored: records made before heal failures were kept have no `heal_failure`. */
export type StoredDrift = Omit<DeploymentDrift, 'heal_failure'> & { heal_failure?: DriftHealFailure | null };

export interface JobRow {
  id: string;
  deployment_id: string;
  kind: JobKind;
  /** A deploy job the drift check queued to apply a drifted deployment again (see `DeploymentJob`). */
  self_heal: boolean;
  status: JobStatus;
  step: string | null;
  attempts: number;
  steps: Record<string, unknown>;
  log_seq: number;
  error: string | null;
  cancel_requested_at: Date | null;
  /** When the scheduler handed the job to the work queue; null while it waits its turn. */
  released_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface LogRow {
  job_id: string;
  seq: number;
  deployment_id: string;
  step: string;
  level: 'info' | 'warn' | 'error';
  text: string;
  at: Date;
}

export interface ProvenanceRow {
  deployment_id: string;
  job_id: string;
  key_id: string;
  envelope: unknown;
  subjects: Array<{ name: string; digest: { sha256: string } }>;
  created_at: Date;
  /** The deploy job's recorded artifact sha256 (policy: the archive; ruleset: the profile). */
  built_sha256: string | null;
}

/** What a deploy job records on its deployment when it succeeds. */
export interface DeployOutcome {
  commit_sha: string;
  implementation_commit_sha: string | null;
  version: string;
  group_id: string;
  definition_asset_version: string;
  /** Null for a ruleset (one asset). */
  implementation_asset_version: string | null;
  applied_version: string;
  dev_versions: string[];
  home_doc_status: string | null;
  /** Rulesets: what was published and applied (asset, version, profile file and checksum). */
  governance_profile_result: Record<string, unknown> | null;
}

/** What an unpublish or a release deletion leaves on its deployment. */
export interface RemovalOutcome {
  applied_version: string | null;
  dev_versions: string[];
}
