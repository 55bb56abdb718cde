import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type Envelope,
  type HistoryRequest,
  type ListPoliciesRequest,
  type PolicyIdRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PolicyReadsService } from './policy-reads.service';
import { PolicySourceService } from './policy-source.service';

@Controller()
export class PoliciesHandler {
  constructor(
    private readonly reads: PolicyReadsService,
    private readonly source: PolicySourceService,
  ) {}

  @Handles(CatalogRpc.listPolicies)
  list({ ctx, data }: Envelope<ListPoliciesRequest>) {
    return this.reads.list(ctx, data);
  }

  @Handles(CatalogRpc.getPolicy)
  get({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.reads.get(ctx, data.id);
  }

  @Handles(CatalogRpc.getPolicyDocs)
  docs({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.reads.docs(ctx, data.id);
  }

  @Handles(CatalogRpc.getPolicyHistory)
  history({ ctx, data }: Envelope<HistoryRequest>) {
    return this.reads.historyOf(ctx, data);
  }

  @Handles(CatalogRpc.recordDownload)
  download({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.reads.download(ctx, data.id);
  }

  @Handles(CatalogRpc.getIssuesEnabled)
  issuesEnabled({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.source.issuesEnabled(ctx, data.id);
  }

  @Handles(CatalogRpc.getBranches)
  branches({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.source.branches(ctx, data.id);
  }
}
