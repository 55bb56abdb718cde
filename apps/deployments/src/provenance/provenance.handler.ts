import { Controller } from '@nestjs/common';
import { type DeploymentIdRequest, DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ProvenanceService } from './provenance.service';

@Controller()
export class ProvenanceHandler {
  constructor(private readonly provenance: ProvenanceService) {}

  @Handles(DeploymentsRpc.provenance)
  get({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.provenance.get(ctx, data.id);
  }

  @Handles(DeploymentsRpc.provenanceKeys)
  keys() {
    return this.provenance.keySet();
  }
}
