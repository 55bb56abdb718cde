import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ApiDocumentText,
  type ApiEvaluation,
  type ApiHistory,
  type EvaluatedRulesetVersion,
  EVALUATION_LIMITS,
  type EvaluationReport,
  type EvaluationDiff,
  type EvaluationDiffRequest,
  type EvaluationIdRequest,
  type EvaluationTrigger,
  GOVERNANCE_LIMITS as L,
  type GovernanceTrend,
  type GovernanceTrendRequest,
  type KeptFinding,
  type ListEvaluationsRequest,
  type PushedDocument,
  type RecordEvaluationRequest,
  type RequestContext,
  type SpecificationInput,
} from '@pc/contracts';
import {
  badRequest,
  createLogger,
  Database,
  DomainError,
  type Executor,
  fitToBudget,
  jsonBytesUpperBound,
  notFound,
  unprocessable,
} from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { requireUser } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { EvaluationService, type RulesetVersionAt } from '../evaluation';
import {
  GovernanceAccess,
  type GovernedApiRow,
  GovernedApiAccess,
  GovernedApisRepository,
  GovernedApisService,
  percent,
  toApiDocument,
} from '../governed-apis';
import { type KeptRulesetVersion, ProfilesRepository, RulesetVersions } from '../profiles';
import { RulesetAccess, type RulesetRow } from '../rulesets';
import { SOURCE_HOST } from '../source';
import { ApiConformance } from './api-conformance';
import {
  type ApiEvaluationRow,
  ApiEvaluationsRepository,
  toEvaluation,
  toSummary,
  toTrendPoint,
} from './api-evaluations.repository';
import { conformanceOf, withFailed } from './conformance';
import { diffFindings } from './evaluation-diff';

const log = createLogger('rulesets');

interface Followed {
  ruleset: RulesetRow;
  follows: 'latest' | 'pinned';
  /** The reviewed version a profile pins (its current one or an older one); null: its latest. */
  version: KeptRulesetVersion | null;
}

/** An evaluation the service started itself, as kept: the API's conformance before and after it. */
export interface KeptReevaluation {
  api: GovernedApiRow;
  evaluationId: string;
  /** The commit of the API's source evaluated (null: a document, or the host could not say). */
  commit: string | null;
  previousConformance: number | null;
  conformance: number | null;
}

/** Runs in the evaluation's own transaction (a re-evaluation records what it did there, or rolls it back). */
export type OnKept = (tx: Executor, kept: KeptReevaluation) => Promise<void>;

interface Specification {
  input: SpecificationInput;
  commit: string | null;
  ref: string | null;
}

/**
 * Evaluations kept: an API evaluated against the rulesets its workspace's profiles apply to it (by the
 * evaluation service, unchanged), stored with the specification's digest and commit, each ruleset's
 * version, complete counts, bounded findings (each marked with the waiver covering it) and who ran it;
 * the API's conformance moves with it. A workspace records at most `evaluationsPerHour` an hour (429).
 */
@Injectable()
export class ApiEvaluationsService {
  constructor(
    private readonly db: Database,
    private readonly evaluations: ApiEvaluationsRepository,
    private readonly apiAccess: GovernedApiAccess,
    private readonly access: GovernanceAccess,
    private readonly apis: GovernedApisRepository,
    private readonly governedApis: GovernedApisService,
    private readonly profiles: ProfilesRepository,
    private readonly versions: RulesetVersions,
    private readonly rulesets: RulesetAccess,
    private readonly engine: EvaluationService,
    private readonly conformance: ApiConformance,
    @Inject(SOURCE_HOST) private readonly host: SourceHost,
  ) {}

  async record(
    ctx: RequestContext,
    request: RecordEvaluationRequest,
  ): Promise<{ evaluation: ApiEvaluation }> {
    // A document too large for one bus message was sent ahead in parts by the caller: its text whole, taken
    // first, so that a request refused below leaves none of its parts behind.
    const document =
      request.document && (await this.governedApis.documentOf(requireUser(ctx).userId, request.document));
    const { api, grant } = await this.apiAccess.api(ctx, request.apiId, 'write');
    await this.withinHourlyLimit(api.workspace_id);
    const trigger = request.trigger ?? 'manual';
    return { evaluation: await this.evaluateAndKeep(ctx, api, grant.userId, trigger, document) };
  }

