export { RolloutsModule } from './rollouts.module';
