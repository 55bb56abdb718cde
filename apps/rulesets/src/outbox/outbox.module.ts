import { Module } from '@nestjs/common';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';
import { Outbox } from './outbox.service';

/** The service's durable events (review decisions, new versions), published after commit. */
@Module({ providers: [OutboxRepository, OutboxRelay, Outbox], exports: [Outbox] })
export class OutboxModule {}
