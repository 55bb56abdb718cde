import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs';
import { DeploymentAdmission } from './admission';
import { AdmissionRepository } from './admission.repository';
import { CreateDeploymentHandler } from './create.handler';
import { CreateDeploymentService } from './create.service';
import { IdempotencyRepository } from './idempotency.repository';

/**
 * Creating deployments: eligibility, pins, idempotency, the per-author limits; roll-outs and the plan use
 * `CreateDeploymentService.prepare` and `DeploymentAdmission`.
 */
@Module({
  imports: [JobsModule],
  controllers: [CreateDeploymentHandler],
  providers: [IdempotencyRepository, AdmissionRepository, DeploymentAdmission, CreateDeploymentService],
  exports: [CreateDeploymentService, DeploymentAdmission],
})
export class CreateModule {}
