import { Injectable } from '@nestjs/common';
import { Database, OutboxStore } from '@pc/platform';

export type { OutboxRow } from '@pc/platform';

/** The catalog's outbox (`catalog.outbox`). */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(db: Database) {
    super(db, 'catalog');
  }
}
