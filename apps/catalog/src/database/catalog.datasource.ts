import type { ServiceDatabaseOptions } from '@pc/platform';
import { CatalogInit1795400000000 } from './migrations/1795400000000-catalog-init';

/**
 * The catalog schema and its migrations, in order. Repositories speak SQL (full text search, trigram
 * matching, row locks and partial unique indexes are the point of most queries), so no entities.
 */
export const catalogDatabase = {
  schema: 'catalog',
  entities: [],
  migrations: [CatalogInit1795400000000],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
