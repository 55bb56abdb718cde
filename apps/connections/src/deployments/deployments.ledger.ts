import { Injectable } from '@nestjs/common';
import {
  CONNECTION_LIMITS,
  type ConnectionDriftRefreshResult,
  DeploymentsRpc,
  type ReconciliationSummary,
  type RequestContext,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';

export const DEPLOYMENTS_LEDGER = Symbol('DEPLOYMENTS_LEDGER');

/** A sweep makes one platform read per live deployment: a longer wait (the gateway's for sync and refresh is longer still). */
const SWEEP_WAIT = { timeoutMs: CONNECTION_LIMITS.deploymentsSweepMs };

/** What connections need to know about deployments; the deployments service answers it over the bus. */
export interface DeploymentsLedger {
  countsFor(ctx: RequestContext, connectionId: string): Promise<{ active: number; historical: number }>;
  /** Reconciles every deployment made through the connection; null summary with a reason when it could not. */
  reconcile(
    ctx: RequestContext,
    connectionId: string,
  ): Promise<{ summary: ReconciliationSummary | null; reason: string | null }>;
  /** The drift check of each live deployment made through the connection, now. */
  refreshDrift(ctx: RequestContext, connectionId: string): Promise<ConnectionDriftRefreshResult>;
}

/** The deployments service answers over the bus (this service never reads its tables). */
@Injectable()
export class BusDeploymentsLedger implements DeploymentsLedger {
  constructor(private readonly bus: BusClient) {}

  countsFor(ctx: RequestContext, connectionId: string): Promise<{ active: number; historical: number }> {
    return this.bus.request(DeploymentsRpc.connectionCounts, ctx, { connectionId });
  }

  /** Probes every live deployment made through the connection (the sweep's wait: one probe each). */
  reconcile(
    ctx: RequestContext,
    connectionId: string,
  ): Promise<{ summary: ReconciliationSummary | null; reason: string | null }> {
    return this.bus.request(DeploymentsRpc.reconcileConnection, ctx, { connectionId }, SWEEP_WAIT);
  }

  /** One platform read per live deployment (the sweep's wait, as `reconcile`). */
  refreshDrift(ctx: RequestContext, connectionId: string): Promise<ConnectionDriftRefreshResult> {
    return this.bus.request(DeploymentsRpc.refreshConnectionDrift, ctx, { connectionId }, SWEEP_WAIT);
  }
}
