import { Injectable } from '@nestjs/common';
import { Database, OutboxStore } from '@pc/platform';

/** The rulesets service's outbox (`rulesets.outbox`). */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(db: Database) {
    super(db, 'rulesets');
  }
}
