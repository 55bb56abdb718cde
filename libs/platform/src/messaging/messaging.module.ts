import { type DynamicModule, Module } from '@nestjs/common';
import { type BusConfig, createClientProxy } from './bus';
import { DurableEventsClient } from '../jobs/durable-events.client';
import { SharedBudgets } from '../limits/shared-budgets';
import { BUS_APP_NAME, BUS_CONFIG, BUS_PROXY, BusClient } from './bus-client';

/**
 * Gives a process a `BusClient`, a `DurableEventsClient` and the `SharedBudgets` (request budgets every
 * replica counts in) on the configured bus.
 */
@Module({})
export class MessagingModule {
  static forRoot(bus: BusConfig, name: string): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: BUS_CONFIG, useValue: bus },
        { provide: BUS_APP_NAME, useValue: name },
        {
          provide: BUS_PROXY,
          useFactory: async () => {
            const proxy = createClientProxy(bus, name);
            await proxy.connect();
            return proxy;
          },
        },
        BusClient,
        DurableEventsClient,
        SharedBudgets,
      ],
      exports: [BusClient, DurableEventsClient, SharedBudgets, BUS_CONFIG, BUS_APP_NAME],
    };
  }
}
