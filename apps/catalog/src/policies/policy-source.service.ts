import { Inject, Injectable } from '@nestjs/common';
import type { BranchInfo, RequestContext } from '@pc/contracts';
import { Database } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { CatalogEnv } from '../catalog.env';
import { RepositoryReader, SOURCE_HOST, sourceHostFailure } from '@pc/listings';
import { policyKind } from '../policy.kind';
import { PolicyAccess } from './policy-access';
import { PoliciesRepository } from './policies.repository';

/** How long a failed issue-tracker check is remembered, so callers cannot make every request reach the host. */
const ISSUES_FAILURE_TTL_MS = 5 * 60 * 1000;
const ISSUES_FAILURES_KEPT = 10_000;

/** What the source host says of a policy's repositories now: its issue tracker, branches and tags. */
@Injectable()
export class PolicySourceService {
  /** Policy id to the time until which a failed issue-tracker check stands (per replica). */
  private readonly issuesFailures = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly policies: PoliciesRepository,
    private readonly access: PolicyAccess,
    @Inject(SOURCE_HOST) private readonly sourceHost: SourceHost,
    private readonly reader: RepositoryReader,
    @Inject(CatalogEnv) private readonly env: CatalogEnv,
  ) {}

  /**
   * A live check of the repository's issue tracker, trusted for ISSUES_CHECK_TTL_SECONDS; it corrects the
   * persisted baseline. Null when the host could not be read, an answer kept for a few minutes too.
   */
  async issuesEnabled(ctx: RequestContext, id: string): Promise<{ enabled: boolean | null }> {
    const row = await this.access.visible(ctx, id);
    const fresh =
      row.issues_checked_at !== null &&
      Date.now() - row.issues_checked_at.getTime() < this.env.ISSUES_CHECK_TTL_SECONDS * 1000;
    if (fresh) return { enabled: row.source_host_has_issues };
    const failedUntil = this.issuesFailures.get(row.id);
    if (failedUntil !== undefined && failedUntil > Date.now()) return { enabled: null };
    try {
      const info = await this.sourceHost.getRepository(
        this.sourceHost.parseRepositoryUrl(row.source_host_url),
      );
      await this.policies.recordIssuesCheck(this.db.pool, row.id, info.hasIssues);
      this.issuesFailures.delete(row.id);
      return { enabled: info.hasIssues };
    } catch {
      if (this.issuesFailures.size >= ISSUES_FAILURES_KEPT) this.issuesFailures.clear();
      this.issuesFailures.set(
        row.id,
        Date.now() + Math.min(ISSUES_FAILURE_TTL_MS, this.env.ISSUES_CHECK_TTL_SECONDS * 1000),
      );
      return { enabled: null };
    }
  }

  async branches(ctx: RequestContext, id: string): Promise<BranchInfo> {
    const row = await this.access.visible(ctx, id);
    const main = await this.refsOf(row.source_host_url);
    if (row.project_type === 'split' && row.implementation_source_host_url) {
      return { ...main, implementation: await this.refsOf(row.implementation_source_host_url) };
    }
    return main;
  }

  /** Source host failures become clean errors (502 when the host is down, 404 when the repository is gone). */
  private async refsOf(url: string): Promise<BranchInfo> {
    try {
      return await this.reader.refs(url);
    } catch (error) {
      throw sourceHostFailure(policyKind, error);
    }
  }
}
