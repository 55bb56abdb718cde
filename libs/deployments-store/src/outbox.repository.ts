import { Injectable } from '@nestjs/common';
import { Database, OutboxStore } from '@pc/platform';

export type { OutboxRow } from '@pc/platform';

/**
 * The deployments schema's outbox (`deployments.outbox`): the workers write deployment successes and
 * failures in the transaction that records them, the service its own events; the service relays them.
 */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(db: Database) {
    super(db, 'deployments');
  }
}
