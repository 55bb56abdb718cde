// The deployments schema, shared by the deployments service (which owns and migrates it) and the
// deployment workers (docs/architecture.md, "One home for the deployments schema").
export { deploymentsDatabase } from './deployments.database';
export { DeploymentsStoreModule } from './deployments-store.module';
export { DeploymentsCommonEnv } from './deployments-common.env';
export type {
  DeployedItemRow,
  DeployedListing,
  DeploymentPin,
  DeploymentRow,
  DeploymentSource,
  DeployOutcome,
  JobRow,
  LogRow,
  ProvenanceRow,
  RemovalOutcome,
  StoredDrift,
} from './deployment.rows';
export { deployedItem, toChunk, toDeployment, toDrift, toJob } from './deployment.mapper';
export { definitionAssetId, DEPLOY_WITH_A_BUILD, implementationAssetId, notOnRegistry } from './asset-ids';
export {
  DeploymentsRepository,
  type FailedFilter,
  type ListFilter,
  type NewDeployment,
} from './deployments.repository';
export { JobsRepository, type EndedJobStatus } from './jobs.repository';
export { LogsRepository } from './logs.repository';
export { OutboxRepository, type OutboxRow } from './outbox.repository';
export { ProvenanceRepository } from './provenance.repository';
export { RolloutProgressRepository } from './rollout-progress.repository';
