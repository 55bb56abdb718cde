import { type DynamicModule, Module } from '@nestjs/common';
import type { SourceHost } from '@pc/source-host';
import { SOURCE_HOST } from './source-host.provider';

/**
 * The source host adapter, the one way this service reads repositories: provided once for the whole
 * service (like its database), from its configuration, or an in-memory one that a test hands over.
 */
@Module({})
export class SourceModule {
  static register(host: SourceHost): DynamicModule {
    return {
      module: SourceModule,
      global: true,
      providers: [{ provide: SOURCE_HOST, useValue: host }],
      exports: [SOURCE_HOST],
    };
  }
}
