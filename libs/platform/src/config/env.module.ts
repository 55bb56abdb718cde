import { type DynamicModule, Module } from '@nestjs/common';

/**
 * A service's validated configuration (its `<app>.env.ts` class), given to every feature module of the
 * service: global inside the service's own Nest application, which holds no other service.
 */
@Module({})
export class EnvModule {
  static of<T extends object>(schema: abstract new (...args: never[]) => T, env: T): DynamicModule {
    return {
      module: EnvModule,
      global: true,
      providers: [{ provide: schema, useValue: env }],
      exports: [schema],
    };
  }
}
