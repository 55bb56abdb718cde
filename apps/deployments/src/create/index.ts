export { CreateModule } from './create.module';
export { DeploymentAdmission } from './admission';
export { CreateDeploymentService, NOT_ELIGIBLE } from './create.service';
