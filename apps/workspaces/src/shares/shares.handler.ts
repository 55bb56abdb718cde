import { Controller } from '@nestjs/common';
import {
  type ConnectionAccessRequest,
  type ConnectionSharesRequest,
  type Envelope,
  type ShareRequest,
  WorkspacesRpc,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { SharesService } from './shares.service';

@Controller()
export class SharesHandler {
  constructor(private readonly shares: SharesService) {}

  @Handles(WorkspacesRpc.share)
  share({ ctx, data }: Envelope<ShareRequest>) {
    return this.shares.share(ctx, data.id, data.connectionId);
  }

  @Handles(WorkspacesRpc.enableShare)
  enable({ ctx, data }: Envelope<ShareRequest>) {
    return this.shares.enable(ctx, data.id, data.connectionId);
  }

  @Handles(WorkspacesRpc.unshare)
  unshare({ ctx, data }: Envelope<ShareRequest>) {
    return this.shares.unshare(ctx, data.id, data.connectionId);
  }

  @Handles(WorkspacesRpc.shareImpact)
  impact({ ctx, data }: Envelope<ShareRequest>) {
    return this.shares.impact(ctx, data.id, data.connectionId);
  }

  @Handles(WorkspacesRpc.connectionAccess)
  access({ ctx, data }: Envelope<ConnectionAccessRequest>) {
    return this.shares.access(ctx, data.connectionId);
  }

  @Handles(WorkspacesRpc.connectionShares)
  ofConnection({ data }: Envelope<ConnectionSharesRequest>) {
    return this.shares.ofConnection(data.connectionId);
  }

  @Handles(WorkspacesRpc.removeConnection)
  removeConnection({ data }: Envelope<ConnectionSharesRequest>) {
    return this.shares.removeConnection(data.connectionId);
  }
}
