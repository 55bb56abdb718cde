import { Injectable } from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';

/**
 * What other features see of the outbox: an event written in the transaction of the change it
 * announces, and a nudge to the relay once that transaction has committed.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /** Records the event (a fresh id unless given); published after commit. */
  addEvent<P extends object>(
    tx: Executor,
    descriptor: EventDescriptor<P>,
    payload: P,
    id?: string,
  ): Promise<void> {
    return this.outbox.addEvent(tx, descriptor, payload, id);
  }

  /** Asks the relay to publish what is waiting now rather than at its next tick. */
  kick(): void {
    this.relay.kick();
  }
}
