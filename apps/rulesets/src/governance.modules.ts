import { ApiEvaluationsModule } from './api-evaluations';
import { GovernedApisModule } from './governed-apis';
import { ProfilesModule } from './profiles';
import { ReevaluationModule } from './reevaluation';
import { WaiversModule } from './waivers';

/** API governance's feature modules (governed APIs, profiles, evaluations kept, waivers, re-evaluation). */
export const GovernanceModules = [
  GovernedApisModule,
  ProfilesModule,
  ApiEvaluationsModule,
  WaiversModule,
  ReevaluationModule,
];
