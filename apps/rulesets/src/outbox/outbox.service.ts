import { Injectable } from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';

/**
 * The events that must not be lost: written with the change that causes them (`addEvent`, in its
 * transaction), published after commit (`published`, which wakes the relay at once).
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  addEvent<P extends object>(tx: Executor, event: EventDescriptor<P>, payload: P): Promise<void> {
    return this.outbox.addEvent(tx, event, payload);
  }

  /** After commit: the relay publishes what was added now rather than at its next tick. */
  committed(): void {
    this.relay.kick();
  }
}
