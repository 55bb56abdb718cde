import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { answeredAsJson } from '@pc/platform';
import { PolicyReadsService } from './policy-reads.service';
import { PolicySourceService } from './policy-source.service';

export const PoliciesHandler = handlerOf(
  'PoliciesHandler',
  { reads: PolicyReadsService, source: PolicySourceService },
  (serve) => [
    serve(answeredAsJson(CatalogRpc.listPolicies), ({ reads }, ctx, data) => reads.list(ctx, data)),
    serve(answeredAsJson(CatalogRpc.getPolicy), ({ reads }, ctx, data) => reads.getJson(ctx, data.id)),
    serve(CatalogRpc.getPolicyDocs, ({ reads }, ctx, data) => reads.docs(ctx, data.id)),
    serve(CatalogRpc.getPolicyHistory, ({ reads }, ctx, data) => reads.historyOf(ctx, data)),
    serve(CatalogRpc.recordDownload, ({ reads }, ctx, data) => reads.download(ctx, data.id)),
    serve(CatalogRpc.getIssuesEnabled, ({ source }, ctx, data) => source.issuesEnabled(ctx, data.id)),
    serve(CatalogRpc.getBranches, ({ source }, ctx, data) => source.branches(ctx, data.id)),
  ],
);
