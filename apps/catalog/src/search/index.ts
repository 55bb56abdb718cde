export { POLICY_LISTINGS } from './policy-listings';
