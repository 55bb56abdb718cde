import { Controller } from '@nestjs/common';
import {
  type AuthoredByRequest,
  DeploymentsRpc,
  type Envelope,
  type ReconcileConnectionRequest,
  type WorkspaceSummaryRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { LedgerService } from './ledger.service';

/** For the connections and workspaces services (their NATS users may send these; no gateway route). */
@Controller()
export class LedgerHandler {
  constructor(private readonly ledger: LedgerService) {}

  @Handles(DeploymentsRpc.connectionCounts)
  counts({ data }: Envelope<ReconcileConnectionRequest>) {
    return this.ledger.connectionCounts(data.connectionId);
  }

  @Handles(DeploymentsRpc.reconcileConnection)
  reconcile({ ctx, data }: Envelope<ReconcileConnectionRequest>) {
    return this.ledger.reconcile(ctx, data.connectionId);
  }

  @Handles(DeploymentsRpc.workspaceSummary)
  summary({ data }: Envelope<WorkspaceSummaryRequest>) {
    return this.ledger.workspaceSummary(data.workspaceId, data.connectionIds);
  }

  @Handles(DeploymentsRpc.authoredCount)
  authored({ data }: Envelope<AuthoredByRequest>) {
    return this.ledger.authoredCount(data.workspaceId, data.userId, data.connectionId);
  }
}