  /**
   * The workspace's conformance over its last `days` UTC days, from the evaluations kept of all its APIs:
   * per day the mean of each API's latest conformance as of that day, how many have one, and how many of
   * those are below the workspace's threshold (today's). Members read it; anyone else gets a 404.
   */
  async trend(ctx: RequestContext, request: GovernanceTrendRequest): Promise<GovernanceTrend> {
    await this.access.check(ctx, request.workspaceId, 'read');
    const threshold = await this.apis.threshold(this.db.pool, request.workspaceId);
    const days = request.days ?? L.trendDays.default;
    const rows = await this.evaluations.trend(this.db.pool, request.workspaceId, days, threshold);
    return { workspace_id: request.workspaceId, threshold, days, points: rows.map(toTrendPoint) };
  }

  /**
   * A re-evaluation the service starts itself (a followed ruleset's new version, a ref that moved), without
   * the workspace's hourly limit, which is for what people and CI send: on behalf of someone who may
   * evaluate the API now (`onBehalfOf`; the evaluator's fair share is theirs, and they read the rulesets
   * as they may). Null when the API is gone, or nobody may (the API is left as it is, logged).
   * `onKept` runs in the evaluation's transaction.
   */
  async reevaluate(
    apiId: string,
    trigger: Extract<EvaluationTrigger, 'ruleset_published' | 'ref_moved'>,
    onKept?: OnKept,
  ): Promise<ApiEvaluation | null> {
    const api = await this.apis.findById(this.db.pool, apiId);
    if (!api) return null;
    const runBy = await this.onBehalfOf(api);
    if (runBy === null) {
      log.info(
        { apiId: api.id, workspaceId: api.workspace_id, trigger },
        'API left out of the re-evaluation: neither its registrant nor who evaluated it last may evaluate in its workspace now',
      );
      return null;
    }
    return this.evaluateAndKeep(asUser(runBy), api, runBy, trigger, undefined, onKept);
  }

  /**
   * Who a re-evaluation acts for: whoever registered the API while they may still evaluate in its workspace
   * (an active member of a workspace not archived), else whoever recorded its latest evaluation by hand or
   * from CI, if they may; else nobody. Never someone who left the workspace: their rights went with them.
   */
  private async onBehalfOf(api: GovernedApiRow): Promise<string | null> {
    const latest = await this.evaluations.latestRecordedBy(this.db.pool, api.id);
    for (const userId of new Set([api.created_by, ...(latest ? [latest] : [])])) {
      try {
        await this.access.check(asUser(userId), api.workspace_id, 'write');
        return userId;
      } catch (error) {
        if (!(error instanceof DomainError && NO_LONGER.has(error.code))) throw error;
      }
    }
    return null;
  }

  /**
   * Evaluates again an API registered from the source host whose ref points at another commit than its
   * latest evaluation of the source's (one call to the host; nothing else when it did not move): one of a
   * document, CI's, names CI's commit, not the ref's. Null when it did not move, the host cannot say, or
   * the source was never evaluated (no commit to compare).
   */
  async reevaluateIfRefMoved(apiId: string, onKept: OnKept): Promise<ApiEvaluation | null> {
    const api = await this.apis.findById(this.db.pool, apiId);
    if (!api?.source_url) return null;
    const known = await this.evaluations.latestCommit(this.db.pool, api.id);
    if (known === undefined) return null;
    const commit = await this.commitOf(api.source_url, api.source_ref);
    if (commit === null || commit === known) return null;
    return this.reevaluate(api.id, 'ref_moved', onKept);
  }

