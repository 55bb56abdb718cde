export { DeploymentsFeatureModule } from './deployments.module';
export { DeploymentAccess } from './deployment-access';
export { callerWorkspaceIds } from './caller-workspaces';
