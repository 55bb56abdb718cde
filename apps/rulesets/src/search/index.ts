export { RULESET_LISTINGS } from './ruleset-listings';
