import { Module } from '@nestjs/common';
import { RepositoryInspector } from './repository-inspector';

/** What the catalog reads of a repository on the source host. */
@Module({ providers: [RepositoryInspector], exports: [RepositoryInspector] })
export class SourceModule {}
