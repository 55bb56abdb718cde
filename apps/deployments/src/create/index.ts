export { CreateModule } from './create.module';
export { DeploymentAdmission } from './admission';
export { CreateDeploymentService, type DeployableItem, NOT_ELIGIBLE } from './create.service';
