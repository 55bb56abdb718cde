import { Inject, Injectable } from '@nestjs/common';
import { OutboxStore } from '@pc/platform';
import { DataSource } from 'typeorm';

export type { OutboxRow } from '@pc/platform';

/** The deployments service's outbox (`deployments.outbox`), written by the workers too. */
@Injectable()
export class OutboxRepository extends OutboxStore {
  constructor(@Inject(DataSource) dataSource: DataSource) {
    super(dataSource, 'deployments');
  }
}
