import { Module } from '@nestjs/common';
import { CatalogEnv } from '../catalog.env';
import { RepositoryInspector } from './repository-inspector';
import { SOURCE_HOST, sourceHostFrom } from './source-host.provider';

/** The source host (through its adapter) and what the catalog reads of a repository there. */
@Module({
  providers: [
    { provide: SOURCE_HOST, useFactory: sourceHostFrom, inject: [CatalogEnv] },
    RepositoryInspector,
  ],
  exports: [SOURCE_HOST, RepositoryInspector],
})
export class SourceModule {}
