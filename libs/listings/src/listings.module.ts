import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { DeployCountsRepository } from './deploy-counts/deploy-counts.repository';
import { DocTabsRepository } from './docs/doc-tabs.repository';
import { CallerState } from './likes/caller-state';
import { likesHandlerFor } from './likes/likes.handler';
import { LikesRepository } from './likes/likes.repository';
import { LikesService } from './likes/likes.service';
import { LISTING_ACCESS, LISTING_KIND, type ListingAccess, type ListingKind } from './listing-kind';
import { Outbox, OutboxRelay, OutboxRepository } from './outbox/outbox';
import { SourceChanges } from './pins/source-changes';

/** Where the kind's access rules come from: the provider, and the module of the service that exports it. */
export interface KindAccess {
  imports: NonNullable<ModuleMetadata['imports']>;
  provider: Type<ListingAccess>;
}

/**
 * The listings kernel mounted for one kind in its service: the handlers of the kind's descriptors it
 * serves, and, for the service's own features (global in the service), the outbox, the documentation
 * tabs, the deploy counts and the changes since review of that kind.
 */
@Module({})
export class ListingsModule {
  static forKind(kind: ListingKind, access: KindAccess): DynamicModule {
    return {
      module: ListingsModule,
      global: true,
      imports: access.imports,
      controllers: [likesHandlerFor(kind)],
      providers: [
        { provide: LISTING_KIND, useValue: kind },
        { provide: LISTING_ACCESS, useExisting: access.provider },
        OutboxRepository,
        OutboxRelay,
        Outbox,
        DocTabsRepository,
        DeployCountsRepository,
        LikesRepository,
        LikesService,
        CallerState,
        SourceChanges,
      ],
      exports: [Outbox, DocTabsRepository, DeployCountsRepository, SourceChanges],
    };
  }
}