  private async evaluateAndKeep(
    ctx: RequestContext,
    api: GovernedApiRow,
    runBy: string,
    trigger: EvaluationTrigger,
    document: PushedDocument | undefined,
    onKept?: OnKept,
  ): Promise<ApiEvaluation> {
    const followed = await this.followed(ctx, api);
    const spec = await this.specification(api, document);
    // Each ruleset at the version read above, the one the evaluation records: a version pinned since (while
    // the specification was read) is the next evaluation's.
    const versions = new Map<string, RulesetVersionAt>();
    for (const { ruleset, version } of followed) {
      // A pinned version extends the catalog rulesets it names as they were when it was kept: pinned, it
      // does not change when they publish again.
      const at: RulesetVersionAt | null = version
        ? { ...version, extendedAt: (id) => this.versions.asOf(this.db.pool, id, version.kept_at) }
        : currentVersion(ruleset);
      if (at) versions.set(ruleset.id, at);
    }
    const report = await this.engine.evaluate(
      ctx,
      { rulesets: followed.map((f) => ({ id: f.ruleset.id })), specification: spec.input },
      versions,
    );
    const { rulesets, findings, truncated } = kept(followed, report);

    const row = await this.db.transaction(async (tx) => {
      const current = await this.apis.findById(tx, api.id, true);
      if (!current) throw notFound('API');
      // The document sent is kept with its evaluation only: one the engine refused is not the API's.
      if (document) await this.governedApis.addDocument(tx, api.id, api.workspace_id, runBy, document);
      const result = conformanceOf(rulesets, findings, await this.evaluations.activeWaivers(tx, api.id));
      const inserted = await this.evaluations.insert(tx, {
        api_id: api.id,
        workspace_id: api.workspace_id,
        trigger,
        run_by: runBy,
        format: report.specification.format,
        digest: report.specification.digest,
        commit: spec.commit,
        ref: spec.ref,
        rulesets: withFailed(rulesets, result.failed),
        counts: report.counts,
        waived: result.waived,
        passed_rules: result.passed_rules,
        applicable_rules: result.applicable_rules,
        conformance: result.conformance,
        findings: result.findings,
        findings_truncated: truncated,
        from_source: spec.input.repoUrl !== undefined,
      });
      await this.evaluations.setApiConformance(tx, api.id, result.conformance, {
        id: inserted.id,
        at: inserted.created_at,
      });
      await this.conformance.announceCrossing(
        tx,
        current,
        percent(current.conformance),
        result.conformance,
        inserted.id,
      );
      await onKept?.(tx, {
        api: current,
        evaluationId: inserted.id,
        commit: spec.commit,
        previousConformance: percent(current.conformance),
        conformance: result.conformance,
      });
      return inserted;
    });
    return toEvaluation(row);
  }

  /**
   * The API's evaluations, newest first, without their findings; `before` (an evaluation of the API: 400
   * otherwise, as a cursor that is not the list's) pages back. A page is cut shorter to stay within the
   * reply's byte budget (each names up to 10 rulesets), `has_more` then true.
   */
  async history(ctx: RequestContext, request: ListEvaluationsRequest): Promise<ApiHistory> {
    const { api } = await this.apiAccess.api(ctx, request.apiId, 'read');
    if (request.before && !(await this.evaluations.isOf(this.db.pool, api.id, request.before)))
      throw badRequest('Invalid before', [{ field: 'before', message: 'is not an evaluation of this API' }]);
    const limit = request.limit ?? L.limit.default;
    const rows = await this.evaluations.history(this.db.pool, api.id, limit + 1, request.before ?? null);
    const evaluations = fitToBudget(rows.slice(0, limit).map(toSummary));
    return {
      api_id: api.id,
      threshold: await this.apis.threshold(this.db.pool, api.workspace_id),
      evaluations,
      has_more: rows.length > evaluations.length,
    };
  }

  async get(ctx: RequestContext, request: EvaluationIdRequest): Promise<{ evaluation: ApiEvaluation }> {
    const { api } = await this.apiAccess.api(ctx, request.apiId, 'read');
    const row = await this.evaluations.findById(this.db.pool, api.id, request.evaluationId);
    if (!row) throw notFound('Evaluation');
    return { evaluation: toEvaluation(withinReply(row)) };
  }

  /**
   * The document an evaluation read, with its text, for the findings' lines: a pushed document still
   * kept (the API keeps its newest ones); an evaluation of the source on the host has none here (404).
   */
  async document(ctx: RequestContext, request: EvaluationIdRequest): Promise<{ document: ApiDocumentText }> {
    const { api } = await this.apiAccess.api(ctx, request.apiId, 'read');
    const evaluation = await this.evaluations.findById(this.db.pool, api.id, request.evaluationId);
    if (!evaluation) throw notFound('Evaluation');
    const kept = await this.apis.documentWithDigest(this.db.pool, api.id, evaluation.digest);
    if (!kept) throw notFound('Evaluated document');
    return { document: { ...toApiDocument(kept), content: kept.content } };
  }

