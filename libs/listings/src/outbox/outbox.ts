import { Inject, Injectable } from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import { Database, DurableEventsClient, type Executor, OutboxRelayBase, OutboxStore } from '@pc/platform';
import { LISTING_KIND, type ListingKind } from '../listing-kind';

/** The service's outbox table (`<schema>.outbox`). */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(db: Database, @Inject(LISTING_KIND) kind: ListingKind) {
    super(db, kind.schema);
  }
}

/** Publishes the kind's durable events after commit (see `OutboxRelayBase`), retrying every 5 s. */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(
    outbox: OutboxRepository,
    events: DurableEventsClient,
    @Inject(LISTING_KIND) kind: ListingKind,
  ) {
    super(outbox, events, { service: kind.service, events: kind.events, retryMs: 5000 });
  }
}

/**
 * The events that must not be lost, as the features see them: written with the change that causes them
 * (`addEvent`, in its transaction), published after commit (`kick` wakes the relay at once rather than
 * at its next tick).
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

  /** After commit: the relay publishes what is waiting now. */
  kick(): void {
    this.relay.kick();
  }
}
