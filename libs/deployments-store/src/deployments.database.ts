import type { ServiceDatabaseOptions } from '@pc/platform';
import { DeploymentsInit1795800000000 } from './migrations/1795800000000-deployments-init';
import { DeploymentRemovedStatus1795800000001 } from './migrations/1795800000001-deployment-removed-status';
import { JobRelease1795800000100 } from './migrations/1795800000100-job-release';
import { DeploymentProvenance1795810000000 } from './migrations/1795810000000-deployment-provenance';
import { Rollouts1795820000000 } from './migrations/1795820000000-rollouts';
import { DriftLatestTargetIndex1795830000000 } from './migrations/1795830000000-drift-latest-target-index';
import { JobSelfHeal1795840000000 } from './migrations/1795840000000-job-self-heal';
import { RolloutUnsettledIndex1795850000000 } from './migrations/1795850000000-rollout-unsettled-index';

/**
 * The deployments schema (deployments, jobs, logs, idempotency keys, outbox, provenance, roll-outs) and
 * its migrations, in order. The deployments service migrates it at start; the workers read and write the
 * same schema and never migrate it (`DeploymentsStoreModule.forWorker`, over `DatabaseModule.forWorker`).
 */
export const deploymentsDatabase = {
  schema: 'deployments',
  entities: [],
  migrations: [
    DeploymentsInit1795800000000,
    DeploymentRemovedStatus1795800000001,
    JobRelease1795800000100,
    DeploymentProvenance1795810000000,
    Rollouts1795820000000,
    DriftLatestTargetIndex1795830000000,
    JobSelfHeal1795840000000,
    RolloutUnsettledIndex1795850000000,
  ],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
