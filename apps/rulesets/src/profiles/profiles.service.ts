import { Injectable } from '@nestjs/common';
import {
  type CreateGovernanceProfileRequest,
  EVALUATION_LIMITS,
  GOVERNANCE_LIMITS as L,
  type GovernanceProfile,
  type ProfileInput,
  type RequestContext,
  type RulesetFollow,
  type RulesetFollowers,
  type UpdateGovernanceProfileRequest,
} from '@pc/contracts';
import { Database, DomainError, type Executor, notFound } from '@pc/platform';
import { rulesetsError } from '../common/rulesets.errors';
import { type GovernanceAction, GovernanceAccess, GovernedApisRepository } from '../governed-apis';
import { RulesetAccess } from '../rulesets';
import { type ProfileFields, type ProfileRow, ProfilesRepository, toProfile } from './profiles.repository';
import { RulesetVersions } from './ruleset-versions';

/**
 * A workspace's governance profiles: which rulesets (each pinned to a reviewed version, or following its
 * latest) govern which of its APIs (by tag or scope; neither: all). Members read them; the owner and admins
 * write them. Each ruleset must be published (reviewed), and a pinned version one of its reviewed commits
 * (the current one, or one kept since: it stays evaluable after the ruleset publishes again).
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly db: Database,
    private readonly profiles: ProfilesRepository,
    private readonly apis: GovernedApisRepository,
    private readonly access: GovernanceAccess,
    private readonly rulesets: RulesetAccess,
    private readonly versions: RulesetVersions,
  ) {}

  async list(ctx: RequestContext, workspaceId: string): Promise<{ profiles: GovernanceProfile[] }> {
    await this.access.check(ctx, workspaceId, 'read');
    const rows = await this.profiles.listInWorkspace(this.db.pool, workspaceId, L.profilesPerWorkspace);
    return { profiles: rows.map(toProfile) };
  }

  async create(
    ctx: RequestContext,
    request: CreateGovernanceProfileRequest,
  ): Promise<{ profile: GovernanceProfile }> {
    const grant = await this.access.check(ctx, request.workspaceId, 'manage');
    const fields = await this.fields(ctx, request);
    const row = await this.db.transaction(async (tx) => {
      await this.apis.lockWorkspace(tx, request.workspaceId);
      if ((await this.profiles.countInWorkspace(tx, request.workspaceId)) >= L.profilesPerWorkspace)
        throw rulesetsError(
          'RULESETS.GOVERNANCE_LIMIT',
          `A workspace has at most ${L.profilesPerWorkspace} governance profiles`,
        );
      await this.nameFree(tx, request.workspaceId, fields.name);
      await this.withinEvaluation(tx, request.workspaceId, fields, null);
      return this.profiles.insert(tx, request.workspaceId, grant.userId, fields);
    });
    return { profile: toProfile(row) };
  }

  async update(
    ctx: RequestContext,
    request: UpdateGovernanceProfileRequest,
  ): Promise<{ profile: GovernanceProfile }> {
    const current = await this.managed(ctx, request.id);
    const fields = await this.fields(ctx, {
      name: request.name ?? current.name,
      rulesets:
        request.rulesets ?? current.rulesets.map((r) => ({ rulesetId: r.ruleset_id, version: r.version })),
      matchTags: request.matchTags ?? current.match_tags,
      matchScopes: request.matchScopes ?? current.match_scopes,
    });
    const row = await this.db.transaction(async (tx) => {
      await this.apis.lockWorkspace(tx, current.workspace_id);
      await this.nameFree(tx, current.workspace_id, fields.name, current.id);
      await this.withinEvaluation(tx, current.workspace_id, fields, current.id);
      return this.profiles.update(tx, current.id, fields);
    });
    return { profile: toProfile(row) };
  }

  /** One profile, for a member of its workspace or a platform administrator (404 to anyone else). */
  async get(ctx: RequestContext, id: string): Promise<{ profile: GovernanceProfile }> {
    return { profile: toProfile(await this.allowed(ctx, id, 'read')) };
  }

  async delete(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    const current = await this.managed(ctx, id);
    await this.profiles.delete(this.db.pool, current.id);
    return { ok: true };
  }

  /** How many governed APIs the ruleset governs, in every workspace (counts only: no workspace is named). */
  async followers(ctx: RequestContext, rulesetId: string): Promise<RulesetFollowers> {
    const ruleset = await this.rulesets.visible(ctx, rulesetId);
    return { ruleset_id: ruleset.id, ...(await this.profiles.countFollowers(this.db.pool, ruleset.id)) };
  }

  /** A profile of a workspace where the caller is an owner or admin (404 to strangers). */
  private managed(ctx: RequestContext, id: string): Promise<ProfileRow> {
    return this.allowed(ctx, id, 'manage');
  }

  /** A profile of a workspace where the caller may do `action` (404 to strangers). */
  private async allowed(ctx: RequestContext, id: string, action: GovernanceAction): Promise<ProfileRow> {
    const row = await this.profiles.findById(this.db.pool, id);
    if (!row) throw notFound('Governance profile');
    try {
      await this.access.check(ctx, row.workspace_id, action);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw notFound('Governance profile');
      throw error;
    }
    return row;
  }

  /** The stored fields, each ruleset visible to the caller and a pinned version one of its reviewed commits. */
  private async fields(ctx: RequestContext, input: ProfileInput): Promise<ProfileFields> {
    const rulesets: RulesetFollow[] = [];
    for (const [i, follow] of input.rulesets.entries()) {
      const row = await this.rulesets.visible(ctx, follow.rulesetId);
      // Only a reviewed ruleset governs a workspace (its owner's draft would be a stranger's 404 to the others).
      if (row.published_at === null)
        throw rulesetsError(
          'RULESETS.NOT_PUBLISHED',
          `${row.name} is not published yet: only a reviewed ruleset governs APIs`,
          [{ field: `rulesets.${i}.rulesetId`, message: 'is not a published ruleset' }],
        );
      const version = follow.version ?? null;
      if (version !== null && !(await this.versions.find(this.db.pool, row, version)))
        throw rulesetsError(
          'RULESETS.VERSION_UNAVAILABLE',
          `${version} was never a reviewed version of ${row.name} (its current one is ${row.pinned_commit ?? '(none yet)'})`,
          [{ field: `rulesets.${i}.version`, message: 'is not a reviewed version of the ruleset' }],
        );
      rulesets.push({ ruleset_id: row.id, version });
    }
    return {
      name: input.name.trim(),
      rulesets,
      matchTags: input.matchTags ?? [],
      matchScopes: input.matchScopes ?? [],
    };
  }

  /**
   * The profiles together apply at most the rulesets an evaluation runs (`EVALUATION_LIMITS.rulesets.max`)
   * to each API of the workspace: a profile that would push one past it is a 409 naming the API (else its
   * every evaluation would be a 422 and re-evaluations would skip it). An API already past it (profiles
   * written before this check) may stay so, but gains no ruleset.
   */
  private async withinEvaluation(
    db: Executor,
    workspaceId: string,
    fields: ProfileFields,
    replacing: string | null,
  ): Promise<void> {
    const max = EVALUATION_LIMITS.rulesets.max;
    const over = await this.profiles.overfollowed(db, workspaceId, fields, replacing, max);
    if (over)
      throw rulesetsError(
        'RULESETS.GOVERNANCE_LIMIT',
        `The profiles would apply ${over.rulesets} rulesets to ${over.name}; an evaluation runs at most ${max}`,
        [{ field: 'rulesets', message: `would apply more than ${max} rulesets to ${over.name}` }],
      );
  }

  private async nameFree(db: Executor, workspaceId: string, name: string, exceptId?: string): Promise<void> {
    if (await this.profiles.nameTaken(db, workspaceId, name, exceptId))
      throw rulesetsError(
        'RULESETS.GOVERNANCE_NAME_TAKEN',
        `The workspace has a profile named ${name} already`,
      );
  }
}
