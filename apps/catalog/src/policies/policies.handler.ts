import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type Envelope,
  type HistoryRequest,
  type ListPoliciesRequest,
  type PolicyIdRequest,
  type UpdatePolicyRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PoliciesService } from './policies.service';

@Controller()
export class PoliciesHandler {
  constructor(private readonly policies: PoliciesService) {}

  @Handles(CatalogRpc.listPolicies)
  list({ ctx, data }: Envelope<ListPoliciesRequest>) {
    return this.policies.list(ctx, data);
  }

  @Handles(CatalogRpc.getPolicy)
  get({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.get(ctx, data.id);
  }

  @Handles(CatalogRpc.updatePolicy)
  update({ ctx, data }: Envelope<UpdatePolicyRequest>) {
    return this.policies.update(ctx, data);
  }

  @Handles(CatalogRpc.getPolicyDocs)
  docs({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.docs(ctx, data.id);
  }

  @Handles(CatalogRpc.getPolicyHistory)
  history({ ctx, data }: Envelope<HistoryRequest>) {
    return this.policies.historyOf(ctx, data);
  }

  @Handles(CatalogRpc.getIssuesEnabled)
  issuesEnabled({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.issuesEnabled(ctx, data.id);
  }

  @Handles(CatalogRpc.getBranches)
  branches({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.branches(ctx, data.id);
  }

  @Handles(CatalogRpc.recordDownload)
  download({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.download(ctx, data.id);
  }
}
