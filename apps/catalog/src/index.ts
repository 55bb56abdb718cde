export { CatalogEnv } from './catalog.env';
export { catalogService } from './catalog.module';
export { catalogDatabase } from './database/catalog.datasource';
// The benchmark's baseline runs the catalog's own SQL and response building (bench/baseline).
export {
  FIND_JSON_BY_ID,
  policyJsonColumns,
  type PolicyJsonListRow,
  type PolicyJsonRow,
  type PolicyListRow,
  type PolicySearch,
  searchPolicies,
  searchQuery,
} from './policies/policies.repository';
export { policyJson } from './policies/policy.presenter';
export type { PolicyRow } from './policies/policy.row';
