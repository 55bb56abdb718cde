import { Controller } from '@nestjs/common';
import { type CreateDeploymentRequest, DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { CreateDeploymentService } from './create.service';

@Controller()
export class CreateDeploymentHandler {
  constructor(private readonly deployments: CreateDeploymentService) {}

  @Handles(DeploymentsRpc.create)
  create({ ctx, data }: Envelope<CreateDeploymentRequest>) {
    return this.deployments.create(ctx, data);
  }
}
