export { GovernedApisModule } from './governed-apis.module';
export { GovernanceAccess, type GovernanceAction, type WorkspaceGrant } from './governance-access';
export { GovernedApiAccess } from './governed-api-access';
export { GovernedApisRepository } from './governed-apis.repository';
export { GovernedApisService } from './governed-apis.service';
export { atRisk, percent, type GovernedApiRow, toApiDocument, toGovernedApi } from './governed-api.row';
export { workspaceRows } from './workspace-rows';
