export { WorkspacesFeatureModule } from './workspaces.module';
