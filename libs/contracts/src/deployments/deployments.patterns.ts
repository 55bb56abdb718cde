import { type Empty, event, healthPing, rpc } from '../common/descriptors';
import type {
  DeploymentDriftDetectedEvent,
  DeploymentFailedEvent,
  RolloutHaltedEvent,
} from './deployments-events.types';
import type { ReconciliationSummary } from '../connections/connections.types';
import type { ConnectionStats, InstalledPolicy, InstalledRuleset } from '../workspaces/workspaces.types';
import type {
  AuthoredByRequest,
  ConnectionDeploymentCounts,
  CreateDeploymentRequest,
  CreateDeploymentResult,
  DeleteFailedRequest,
  DeleteFailedResult,
  FailedDeployment,
  Deployment,
  DeploymentIdRequest,
  DeploymentJob,
  DeploymentProvenance,
  DeploymentSucceededEvent,
  DeploymentHistoryResult,
  ItemAdoption,
  ItemAdoptionRequest,
  JobEndedEvent,
  ListDeploymentsRequest,
  ListDeploymentsResult,
  LogChunkAppendedEvent,
  LogsAfterRequest,
  LogsAfterResult,
  ProvenanceKeys,
  ReconcileConnectionRequest,
  SyncDeploymentResult,
  DriftRefreshResult,
  ConnectionDriftRefreshResult,
  WorkspaceSummaryRequest,
} from './deployments.types';
import type {
  CreateRolloutRequest,
  DeploymentDriftedEvent,
  DeploymentPlan,
  ListRolloutsRequest,
  ListRolloutsResult,
  Rollout,
  RolloutActionRequest,
  RolloutEventAppended,
  RolloutEventsAfterRequest,
  RolloutEventsAfterResult,
  RolloutIdRequest,
  WorkspaceDeploymentSettings,
} from './rollouts.types';

