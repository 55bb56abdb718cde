import { Controller } from '@nestjs/common';
import { type DeploymentIdRequest, DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { JobsService } from './jobs.service';

@Controller()
export class JobsHandler {
  constructor(private readonly jobs: JobsService) {}

  @Handles(DeploymentsRpc.cancel)
  cancel({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.jobs.cancel(ctx, data.id);
  }

  @Handles(DeploymentsRpc.unpublish)
  unpublish({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.jobs.unpublish(ctx, data.id);
  }

  @Handles(DeploymentsRpc.deleteRelease)
  deleteRelease({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.jobs.deleteRelease(ctx, data.id);
  }
}
