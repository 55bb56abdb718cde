import { Module } from '@nestjs/common';
import { OutboxRelay } from './outbox.relay';

/** Relays the schema's outbox (the workers' outcomes, drift, halted roll-outs) as durable events. */
@Module({ providers: [OutboxRelay], exports: [OutboxRelay] })
export class OutboxModule {}