  /** What changed between two evaluations of the API: the findings introduced and resolved, the conformance's move. */
  async diff(ctx: RequestContext, request: EvaluationDiffRequest): Promise<EvaluationDiff> {
    const { api } = await this.apiAccess.api(ctx, request.apiId, 'read');
    const [to, from] = await Promise.all([
      this.evaluations.findById(this.db.pool, api.id, request.evaluationId),
      this.evaluations.findById(this.db.pool, api.id, request.against),
    ]);
    if (!to || !from) throw notFound('Evaluation');
    const conformance = (row: typeof to) => (row.conformance === null ? null : Number(row.conformance));
    const before = conformance(from);
    const after = conformance(to);
    return {
      from: toSummary(from),
      to: toSummary(to),
      conformance_delta: before === null || after === null ? null : Math.round((after - before) * 10) / 10,
      ...diffFindings(withinReply(from).findings ?? [], withinReply(to).findings ?? []),
    };
  }

  private async withinHourlyLimit(workspaceId: string): Promise<void> {
    const { count, oldest } = await this.evaluations.countLastHour(this.db.pool, workspaceId);
    if (count < L.evaluationsPerHour) return;
    const retryAfter = oldest
      ? Math.max(1, Math.ceil((oldest.getTime() + 3_600_000 - Date.now()) / 1000))
      : 60;
    throw new DomainError(
      'RATE_LIMITED',
      `The workspace recorded ${L.evaluationsPerHour} evaluations in the last hour`,
      undefined,
      retryAfter,
    );
  }

  /**
   * The rulesets the workspace's profiles apply to the API, each once (the first profile's choice), each
   * visible to the caller, a pinned one at its version (an older reviewed one too); 422 when none applies,
   * 409 for a pin that is not a reviewed version kept.
   */
  private async followed(ctx: RequestContext, api: GovernedApiRow): Promise<Followed[]> {
    const profiles = await this.profiles.applyingTo(this.db.pool, api.workspace_id, api);
    const follows = new Map<string, string | null>();
    for (const profile of profiles)
      for (const follow of profile.rulesets)
        if (!follows.has(follow.ruleset_id)) follows.set(follow.ruleset_id, follow.version);
    if (follows.size === 0)
      throw rulesetsError(
        'RULESETS.NOT_GOVERNED',
        `No governance profile of the workspace applies to ${api.name}: add one for its tags or scope`,
      );
    if (follows.size > EVALUATION_LIMITS.rulesets.max)
      throw unprocessable(
        `The profiles apply ${follows.size} rulesets to ${api.name}; an evaluation runs at most ${EVALUATION_LIMITS.rulesets.max}`,
      );
    const followed: Followed[] = [];
    for (const [id, version] of follows) {
      const ruleset = await this.rulesets.visible(ctx, id);
      if (version === null) {
        followed.push({ ruleset, follows: 'latest', version: null });
        continue;
      }
      const pinned = await this.versions.find(this.db.pool, ruleset, version);
      if (!pinned)
        throw rulesetsError(
          'RULESETS.VERSION_UNAVAILABLE',
          `A profile pins ${ruleset.name} to ${version}, which is not a reviewed version of it (its current one is ${ruleset.pinned_commit ?? 'none'}): follow its latest or pin a reviewed one`,
        );
      followed.push({ ruleset, follows: 'pinned', version: pinned });
    }
    return followed;
  }

  /** What to evaluate: the document sent, else the API's source (at the commit its ref is at), else its newest document. */
  private async specification(api: GovernedApiRow, sent: PushedDocument | undefined): Promise<Specification> {
    if (sent)
      return {
        input: { content: sent.content, filename: sent.filename ?? 'api.yaml' },
        commit: sent.commit ?? null,
        ref: null,
      };
    if (api.source_url !== null && api.source_path !== null) {
      const commit = await this.commitOf(api.source_url, api.source_ref);
      return {
        input: { repoUrl: api.source_url, ref: commit ?? api.source_ref ?? undefined, path: api.source_path },
        commit,
        ref: api.source_ref,
      };
    }
    const newest = await this.apis.newestDocument(this.db.pool, api.id);
    if (!newest)
      throw rulesetsError(
        'RULESETS.NO_SPECIFICATION',
        `${api.name} has no source on the source host and no pushed document to evaluate`,
      );
    return {
      input: { content: newest.content, filename: newest.filename },
      commit: newest.commit,
      ref: null,
    };
  }

