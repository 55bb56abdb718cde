import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type ApiDashboard,
  type ApiDocument,
  type DocumentOnBus,
  EVALUATION_LIMITS,
  GOVERNANCE_LIMITS as L,
  type GovernanceSettings,
  type GovernedApi,
  type ListApisRequest,
  type PushDocumentRequest,
  type RegisterApiRequest,
  type RequestContext,
  type UpdateApiRequest,
  type UpdateSettingsRequest,
} from '@pc/contracts';
import { Database, type Executor, fitToBudget, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { EvaluationService, SpecificationUploads } from '../evaluation';
import { GovernanceAccess } from './governance-access';
import { GovernedApiAccess } from './governed-api-access';
import { toApiDocument, toGovernedApi } from './governed-api.row';
import { type ApiChanges, GovernedApisRepository } from './governed-apis.repository';

/**
 * A workspace's governed APIs: registered by any member with a source on the source host and/or
 * documents pushed (from CI), tags and a scope; deleted by the owner and admins; listed at-risk first.
 * The workspace's limits (APIs, documents) are counted under a lock on the workspace, so that two
 * registrations at once never pass the limit together. A document no engine reads (it does not parse, or
 * is no API description) is refused (422 with the parser's findings) before anything is written: it is
 * parsed in the evaluator's threads, before the transaction, which holds no lock while it waits.
 */
@Injectable()
export class GovernedApisService {
  constructor(
    private readonly db: Database,
    private readonly apis: GovernedApisRepository,
    private readonly access: GovernanceAccess,
    private readonly apiAccess: GovernedApiAccess,
    private readonly uploads: SpecificationUploads,
    private readonly engine: EvaluationService,
  ) {}

  async register(ctx: RequestContext, request: RegisterApiRequest): Promise<{ api: GovernedApi }> {
    // Its upload first: a registration refused below leaves none of its parts behind.
    const document = request.document && (await this.documentOf(requireUser(ctx).userId, request.document));
    const grant = await this.access.check(ctx, request.workspaceId, 'write');
    if (document) await this.engine.parseDocument(grant.userId, document);
    const name = request.name.trim();
    const id = await this.db.transaction(async (tx) => {
      await this.apis.lockWorkspace(tx, request.workspaceId);
      if ((await this.apis.countInWorkspace(tx, request.workspaceId)) >= L.apisPerWorkspace)
        throw rulesetsError(
          'RULESETS.GOVERNANCE_LIMIT',
          `A workspace governs at most ${L.apisPerWorkspace} APIs`,
        );
      if (await this.apis.nameTaken(tx, request.workspaceId, name))
        throw rulesetsError(
          'RULESETS.GOVERNANCE_NAME_TAKEN',
          `The workspace has an API named ${name} already`,
        );
      const tags = request.tags ?? [];
      const scope = request.scope ?? null;
      await this.withinEvaluation(tx, request.workspaceId, name, { tags, scope }, 0);
      const apiId = await this.apis.insert(tx, {
        workspaceId: request.workspaceId,
        name,
        description: request.description || null,
        source: request.source
          ? { repoUrl: request.source.repoUrl, ref: request.source.ref ?? null, path: request.source.path }
          : null,
        tags,
        scope,
        createdBy: grant.userId,
      });
      if (document) await this.addDocument(tx, apiId, request.workspaceId, grant.userId, document);
      return apiId;
    });
    return this.present(id, request.workspaceId);
  }

  async list(ctx: RequestContext, request: ListApisRequest): Promise<ApiDashboard> {
    await this.access.check(ctx, request.workspaceId, 'read');
    const threshold = await this.apis.threshold(this.db.pool, request.workspaceId);
    const limit = request.limit ?? L.limit.default;
    const rows = await this.apis.page(this.db.pool, request.workspaceId, {
      threshold,
      atRisk: request.atRisk ?? false,
      tag: request.tag ?? null,
      limit: limit + 1,
      offset: request.offset ?? L.offset.default,
    });
    const apis = fitToBudget(rows.slice(0, limit).map((row) => toGovernedApi(row, threshold)));
    return {
      workspace_id: request.workspaceId,
      threshold,
      totals: await this.apis.totals(this.db.pool, request.workspaceId, threshold),
      apis,
      has_more: rows.length > apis.length,
    };
  }

  async get(ctx: RequestContext, id: string): Promise<{ api: GovernedApi }> {
    const { api } = await this.apiAccess.api(ctx, id, 'read');
    return { api: toGovernedApi(api, await this.apis.threshold(this.db.pool, api.workspace_id)) };
  }

  async update(ctx: RequestContext, request: UpdateApiRequest): Promise<{ api: GovernedApi }> {
    const workspaceId = await this.db.transaction(async (tx) => {
      const { api } = await this.apiAccess.api(ctx, request.id, 'write', tx, true);
      const changes: ApiChanges = {};
      if (request.name !== undefined) {
        const name = request.name.trim();
        if (await this.apis.nameTaken(tx, api.workspace_id, name, api.id))
          throw rulesetsError(
            'RULESETS.GOVERNANCE_NAME_TAKEN',
            `The workspace has an API named ${name} already`,
          );
        changes.name = name;
      }
      if (request.description !== undefined) changes.description = request.description || null;
      if (request.source !== undefined)
        changes.source = request.source
          ? { repoUrl: request.source.repoUrl, ref: request.source.ref ?? null, path: request.source.path }
          : null;
      if (request.tags !== undefined) changes.tags = request.tags;
      if (request.scope !== undefined) changes.scope = request.scope || null;
      if (changes.tags !== undefined || changes.scope !== undefined) {
        // Under the lock the profiles' check takes, so that neither passes the limit with the other.
        await this.apis.lockWorkspace(tx, api.workspace_id);
        const before = await this.apis.rulesetsApplied(tx, api.workspace_id, api);
        await this.withinEvaluation(
          tx,
          api.workspace_id,
          changes.name ?? api.name,
          { tags: changes.tags ?? api.tags, scope: changes.scope !== undefined ? changes.scope : api.scope },
          before,
        );
      }
      await this.apis.change(tx, api.id, changes);
      return api.workspace_id;
    });
    return this.present(request.id, workspaceId);
  }

  /** The owner and admins delete an API, with its documents, evaluations and waivers. */
  async delete(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    await this.db.transaction(async (tx) => {
      const { api } = await this.apiAccess.api(ctx, id, 'manage', tx, true);
      await this.apis.delete(tx, api.id);
    });
    return { ok: true };
  }

  async pushDocument(ctx: RequestContext, request: PushDocumentRequest): Promise<{ document: ApiDocument }> {
    // Its upload first: a push refused below leaves none of its parts behind.
    const document = await this.documentOf(requireUser(ctx).userId, request);
    const { api, grant } = await this.apiAccess.api(ctx, request.apiId, 'write');
    await this.engine.parseDocument(grant.userId, document);
    const pushed = await this.db.transaction(async (tx) => {
      // Deleted while its document was parsed: a 404, as before it.
      if (!(await this.apis.findById(tx, api.id, true))) throw notFound('API');
      return this.addDocument(tx, api.id, api.workspace_id, grant.userId, document);
    });
    return { document: pushed };
  }

  async getSettings(ctx: RequestContext, workspaceId: string): Promise<{ settings: GovernanceSettings }> {
    await this.access.check(ctx, workspaceId, 'read');
    const threshold = await this.apis.threshold(this.db.pool, workspaceId);
    return { settings: { workspace_id: workspaceId, at_risk_threshold: threshold } };
  }

  async updateSettings(
    ctx: RequestContext,
    request: UpdateSettingsRequest,
  ): Promise<{ settings: GovernanceSettings }> {
    await this.access.check(ctx, request.workspaceId, 'manage');
    await this.apis.setThreshold(this.db.pool, request.workspaceId, request.atRiskThreshold);
    return { settings: { workspace_id: request.workspaceId, at_risk_threshold: request.atRiskThreshold } };
  }

  /**
   * A pushed document, counted against the workspace's limit (the API keeps its newest ones only: a push
   * to an API keeping as many as it may replaces its oldest, so the workspace keeps no more and it is taken
   * at the limit too). In the caller's transaction: `api-evaluations` keeps the document it evaluated this
   * way, in the evaluation's.
   */
  async addDocument(
    tx: Executor,
    apiId: string,
    workspaceId: string,
    userId: string,
    document: { content: string; filename?: string; commit?: string },
  ): Promise<ApiDocument> {
    await this.apis.lockWorkspace(tx, workspaceId);
    const replacesOldest = (await this.apis.countDocumentsOfApi(tx, apiId)) >= L.documentsPerApi;
    if (
      !replacesOldest &&
      (await this.apis.countDocumentsInWorkspace(tx, workspaceId)) >= L.documentsPerWorkspace
    )
      throw rulesetsError(
        'RULESETS.GOVERNANCE_LIMIT',
        `A workspace keeps at most ${L.documentsPerWorkspace} documents: delete APIs it no longer governs`,
      );
    const row = await this.apis.insertDocument(tx, {
      apiId,
      workspaceId,
      filename: document.filename ?? 'api.yaml',
      content: document.content,
      digest: createHash('sha256').update(document.content).digest('hex'),
      commit: document.commit ?? null,
      bytes: Buffer.byteLength(document.content),
      pushedBy: userId,
    });
    return toApiDocument(row);
  }

  /**
   * The document's text: inline, or the upload of `userId` it names (sent ahead in parts by the gateway).
   * For a pushed or registered document, and for one sent with an evaluation (`ApiEvaluationsService`).
   */
  async documentOf(
    userId: string,
    document: DocumentOnBus,
  ): Promise<{ content: string; filename?: string; commit?: string }> {
    const { upload, content, ...rest } = document;
    return { ...rest, content: upload ? await this.uploads.take(userId, upload) : content! };
  }

  /**
   * The workspace's profiles together apply at most the rulesets an evaluation runs
   * (`EVALUATION_LIMITS.rulesets.max`) to the API with these tags and scope, as `ProfilesService` holds
   * them to: registering an API, or changing its tags or scope, past it is a 409 naming it (else its every
   * evaluation would be a 422). An API already past it (`before`: profiles written before that check) may
   * stay so, but gains no ruleset.
   */
  private async withinEvaluation(
    tx: Executor,
    workspaceId: string,
    name: string,
    api: { tags: string[]; scope: string | null },
    before: number,
  ): Promise<void> {
    const max = EVALUATION_LIMITS.rulesets.max;
    const rulesets = await this.apis.rulesetsApplied(tx, workspaceId, api);
    if (rulesets > max && rulesets > before)
      throw rulesetsError(
        'RULESETS.GOVERNANCE_LIMIT',
        `The profiles would apply ${rulesets} rulesets to ${name}; an evaluation runs at most ${max}`,
        [{ field: 'tags', message: `would apply more than ${max} rulesets to ${name}` }],
      );
  }

  private async present(id: string, workspaceId: string): Promise<{ api: GovernedApi }> {
    const row = await this.apis.findById(this.db.pool, id);
    return { api: toGovernedApi(row!, await this.apis.threshold(this.db.pool, workspaceId)) };
  }
}
