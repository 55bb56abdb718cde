import { Controller } from '@nestjs/common';
import { type CreateDeploymentRequest, DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PlanService } from './plan.service';

@Controller()
export class PlanHandler {
  constructor(private readonly plans: PlanService) {}

  @Handles(DeploymentsRpc.plan)
  plan({ ctx, data }: Envelope<CreateDeploymentRequest>) {
    return this.plans.plan(ctx, data);
  }
}
