import type { AssetType, DeploymentStatus, JobKind, JobStatus } from '@pc/contracts';

/** The columns of `deployments.deployments` a worker reads (the schema is the deployments service's). */
export interface DeploymentRecord {
  id: string;
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  asset_name: string;
  asset_slug: string;
  connection_id: string;
  workspace_id: string;
  created_by: string;
  platform_org_id: string;
  status: DeploymentStatus;
  do_publish: boolean;
  do_release: boolean;
  cleanup_dev: boolean;
  ref: string | null;
  implementation_ref: string | null;
  requested_version: string | null;
  source: {
    source_host_url: string;
    implementation_source_host_url: string | null;
    source_ref: string | null;
    implementation_source_ref: string | null;
    description: string;
    /** Rulesets: the profile's path under the ruleset root. */
    ruleset_path?: string | null;
    /** What the review pinned when the deployment was created (absent on older rows). */
    pin?: {
      commit: string;
      content_digest: string | null;
      implementation_commit: string | null;
      implementation_content_digest: string | null;
    } | null;
    /** False: a dev build of another ref than the pin. */
    reviewed?: boolean;
  };
  version: string | null;
  group_id: string | null;
  applied_version: string | null;
  dev_versions: string[];
  /** The roll-out that made this deployment (null: an ordinary deployment). */
  rollout_id: string | null;
}

export interface JobRecord {
  id: string;
  deployment_id: string;
  kind: JobKind;
  status: JobStatus;
  step: string | null;
  attempts: number;
  steps: Record<string, unknown>;
  error: string | null;
  cancel_requested_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** What the deploy pipeline records on the deployment when it succeeds. */
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
