import { Controller } from '@nestjs/common';
import {
  type DeploymentIdRequest,
  DeploymentsRpc,
  type Envelope,
  type ReconcileConnectionRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { DriftReconciler } from './drift.reconciler';

/** "Refresh now": the periodic reconcile's drift check, for one deployment or one connection, at once. */
@Controller()
export class DriftRefreshHandler {
  constructor(private readonly reconciler: DriftReconciler) {}

  @Handles(DeploymentsRpc.refreshDrift)
  refresh({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.reconciler.refresh(ctx, data.id);
  }

  /** For the connections service, which checked that the caller owns the connection. */
  @Handles(DeploymentsRpc.refreshConnectionDrift)
  refreshConnection({ data }: Envelope<ReconcileConnectionRequest>) {
    return this.reconciler.refreshConnection(data.connectionId);
  }
}
