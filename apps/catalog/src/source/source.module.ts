import { type DynamicModule, Module } from '@nestjs/common';
import type { SourceHost } from '@pc/source-host';
import { RepositoryInspector } from './repository-inspector';
import { SOURCE_HOST } from './source-host.provider';

/**
 * The source host adapter, the one way the catalog reads repositories: provided once for the whole
 * service (like its database), from its configuration, or an in-memory one that a test hands over.
 */
@Module({})
export class SourceHostModule {
  static register(host: SourceHost): DynamicModule {
    return {
      module: SourceHostModule,
      global: true,
      providers: [{ provide: SOURCE_HOST, useValue: host }],
      exports: [SOURCE_HOST],
    };
  }
}

/** What the catalog reads of a repository on the source host. */
@Module({ providers: [RepositoryInspector], exports: [RepositoryInspector] })
export class SourceModule {}