  /** The commit the API's ref is at now (null when the host cannot say: the evaluation reports why). */
  private async commitOf(repoUrl: string, ref: string | null): Promise<string | null> {
    try {
      const parsed = this.host.parseRepositoryUrl(repoUrl);
      const at = ref ?? parsed.ref ?? (await this.host.getRepository(parsed)).defaultBranch;
      return await this.host.resolveRef(parsed, at);
    } catch {
      return null;
    }
  }
}

/** What the workspace answers someone who may not evaluate there now (left it, or it is archived). */
const NO_LONGER = new Set(['NOT_FOUND', 'FORBIDDEN', 'WORKSPACES.ARCHIVED']);

/** A request of the service's own, made as `userId` (a re-evaluation on their behalf). */
function asUser(userId: string): RequestContext {
  return {
    requestId: `reevaluation-${randomUUID()}`,
    caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
  };
}

/** The version a ruleset's row names as its current one (none before its first pin: its source ref is read). */
function currentVersion(ruleset: RulesetRow): RulesetVersionAt | null {
  if (ruleset.pinned_commit === null) return null;
  return {
    commit: ruleset.pinned_commit,
    ruleset_path: ruleset.ruleset_path,
    ruleset_format: ruleset.ruleset_format,
  };
}

/** The bytes of the findings kept (an evaluation, and a diff of two, always fit one bus message). */
const FINDINGS_KEPT_BYTES = L.findingsKeptBytes;
const WAIVER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * An evaluation as sent: one kept before the findings were bounded in bytes may hold more than
 * `FINDINGS_KEPT_BYTES`; it is sent with those that fit, as cut.
 */
function withinReply(row: ApiEvaluationRow): ApiEvaluationRow {
  if (!row.findings) return row;
  let bytes = 2;
  const fit = row.findings.findIndex(
    (finding) => (bytes += jsonBytesUpperBound(finding) + 1) > FINDINGS_KEPT_BYTES,
  );
  if (fit < 0) return row;
  return { ...row, findings: row.findings.slice(0, fit), findings_truncated: true };
}

/**
 * Each ruleset's version and complete counts, and the findings kept (bounded over all rulesets, in count
 * and in bytes: `truncated` when cut). A cut keeps first one violation of each rule that has any (every
 * failing rule shows one, a ruleset's many long findings do not crowd out the next ruleset's), then the
 * others in the engine's order while they fit; the findings kept stay in that order.
 */
function kept(
  followed: Followed[],
  report: EvaluationReport,
): {
  rulesets: EvaluatedRulesetVersion[];
  findings: Array<Omit<KeptFinding, 'waiver_id'>>;
  truncated: boolean;
} {
  const all: Array<{ finding: Omit<KeptFinding, 'waiver_id'>; bytes: number }> = [];
  let truncated = false;
  const rulesets = followed.map(({ ruleset, follows, version }, i) => {
    const evaluation = report.evaluations[i];
    truncated ||= evaluation.truncated;
    for (const result of evaluation.results) {
      const finding = {
        ruleset_id: ruleset.id,
        rule: result.rule,
        severity: result.severity,
        message: result.message,
        file: result.file,
        line: result.line,
        column: result.column,
        pointer: result.pointer,
      };
      all.push({ finding, bytes: jsonBytesUpperBound({ ...finding, waiver_id: WAIVER_ID }) + 1 });
    }
    return {
      ruleset_id: ruleset.id,
      name: ruleset.name,
      version: version?.commit ?? ruleset.pinned_commit,
      follows,
      applicable_rules: (version?.rule_names ?? ruleset.rule_names).length,
      failed_rules: 0,
      counts: evaluation.counts,
    };
  });
  const keep = new Set<number>();
  let bytes = 2;
  const take = (index: number): void => {
    if (keep.size >= L.findingsKept || bytes + all[index].bytes > FINDINGS_KEPT_BYTES) return;
    keep.add(index);
    bytes += all[index].bytes;
  };
  const failing = new Set<string>();
  all.forEach(({ finding }, index) => {
    const rule = JSON.stringify([finding.ruleset_id, finding.rule]);
    if (finding.severity !== 'violation' || failing.has(rule)) return;
    failing.add(rule);
    take(index);
  });
  all.forEach((_, index) => keep.has(index) || take(index));
  return {
    rulesets,
    findings: all.filter((_, index) => keep.has(index)).map(({ finding }) => finding),
    truncated: truncated || keep.size < all.length,
  };
}