export const DeploymentsRpc = {
  ping: healthPing('deployments'),
  list: rpc<ListDeploymentsRequest, ListDeploymentsResult>('deployments.deployment.list.v1'),
  get: rpc<DeploymentIdRequest, { deployment: Deployment }>('deployments.deployment.get.v1'),
  create: rpc<CreateDeploymentRequest, CreateDeploymentResult>('deployments.deployment.create.v1'),
  /** What `create` would do per target, with nothing written (`dryRun: true`). */
  plan: rpc<CreateDeploymentRequest, DeploymentPlan>('deployments.deployment.plan.v1'),
  /** Which versions of a policy or ruleset run in how many organizations (for anyone who sees the item). */
  adoption: rpc<ItemAdoptionRequest, { adoption: ItemAdoption }>('deployments.item.adoption.v1'),
  createRollout: rpc<CreateRolloutRequest, { rollout: Rollout }>('deployments.rollout.create.v1'),
  getRollout: rpc<RolloutIdRequest, { rollout: Rollout }>('deployments.rollout.get.v1'),
  listRollouts: rpc<ListRolloutsRequest, ListRolloutsResult>('deployments.rollout.list.v1'),
  rolloutAction: rpc<RolloutActionRequest, { rollout: Rollout }>('deployments.rollout.action.v1'),
  /** For the gateway's roll-out event stream. */
  rolloutEventsAfter: rpc<RolloutEventsAfterRequest, RolloutEventsAfterResult>(
    'deployments.rollout.events-after.v1',
  ),
  getWorkspaceSettings: rpc<{ workspaceId: string }, { settings: WorkspaceDeploymentSettings }>(
    'deployments.workspace-settings.get.v1',
  ),
  putWorkspaceSettings: rpc<
    { workspaceId: string; selfHeal: boolean },
    { settings: WorkspaceDeploymentSettings }
  >('deployments.workspace-settings.put.v1'),
  remove: rpc<DeploymentIdRequest, { deletedDeploymentId: string }>('deployments.deployment.delete.v1'),
  deleteFailed: rpc<DeleteFailedRequest, DeleteFailedResult>('deployments.deployment.delete-failed.v1'),
  /** What `deleteFailed` would delete now, with each deployment's workspace (the gateway's audit asks it). */
  listFailed: rpc<DeleteFailedRequest, { deployments: FailedDeployment[] }>(
    'deployments.deployment.list-failed.v1',
  ),
  cancel: rpc<DeploymentIdRequest, { ok: boolean }>('deployments.deployment.cancel.v1'),
  sync: rpc<DeploymentIdRequest, SyncDeploymentResult>('deployments.deployment.sync.v1'),
  /** Runs the drift check of the periodic reconcile for one deployment now. */
  refreshDrift: rpc<DeploymentIdRequest, DriftRefreshResult>('deployments.deployment.drift-refresh.v1'),
  unpublish: rpc<DeploymentIdRequest, { job: DeploymentJob | null }>('deployments.deployment.unpublish.v1'),
  deleteRelease: rpc<DeploymentIdRequest, { job: DeploymentJob | null }>(
    'deployments.deployment.delete-release.v1',
  ),
  devVersion: rpc<DeploymentIdRequest, { dev_version_exists: boolean | null }>(
    'deployments.deployment.dev-version.v1',
  ),
  history: rpc<DeploymentIdRequest, DeploymentHistoryResult>('deployments.deployment.history.v1'),
  provenance: rpc<DeploymentIdRequest, { provenance: DeploymentProvenance }>(
    'deployments.deployment.provenance.get.v1',
  ),
  provenanceKeys: rpc<Empty, ProvenanceKeys>('deployments.provenance.keys.v1'),
  /** For the gateway's log stream. */
  logsAfter: rpc<LogsAfterRequest, LogsAfterResult>('deployments.log.after.v1'),
  /** For the connections service: impact counts and the sync's reconciliation. */
  connectionCounts: rpc<ReconcileConnectionRequest, ConnectionDeploymentCounts>(
    'deployments.connection.counts.v1',
  ),
  reconcileConnection: rpc<
    ReconcileConnectionRequest,
    { summary: ReconciliationSummary | null; reason: string | null }
  >('deployments.connection.reconcile.v1'),
  /** For the connections service (which checked that the caller owns it): the drift check of each live deployment through it. */
  refreshConnectionDrift: rpc<ReconcileConnectionRequest, ConnectionDriftRefreshResult>(
    'deployments.connection.drift-refresh.v1',
  ),
  /** For the workspaces service: workspace detail and impacts. */
  workspaceSummary: rpc<
    WorkspaceSummaryRequest,
    {
      connectionStats: Record<string, ConnectionStats>;
      installedPolicies: InstalledPolicy[];
      installedRulesets: InstalledRuleset[];
    }
  >('deployments.workspace.summary.v1'),
  authoredCount: rpc<AuthoredByRequest, { count: number }>('deployments.workspace.authored.v1'),
} as const;

export const DeploymentsEvents = {
  /** Broadcast: every gateway replica may be serving a stream of this deployment. */
  logAppended: event<LogChunkAppendedEvent>('deployments.log.appended.v1', { broadcast: true }),
  jobEnded: event<JobEndedEvent>('deployments.job.ended.v1', { broadcast: true }),
  /** Broadcast: a roll-out's event was stored (every gateway replica may be streaming it). */
  rolloutEvent: event<RolloutEventAppended>('deployments.rollout.event.v1', { broadcast: true }),
  /** Durable (outbox): a deployment drifted; the author's inbox is told. */
  deploymentDrifted: event<DeploymentDriftedEvent>('deployments.deployment.drifted.v1'),
  /** Durable (JetStream, outbox): deploy counts. */
  deploymentSucceeded: event<DeploymentSucceededEvent>('deployments.deployment.succeeded.v1'),
  /** Durable (outbox, written by the worker): a deployment failed; webhooks of its author and workspace. */
  deploymentFailed: event<DeploymentFailedEvent>('deployments.deployment.failed.v1'),
  /** Durable (outbox): a synchronization found the platform different from the deployment. */
  driftDetected: event<DeploymentDriftDetectedEvent>('deployments.deployment.drift-detected.v1'),
  /** Durable (outbox, written by the roll-out driver): a roll-out halted; webhooks of its author and workspace. */
  rolloutHalted: event<RolloutHaltedEvent>('deployments.rollout.halted.v1'),
} as const;

/** The deployment workers answer only their health ping; they take work from the queue, not the bus. */
export const DeploymentWorkerRpc = {
  ping: healthPing('deployment-worker'),
} as const;
