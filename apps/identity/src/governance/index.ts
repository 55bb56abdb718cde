export { GovernanceNewsModule } from './governance.module';
