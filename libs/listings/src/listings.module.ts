import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { DeployCountsRepository } from './deploy-counts/deploy-counts.repository';
import { DeployCountsSubscriber } from './deploy-counts/deploy-counts.subscriber';
import { DocTabsRepository } from './docs/doc-tabs.repository';
import { CallerState } from './likes/caller-state';
import { likesHandlerFor } from './likes/likes.handler';
import { LikesRepository } from './likes/likes.repository';
import { LikesService } from './likes/likes.service';
import {
  LISTING_ACCESS,
  LISTING_KIND,
  LISTING_VENDOR,
  type ListingAccess,
  type ListingKind,
} from './listing-kind';
import { Outbox, OutboxRelay, OutboxRepository } from './outbox/outbox';
import { Pinning } from './pins/pinning';
import { SourceChanges } from './pins/source-changes';
import { RepositoryReader } from './source/repository-reader';
import { searchHandlerFor, type VendorListings } from './search/search.handler';
import { UsersDirectory } from './users/users.directory';

/**
 * What the kernel takes from the kind's service: its access rules (`provider`) and its vendor index
 * (`vendor`), and the modules of the service that export them.
 */
export interface KindAccess {
  imports: NonNullable<ModuleMetadata['imports']>;
  provider: Type<ListingAccess>;
  vendor: Type<VendorListings>;
}

/**
 * The listings kernel mounted for one kind in its service: the handlers of the kind's descriptors it
 * serves, and, for the service's own features (global in the service), the outbox, the documentation
 * tabs, the likes, the pins and changes since review and the repository reader of that kind; it counts the kind's deployments itself.
 */
@Module({})
export class ListingsModule {
  static forKind(kind: ListingKind, access: KindAccess): DynamicModule {
    return {
      module: ListingsModule,
      global: true,
      imports: access.imports,
      controllers: [likesHandlerFor(kind), searchHandlerFor(kind)],
      providers: [
        { provide: LISTING_KIND, useValue: kind },
        { provide: LISTING_ACCESS, useExisting: access.provider },
        { provide: LISTING_VENDOR, useExisting: access.vendor },
        OutboxRepository,
        OutboxRelay,
        Outbox,
        DocTabsRepository,
        DeployCountsRepository,
        DeployCountsSubscriber,
        LikesRepository,
        LikesService,
        CallerState,
        SourceChanges,
        Pinning,
        RepositoryReader,
        UsersDirectory,
      ],
      exports: [
        Outbox,
        DocTabsRepository,
        LikesRepository,
        SourceChanges,
        Pinning,
        RepositoryReader,
        UsersDirectory,
      ],
    };
  }
}
