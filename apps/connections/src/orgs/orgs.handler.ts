import { Controller } from '@nestjs/common';
import {
  type ConnectionIdRequest,
  ConnectionsRpc,
  type EligibleOrgsCheckRequest,
  type EligibleOrgsRequest,
  type Envelope,
  type PlatformCredentials,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { OrgsService } from './orgs.service';

@Controller()
export class OrgsHandler {
  constructor(private readonly orgs: OrgsService) {}

  @Handles(ConnectionsRpc.listOrgs)
  list({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.orgs.list(ctx, data.id);
  }

  @Handles(ConnectionsRpc.discoverOrgs)
  discover({ ctx, data }: Envelope<PlatformCredentials>) {
    return this.orgs.discover(ctx, data);
  }

  @Handles(ConnectionsRpc.listEligibleOrgs)
  eligible({ ctx, data }: Envelope<EligibleOrgsRequest>) {
    return this.orgs.eligible(ctx, data);
  }

  @Handles(ConnectionsRpc.checkEligibleOrgs)
  checkEligible({ ctx, data }: Envelope<EligibleOrgsCheckRequest>) {
    return this.orgs.checkEligible(ctx, data);
  }
}
