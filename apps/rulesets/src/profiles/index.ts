export { ProfilesModule } from './profiles.module';
export { type ProfileRow, ProfilesRepository } from './profiles.repository';
export { RulesetVersions } from './ruleset-versions';
export type { KeptRulesetVersion, RulesetVersionRow } from './ruleset-versions.repository';
