import { Inject, Injectable } from '@nestjs/common';
import { OutboxStore } from '@pc/platform';
import { DataSource } from 'typeorm';

export type { OutboxRow } from '@pc/platform';

/** The catalog's outbox (`catalog.outbox`). */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(@Inject(DataSource) dataSource: DataSource) {
    super(dataSource, 'catalog');
  }
}
