import { Controller } from '@nestjs/common';
import { DeploymentsRpc, type Envelope, type ItemAdoptionRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { AdoptionService } from './adoption.service';

@Controller()
export class AdoptionHandler {
  constructor(private readonly adoption: AdoptionService) {}

  @Handles(DeploymentsRpc.adoption)
  of({ ctx, data }: Envelope<ItemAdoptionRequest>) {
    return this.adoption.of(ctx, data);
  }
}
