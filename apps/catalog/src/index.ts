export { CatalogEnv } from './catalog.env';
export { catalogService } from './catalog.module';
export { catalogDatabase } from './database/catalog.datasource';
// The benchmark's baseline runs the catalog's own SQL and response building (bench/baseline).
export {
  FIND_JSON_BY_ID,
  FIND_PRESENTED_BY_ID,
  PRESENTATIONS,
  policyJsonColumns,
  type Presentation,
  type PresentedPolicyRow,
  type PolicyJsonListRow,
  type PolicyJsonRow,
  type PolicyListRow,
  type PolicySearch,
  searchPolicies,
  searchQuery,
} from './policies/policies.repository';
export { policyJson } from './policies/policy.presenter';
export { toPolicy } from './policies/policy.mapper';
export type { PolicyRow } from './policies/policy.row';
