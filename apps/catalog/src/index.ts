import { CatalogRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { CatalogEnv } from './catalog.env';
import { CatalogModule } from './catalog.module';

export { CatalogEnv } from './catalog.env';
export { catalogDatabase } from './database/catalog.datasource';

export function catalogService(env: CatalogEnv): ServiceDefinition {
  return { name: 'catalog', ping: CatalogRpc.ping, module: CatalogModule.register(env) };
}
