export { ReevaluationModule } from './reevaluation.module';
export { ReevaluationQueue } from './reevaluation.queue';
