import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type UpdatePolicyRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PolicyEditsService } from './policy-edits.service';

@Controller()
export class PolicyEditsHandler {
  constructor(private readonly edits: PolicyEditsService) {}

  @Handles(CatalogRpc.updatePolicy)
  update({ ctx, data }: Envelope<UpdatePolicyRequest>) {
    return this.edits.update(ctx, data);
  }
}
