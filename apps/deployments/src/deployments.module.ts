import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, parseSigningKeys } from '@pc/platform';
import { DeploymentAdmission } from './create/admission';
import { AdmissionRepository } from './create/admission.repository';
import { CreateDeploymentHandler } from './create/create.handler';
import { CreateDeploymentService } from './create/create.service';
import { IdempotencyRepository } from './create/idempotency.repository';
import { deploymentsDatabase } from './database/deployments.datasource';
import { DeploymentsEnv } from './deployments.env';
import { DeploymentAccess } from './deployments/deployment-access';
import { DeploymentsHandler } from './deployments/deployments.handler';
import { DeploymentsRepository } from './deployments/deployments.repository';
import { DeploymentsService } from './deployments/deployments.service';
import { JobQueue } from './jobs/job-queue';
import { JobScheduleRepository } from './jobs/job-schedule.repository';
import { JobScheduler } from './jobs/job-scheduler';
import { JobsHandler } from './jobs/jobs.handler';
import { JobsService } from './jobs/jobs.service';
import { LedgerHandler } from './ledger/ledger.handler';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerService } from './ledger/ledger.service';
import { LogsHandler } from './logs/logs.handler';
import { LogsService } from './logs/logs.service';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxRepository } from './outbox/outbox.repository';
import { GATEWAY_PLATFORM, platformFrom, REGISTRY, registryFrom } from './platform/adapters';
import { DriftReconciler } from './drift/drift.reconciler';
import { DriftRepository } from './drift/drift.repository';
import { WorkspaceSettingsHandler } from './drift/workspace-settings.handler';
import { WorkspaceSettingsService } from './drift/workspace-settings.service';
import { PlanHandler } from './plan/plan.handler';
import { RolloutAccess } from './rollouts/rollout-access';
import { RolloutDriver } from './rollouts/rollout.driver';
import { RolloutEvents } from './rollouts/rollout-events';
import { RolloutsHandler } from './rollouts/rollouts.handler';
import { RolloutsRepository } from './rollouts/rollouts.repository';
import { RolloutsService } from './rollouts/rollouts.service';
import { PlanService } from './plan/plan.service';
import { ProvenanceHandler } from './provenance/provenance.handler';
import { ProvenanceRepository } from './provenance/provenance.repository';
import { ProvenanceService, PUBLIC_SIGNING_KEYS } from './provenance/provenance.service';
import { SyncHandler } from './sync/sync.handler';
import { SyncDriftRepository } from './sync/drift.repository';
import { SyncService } from './sync/sync.service';

@Module({})
export class DeploymentsModule {
  static register(env: DeploymentsEnv): DynamicModule {
    // Only the public halves are kept: the service verifies and serves them, the workers sign.
    const publicKeys = parseSigningKeys(env.PROVENANCE_SIGNING_KEYS).map((k) => k.publicJwk);
    return {
      module: DeploymentsModule,
      imports: [
        DatabaseModule.forService({
          ...deploymentsDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
        }),
      ],
      controllers: [
        DeploymentsHandler,
        CreateDeploymentHandler,
        JobsHandler,
        SyncHandler,
        LogsHandler,
        LedgerHandler,
        ProvenanceHandler,
        PlanHandler,
        RolloutsHandler,
        WorkspaceSettingsHandler,
      ],
      providers: [
        { provide: DeploymentsEnv, useValue: env },
        { provide: PUBLIC_SIGNING_KEYS, useValue: publicKeys },
        ProvenanceRepository,
        ProvenanceService,
        { provide: GATEWAY_PLATFORM, useValue: platformFrom(env) },
        { provide: REGISTRY, useValue: registryFrom(env) },
        DeploymentsRepository,
        DeploymentAccess,
        DeploymentsService,
        IdempotencyRepository,
        AdmissionRepository,
        DeploymentAdmission,
        CreateDeploymentService,
        JobQueue,
        JobScheduleRepository,
        JobScheduler,
        JobsService,
        SyncService,
        SyncDriftRepository,
        LogsService,
        LedgerService,
        LedgerRepository,
        OutboxRepository,
        OutboxRelay,
        PlanService,
        RolloutsRepository,
        RolloutAccess,
        RolloutEvents,
        RolloutsService,
        RolloutDriver,
        DriftRepository,
        DriftReconciler,
        WorkspaceSettingsService,
      ],
    };
  }
}
