export { ApiEvaluationsModule } from './api-evaluations.module';
export { ApiConformance } from './api-conformance';
export { covers, isPointer } from './conformance';
export { ApiEvaluationsService, type KeptReevaluation, type OnKept } from './api-evaluations.service';
