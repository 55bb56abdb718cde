import { Injectable } from '@nestjs/common';
import type { GovernanceProfile, RulesetFollow } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { workspaceRows } from '../governed-apis';

/** A row of rulesets.governance_profiles: the contract's profile, with its dates as dates. */
export interface ProfileRow extends Omit<GovernanceProfile, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, workspace_id, name, rulesets, match_tags, match_scopes, created_by, created_at, updated_at';

/** Every read selects `COLUMNS` alone: the row is the profile but for its dates. */
export function toProfile(row: ProfileRow): GovernanceProfile {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export interface ProfileFields {
  name: string;
  rulesets: RulesetFollow[];
  matchTags: string[];
  matchScopes: string[];
}

/** Governance profiles (rulesets schema). Executor first. */
@Injectable()
export class ProfilesRepository {
  async findById(db: Executor, id: string, lock = false): Promise<ProfileRow | null> {
    const rows = await db.query<ProfileRow[]>(
      `SELECT ${COLUMNS} FROM rulesets.governance_profiles WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async listInWorkspace(db: Executor, workspaceId: string, limit: number): Promise<ProfileRow[]> {
    return db.query<ProfileRow[]>(
      `SELECT ${COLUMNS} FROM rulesets.governance_profiles WHERE workspace_id = $1 ORDER BY lower(name), id LIMIT $2`,
      [workspaceId, limit],
    );
  }

  /** The profiles of the workspace that apply to an API with these tags and scope. */
  async applyingTo(
    db: Executor,
    workspaceId: string,
    api: { tags: string[]; scope: string | null },
  ): Promise<ProfileRow[]> {
    return db.query<ProfileRow[]>(
      `SELECT ${COLUMNS} FROM rulesets.governance_profiles
        WHERE workspace_id = $1
          AND ((cardinality(match_tags) = 0 AND cardinality(match_scopes) = 0)
               OR match_tags && $2::text[] OR ($3::text IS NOT NULL AND $3 = ANY (match_scopes)))
        ORDER BY created_at, id`,
      [workspaceId, api.tags, api.scope],
    );
  }

  /** Workspaces with a profile following the ruleset's latest version. */
  async workspacesFollowing(db: Executor, rulesetId: string): Promise<string[]> {
    const rows = await db.query<Array<{ workspace_id: string }>>(
      `SELECT DISTINCT workspace_id FROM rulesets.governance_profiles
        WHERE rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', $1::text, 'version', null))
        ORDER BY workspace_id`,
      [rulesetId],
    );
    return rows.map((r) => r.workspace_id);
  }

  /** The workspace's APIs that a profile following the ruleset's latest version applies to, by id after `after`. */
  async apisFollowing(
    db: Executor,
    workspaceId: string,
    rulesetId: string,
    after: string | null,
    limit: number,
  ): Promise<string[]> {
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT a.id FROM rulesets.governed_apis a
        WHERE a.workspace_id = $1 AND ($3::uuid IS NULL OR a.id > $3)
          AND EXISTS (
            SELECT 1 FROM rulesets.governance_profiles p
             WHERE p.workspace_id = a.workspace_id
               AND p.rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', $2::text, 'version', null))
               AND ((cardinality(p.match_tags) = 0 AND cardinality(p.match_scopes) = 0)
                    OR p.match_tags && a.tags OR a.scope = ANY (p.match_scopes)))
        ORDER BY a.id LIMIT $4`,
      [workspaceId, rulesetId, after, limit],
    );
    return rows.map((r) => r.id);
  }

  /** The governed APIs a profile applies the ruleset to, in all workspaces; those following its latest. */
  async countFollowers(
    db: Executor,
    rulesetId: string,
  ): Promise<{ apis: number; following_latest: number; workspaces: number }> {
    const [row] = await db.query<Array<{ apis: number; following_latest: number; workspaces: number }>>(
      `WITH following AS (
         SELECT a.id, a.workspace_id,
                bool_or(p.rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', $1::text, 'version', null)))
                  AS latest
           FROM rulesets.governance_profiles p
           JOIN rulesets.governed_apis a ON a.workspace_id = p.workspace_id
            AND ((cardinality(p.match_tags) = 0 AND cardinality(p.match_scopes) = 0)
                 OR p.match_tags && a.tags OR a.scope = ANY (p.match_scopes))
          WHERE p.rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', $1::text))
          GROUP BY a.id, a.workspace_id)
       SELECT count(*)::int AS apis, count(*) FILTER (WHERE latest)::int AS following_latest,
              count(DISTINCT workspace_id)::int AS workspaces
         FROM following`,
      [rulesetId],
    );
    return row;
  }

  /**
   * The workspace's API to which the profiles would apply the most rulesets (each counted once) were
   * `fields` a profile of it (in place of profile `replacing`), when that is more than `max` and more than
   * they apply to it now; null when none. Only the APIs `fields` applies to can gain a ruleset.
   */
  async overfollowed(
    db: Executor,
    workspaceId: string,
    fields: ProfileFields,
    replacing: string | null,
    max: number,
  ): Promise<{ name: string; rulesets: number } | null> {
    const rows = await db.query<Array<{ name: string; rulesets: number }>>(
      `WITH candidate AS (
         SELECT NULL::uuid AS id, $2::jsonb AS rulesets, $3::text[] AS match_tags, $4::text[] AS match_scopes),
       current AS (
         SELECT id, rulesets, match_tags, match_scopes FROM rulesets.governance_profiles WHERE workspace_id = $1),
       apis AS (
         SELECT a.id, a.name, a.tags, a.scope FROM rulesets.governed_apis a, candidate c
          WHERE a.workspace_id = $1
            AND ((cardinality(c.match_tags) = 0 AND cardinality(c.match_scopes) = 0)
                 OR c.match_tags && a.tags OR a.scope = ANY (c.match_scopes))),
       counted AS (
         SELECT a.id, a.name,
                count(DISTINCT r->>'ruleset_id') FILTER (WHERE p.id IS NOT NULL) AS before,
                count(DISTINCT r->>'ruleset_id') FILTER (WHERE p.id IS NULL OR p.id IS DISTINCT FROM $5::uuid) AS after
           FROM apis a
           JOIN (SELECT * FROM current UNION ALL SELECT * FROM candidate) p
             ON (cardinality(p.match_tags) = 0 AND cardinality(p.match_scopes) = 0)
                OR p.match_tags && a.tags OR a.scope = ANY (p.match_scopes)
           CROSS JOIN LATERAL jsonb_array_elements(p.rulesets) r
          GROUP BY a.id, a.name)
       SELECT name, after::int AS rulesets FROM counted
        WHERE after > $6 AND after > before
        ORDER BY after DESC, lower(name), id LIMIT 1`,
      [workspaceId, JSON.stringify(fields.rulesets), fields.matchTags, fields.matchScopes, replacing, max],
    );
    return rows[0] ?? null;
  }

  countInWorkspace(db: Executor, workspaceId: string): Promise<number> {
    return workspaceRows.count(db, 'governance_profiles', workspaceId);
  }

  nameTaken(db: Executor, workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
    return workspaceRows.nameTaken(db, 'governance_profiles', workspaceId, name, exceptId);
  }

  async insert(
    db: Executor,
    workspaceId: string,
    createdBy: string,
    fields: ProfileFields,
  ): Promise<ProfileRow> {
    const [row] = await db.query<ProfileRow[]>(
      `INSERT INTO rulesets.governance_profiles (workspace_id, name, rulesets, match_tags, match_scopes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        workspaceId,
        fields.name,
        JSON.stringify(fields.rulesets),
        fields.matchTags,
        fields.matchScopes,
        createdBy,
      ],
    );
    return row;
  }

  async update(db: Executor, id: string, fields: ProfileFields): Promise<ProfileRow> {
    const [row] = await db.query<ProfileRow[]>(
      `WITH changed AS (
         UPDATE rulesets.governance_profiles SET name = $2, rulesets = $3, match_tags = $4, match_scopes = $5,
                updated_at = now() WHERE id = $1 RETURNING ${COLUMNS})
       SELECT * FROM changed`,
      [id, fields.name, JSON.stringify(fields.rulesets), fields.matchTags, fields.matchScopes],
    );
    return row;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM rulesets.governance_profiles WHERE id = $1`, [id]);
  }
}
