export { SearchModule } from './search.module';
export { policyMatch, prefixQuery } from './policy-match';
