import { Controller } from '@nestjs/common';
import {
  type DeleteFailedRequest,
  type DeploymentIdRequest,
  DeploymentsRpc,
  type Envelope,
  type ListDeploymentsRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { DeploymentsService } from './deployments.service';

@Controller()
export class DeploymentsHandler {
  constructor(private readonly deployments: DeploymentsService) {}

  @Handles(DeploymentsRpc.list)
  list({ ctx, data }: Envelope<ListDeploymentsRequest>) {
    return this.deployments.list(ctx, data);
  }

  @Handles(DeploymentsRpc.get)
  get({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.deployments.get(ctx, data.id);
  }

  @Handles(DeploymentsRpc.remove)
  remove({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.deployments.remove(ctx, data.id);
  }

  @Handles(DeploymentsRpc.deleteFailed)
  deleteFailed({ ctx, data }: Envelope<DeleteFailedRequest>) {
    return this.deployments.deleteFailed(ctx, data.policyId);
  }

  @Handles(DeploymentsRpc.listFailed)
  listFailed({ ctx, data }: Envelope<DeleteFailedRequest>) {
    return this.deployments.listFailed(ctx, data.policyId);
  }

  @Handles(DeploymentsRpc.history)
  history({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.deployments.history(ctx, data.id);
  }
}
