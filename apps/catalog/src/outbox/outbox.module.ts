import { Module } from '@nestjs/common';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';
import { Outbox } from './outbox.service';

/** The catalog's outbox and its relay; features write events through `Outbox`. */
@Module({ providers: [OutboxRepository, OutboxRelay, Outbox], exports: [Outbox] })
export class OutboxModule {}
