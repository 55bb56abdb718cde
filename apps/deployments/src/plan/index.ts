export { PlanModule } from './plan.module';
