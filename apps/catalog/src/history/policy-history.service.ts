import { Injectable } from '@nestjs/common';
import type { HistoryEntry } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { HistoryRepository } from './history.repository';

/**
 * A policy's history as other features see it: an entry written in the transaction of the change it
 * records, and a page of entries, newest first (public facts only unless `full`).
 */
@Injectable()
export class PolicyHistory {
  constructor(private readonly history: HistoryRepository) {}

  record(
    tx: Executor,
    policyId: string,
    actorId: string | null,
    action: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return this.history.record(tx, policyId, actorId, action, details);
  }

  page(
    db: Executor,
    policyId: string,
    beforeId: string | null,
    limit: number,
    full: boolean,
  ): Promise<HistoryEntry[]> {
    return this.history.page(db, policyId, beforeId, limit, full);
  }
}
