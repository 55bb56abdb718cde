import { ApiEvaluationsModule } from './api-evaluations';
import { GovernedApisModule } from './governed-apis';
import { ProfilesModule } from './profiles';
import { WaiversModule } from './waivers';

/** API governance's feature modules (governed APIs, profiles, evaluations kept, waivers). */
export const GovernanceModules = [GovernedApisModule, ProfilesModule, ApiEvaluationsModule, WaiversModule];
