// The rulesets service's test harness and fixtures, for its tests and the benches (never the service).
export { GOVERNANCE_PROFILE } from './governance-fixtures';
export { RulesetsUnderTest, rulesetsUnderTest, type TestUser } from './rulesets-under-test';
