import { Injectable } from '@nestjs/common';
import type { ReconciliationSummary, RequestContext } from '@pc/contracts';

export const DEPLOYMENTS_LEDGER = Symbol('DEPLOYMENTS_LEDGER');

/** What connections need to know about deployments; the deployments service will answer it over the bus. */
export interface DeploymentsLedger {
  countsFor(ctx: RequestContext, connectionId: string): Promise<{ active: number; historical: number }>;
  /** Reconciles every deployment made through the connection; null summary with a reason when it could not. */
  reconcile(
    ctx: RequestContext,
    connectionId: string,
  ): Promise<{ summary: ReconciliationSummary | null; reason: string | null }>;
}

/**
 * The system has no deployments service yet, so no deployment can have been made through any connection:
 * the counts are zero because the source is empty, and reconciliation has nothing to probe (null, with the
 * reason said). Replace this provider with a bus client when the deployments service lands.
 */
@Injectable()
export class NoDeploymentsYet implements DeploymentsLedger {
  countsFor(): Promise<{ active: number; historical: number }> {
    return Promise.resolve({ active: 0, historical: 0 });
  }

  reconcile(): Promise<{ summary: ReconciliationSummary | null; reason: string | null }> {
    return Promise.resolve({
      summary: null,
      reason:
        'Deployments are not reconciled yet: this system has no deployments service, so no deployment exists ' +
        'to probe',
    });
  }
}
