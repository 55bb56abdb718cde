import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogRpc,
  type Envelope,
  type HistoryRequest,
  type ListPoliciesRequest,
  type PolicyIdRequest,
  type UpdatePolicyRequest,
} from '@pc/contracts';
import { PoliciesService } from './policies.service';

@Controller()
export class PoliciesHandler {
  constructor(private readonly policies: PoliciesService) {}

  @MessagePattern(CatalogRpc.listPolicies.pattern)
  list(@Payload() { ctx, data }: Envelope<ListPoliciesRequest>) {
    return this.policies.list(ctx, data);
  }

  @MessagePattern(CatalogRpc.getPolicy.pattern)
  get(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.get(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.updatePolicy.pattern)
  update(@Payload() { ctx, data }: Envelope<UpdatePolicyRequest>) {
    return this.policies.update(ctx, data);
  }

  @MessagePattern(CatalogRpc.getPolicyDocs.pattern)
  docs(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.docs(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.getPolicyHistory.pattern)
  history(@Payload() { ctx, data }: Envelope<HistoryRequest>) {
    return this.policies.historyOf(ctx, data);
  }

  @MessagePattern(CatalogRpc.getIssuesEnabled.pattern)
  issuesEnabled(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.issuesEnabled(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.getBranches.pattern)
  branches(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.branches(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.recordDownload.pattern)
  download(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.policies.download(ctx, data.id);
  }
}
