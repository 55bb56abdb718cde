export { CatalogEnv } from './catalog.env';
export { catalogService } from './catalog.module';
export { catalogDatabase } from './database/catalog.datasource';
// The benchmark's baseline runs the catalog's own SQL and response mapping (bench/baseline).
export {
  FIND_PRESENTED_BY_ID,
  PRESENTATIONS,
  type Presentation,
  type PresentedPolicyRow,
  type PolicyListRow,
  type PolicySearch,
  searchPolicies,
  searchQuery,
} from './policies/policies.repository';
export { toPolicy } from './policies/policy.mapper';
export type { PolicyRow } from './policies/policy.row';
