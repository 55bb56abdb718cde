import { Injectable } from '@nestjs/common';
import type { DocTab } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { DocTabsRepository } from './doc-tabs.repository';

/** A published policy's documentation tabs, as other features read and replace them. */
@Injectable()
export class DocTabs {
  constructor(private readonly tabs: DocTabsRepository) {}

  list(db: Executor, policyId: string): Promise<DocTab[]> {
    return this.tabs.list(db, policyId);
  }

  /** The published set becomes exactly `tabs` (in the caller's transaction). */
  replaceAll(tx: Executor, policyId: string, tabs: DocTab[]): Promise<void> {
    return this.tabs.replaceAll(tx, policyId, tabs);
  }
}
