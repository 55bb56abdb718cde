import { CatalogRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { CatalogEnv } from './catalog.env';
import { CatalogModule } from './catalog.module';

export { CatalogEnv } from './catalog.env';
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

/** The catalog service; `sourceHost` replaces the HTTP adapter (the service-level tests' in-memory host). */
export function catalogService(
  env: CatalogEnv,
  options: { sourceHost?: SourceHost } = {},
): ServiceDefinition {
  return { name: 'catalog', ping: CatalogRpc.ping, module: CatalogModule.register(env, options.sourceHost) };
}
