export { rulesetMatch } from './ruleset-match';
export { RULESET_LISTINGS } from './ruleset-listings';
