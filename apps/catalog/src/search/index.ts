export { policyMatch, prefixQuery } from './policy-match';
export { POLICY_LISTINGS } from './policy-listings';
