import type { ServiceDatabaseOptions } from '@pc/platform';
import { CatalogInit1795400000000 } from './migrations/1795400000000-catalog-init';
import { CatalogPolicyReviewers1795500000000 } from './migrations/1795500000000-catalog-policy-reviewers';
import { CatalogSearchIndexes1795500000001 } from './migrations/1795500000001-catalog-search-indexes';
import { CatalogReviewHardening1795600000000 } from './migrations/1795600000000-catalog-review-hardening';
import { CatalogIdeaVotes1795700000150 } from './migrations/1795700000150-catalog-idea-votes';
import { CatalogWeightedSearch1795750000000 } from './migrations/1795750000000-catalog-weighted-search';
import { CatalogDeployCounts1795790000000 } from './migrations/1795790000000-catalog-deploy-counts';
import { CatalogContentChanges1795800000000 } from './migrations/1795800000000-catalog-content-changes';
import { CatalogReviewPins1795810000000 } from './migrations/1795810000000-catalog-review-pins';
import { CatalogLikesByUser1796600000000 } from './migrations/1796600000000-catalog-likes-by-user';
import { CatalogSearchOrder1796700000000 } from './migrations/1796700000000-catalog-search-order';
import { CatalogItemChanges1796700000100 } from './migrations/1796700000100-catalog-item-changes';
import { CatalogSearchSorts1796800000000 } from './migrations/1796800000000-catalog-search-sorts';
import { CatalogChangeReach1796900000000 } from './migrations/1796900000000-catalog-change-reach';
import { CatalogRepositoryLabels1797310000000 } from './migrations/1797310000000-catalog-repository-labels';

/**
 * The catalog schema and its migrations, in order. Repositories speak SQL (full text search, trigram
 * matching, row locks and partial unique indexes are the point of most queries), so no entities.
 */
export const catalogDatabase = {
  schema: 'catalog',
  entities: [],
  migrations: [
    CatalogInit1795400000000,
    CatalogPolicyReviewers1795500000000,
    CatalogSearchIndexes1795500000001,
    CatalogReviewHardening1795600000000,
    CatalogIdeaVotes1795700000150,
    CatalogWeightedSearch1795750000000,
    CatalogDeployCounts1795790000000,
    CatalogContentChanges1795800000000,
    CatalogReviewPins1795810000000,
    CatalogLikesByUser1796600000000,
    CatalogSearchOrder1796700000000,
    CatalogItemChanges1796700000100,
    CatalogSearchSorts1796800000000,
    CatalogChangeReach1796900000000,
    CatalogRepositoryLabels1797310000000,
  ],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
