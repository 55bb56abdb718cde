import { Module } from '@nestjs/common';
import { DeploymentAccess } from './deployment-access';
import { DeploymentsHandler } from './deployments.handler';
import { DeploymentsService } from './deployments.service';

/** Reading and deleting deployments; other features ask `DeploymentAccess` who may see or change one. */
@Module({
  controllers: [DeploymentsHandler],
  providers: [DeploymentAccess, DeploymentsService],
  exports: [DeploymentAccess],
})
export class DeploymentsFeatureModule {}
