import { type DynamicModule, Module } from '@nestjs/common';
import { type BusConfig, createClientProxy } from './bus';
import { BUS_CONFIG, BUS_PROXY, BusClient } from './bus-client';

/** Gives a process a `BusClient` on the configured bus. */
@Module({})
export class MessagingModule {
  static forRoot(bus: BusConfig, name: string): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: BUS_CONFIG, useValue: bus },
        {
          provide: BUS_PROXY,
          useFactory: async () => {
            const proxy = createClientProxy(bus, name);
            await proxy.connect();
            return proxy;
          },
        },
        BusClient,
      ],
      exports: [BusClient, BUS_CONFIG],
    };
  }
}
