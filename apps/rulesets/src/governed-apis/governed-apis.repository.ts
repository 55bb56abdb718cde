import { Injectable } from '@nestjs/common';
import { GOVERNANCE_LIMITS } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { workspaceRows } from './workspace-rows';
import type { ApiDocumentRow, GovernedApiRow } from './governed-api.row';

const API_COLUMNS = `a.id, a.workspace_id, a.name, a.description, a.source_url, a.source_ref, a.source_path, a.tags,
  a.scope, a.created_by, a.created_at, a.updated_at, a.last_evaluation_id, a.last_evaluated_at, a.conformance,
  a.previous_conformance,
  (SELECT count(*)::int FROM rulesets.api_documents d WHERE d.api_id = a.id) AS documents`;
/** The workspace's page (parameters: workspace, at-risk only, threshold, tag, limit, offset); planned in governance.plans. */
export const API_PAGE_SQL = `SELECT ${API_COLUMNS} FROM rulesets.governed_apis a
        WHERE a.workspace_id = $1 AND ($2::boolean IS FALSE OR a.conformance < $3)
          AND ($4::text IS NULL OR $4 = ANY (a.tags))
        ORDER BY a.conformance ASC NULLS LAST, a.id
        LIMIT $5 OFFSET $6`;

const DOCUMENT_COLUMNS = 'id, api_id, filename, digest, commit, bytes, pushed_by, pushed_at';

export interface NewApi {
  workspaceId: string;
  name: string;
  description: string | null;
  source: { repoUrl: string; ref: string | null; path: string } | null;
  tags: string[];
  scope: string | null;
  createdBy: string;
}

export type ApiChanges = Partial<{
  name: string;
  description: string | null;
  source: { repoUrl: string; ref: string | null; path: string } | null;
  tags: string[];
  scope: string | null;
}>;

export interface NewDocument {
  apiId: string;
  workspaceId: string;
  filename: string;
  content: string;
  digest: string;
  commit: string | null;
  bytes: number;
  pushedBy: string;
}

/** Governed APIs, their pushed documents and the workspace's threshold (rulesets schema). Executor first. */
@Injectable()
export class GovernedApisRepository {
  async findById(db: Executor, id: string, lock = false): Promise<GovernedApiRow | null> {
    const rows = await db.query<GovernedApiRow[]>(
      `SELECT ${API_COLUMNS} FROM rulesets.governed_apis a WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Serialises the workspace's counted writes (APIs, profiles, documents) in this transaction. */
  async lockWorkspace(db: Executor, workspaceId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('governance:' || $1, 0))`, [workspaceId]);
  }

  /**
   * How many rulesets (each counted once) the workspace's governance profiles apply to an API with these
   * tags and scope: the profiles' match of `ProfilesRepository.applyingTo`, counted as an evaluation does.
   */
  async rulesetsApplied(
    db: Executor,
    workspaceId: string,
    api: { tags: string[]; scope: string | null },
  ): Promise<number> {
    const [row] = await db.query<Array<{ rulesets: number }>>(
      `SELECT count(DISTINCT r->>'ruleset_id')::int AS rulesets
         FROM rulesets.governance_profiles p CROSS JOIN LATERAL jsonb_array_elements(p.rulesets) r
        WHERE p.workspace_id = $1
          AND ((cardinality(p.match_tags) = 0 AND cardinality(p.match_scopes) = 0)
               OR p.match_tags && $2::text[] OR ($3::text IS NOT NULL AND $3 = ANY (p.match_scopes)))`,
      [workspaceId, api.tags, api.scope],
    );
    return row.rulesets;
  }

  countInWorkspace(db: Executor, workspaceId: string): Promise<number> {
    return workspaceRows.count(db, 'governed_apis', workspaceId);
  }

  nameTaken(db: Executor, workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
    return workspaceRows.nameTaken(db, 'governed_apis', workspaceId, name, exceptId);
  }

  async insert(db: Executor, api: NewApi): Promise<string> {
    const [row] = await db.query<Array<{ id: string }>>(
      `INSERT INTO rulesets.governed_apis
         (workspace_id, name, description, source_url, source_ref, source_path, tags, scope, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        api.workspaceId,
        api.name,
        api.description,
        api.source?.repoUrl ?? null,
        api.source?.ref ?? null,
        api.source?.path ?? null,
        api.tags,
        api.scope,
        api.createdBy,
      ],
    );
    return row.id;
  }

  async change(db: Executor, id: string, changes: ApiChanges): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (changes.name !== undefined) set('name', changes.name);
    if (changes.description !== undefined) set('description', changes.description);
    if (changes.source !== undefined) {
      set('source_url', changes.source?.repoUrl ?? null);
      set('source_ref', changes.source?.ref ?? null);
      set('source_path', changes.source?.path ?? null);
    }
    if (changes.tags !== undefined) set('tags', changes.tags);
    if (changes.scope !== undefined) set('scope', changes.scope);
    await db.query(
      `UPDATE rulesets.governed_apis SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`,
      values,
    );
  }

  /** Workspaces with APIs on the source host (the ref check's jobs). */
  async workspacesWithSources(db: Executor): Promise<string[]> {
    const rows = await db.query<Array<{ workspace_id: string }>>(
      `SELECT DISTINCT workspace_id FROM rulesets.governed_apis WHERE source_url IS NOT NULL ORDER BY workspace_id`,
    );
    return rows.map((r) => r.workspace_id);
  }

  /** The workspace's APIs on the source host, by id after `after`. */
  async sourcedIn(db: Executor, workspaceId: string, after: string | null, limit: number): Promise<string[]> {
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM rulesets.governed_apis
        WHERE workspace_id = $1 AND source_url IS NOT NULL AND ($2::uuid IS NULL OR id > $2)
        ORDER BY id LIMIT $3`,
      [workspaceId, after, limit],
    );
    return rows.map((r) => r.id);
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM rulesets.governed_apis WHERE id = $1`, [id]);
  }

  /**
   * The workspace's page: at-risk APIs first (lowest conformance first), then the rest by conformance,
   * never-evaluated ones last; one page.
   */
  async page(
    db: Executor,
    workspaceId: string,
    filter: { threshold: number; atRisk: boolean; tag: string | null; limit: number; offset: number },
  ): Promise<GovernedApiRow[]> {
    return db.query<GovernedApiRow[]>(API_PAGE_SQL, [
      workspaceId,
      filter.atRisk,
      filter.threshold,
      filter.tag,
      filter.limit,
      filter.offset,
    ]);
  }

  async totals(
    db: Executor,
    workspaceId: string,
    threshold: number,
  ): Promise<{ apis: number; evaluated: number; at_risk: number }> {
    const [row] = await db.query<Array<{ apis: number; evaluated: number; at_risk: number }>>(
      `SELECT count(*)::int AS apis, count(a.conformance)::int AS evaluated,
              count(*) FILTER (WHERE a.conformance < $2)::int AS at_risk
         FROM rulesets.governed_apis a WHERE a.workspace_id = $1`,
      [workspaceId, threshold],
    );
    return row;
  }

  async threshold(db: Executor, workspaceId: string): Promise<number> {
    const rows = await db.query<Array<{ at_risk_threshold: number }>>(
      `SELECT at_risk_threshold FROM rulesets.governance_settings WHERE workspace_id = $1`,
      [workspaceId],
    );
    return rows[0]?.at_risk_threshold ?? GOVERNANCE_LIMITS.threshold.default;
  }

  async setThreshold(db: Executor, workspaceId: string, threshold: number): Promise<void> {
    await db.query(
      `INSERT INTO rulesets.governance_settings (workspace_id, at_risk_threshold) VALUES ($1, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET at_risk_threshold = $2, updated_at = now()`,
      [workspaceId, threshold],
    );
  }

  async countDocumentsInWorkspace(db: Executor, workspaceId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM rulesets.api_documents WHERE workspace_id = $1`,
      [workspaceId],
    );
    return row.n;
  }

  async countDocumentsOfApi(db: Executor, apiId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM rulesets.api_documents WHERE api_id = $1`,
      [apiId],
    );
    return row.n;
  }

  /** Adds a document and drops the API's oldest beyond the number kept per API. */
  async insertDocument(db: Executor, document: NewDocument): Promise<ApiDocumentRow> {
    const [row] = await db.query<ApiDocumentRow[]>(
      `INSERT INTO rulesets.api_documents (api_id, workspace_id, filename, content, digest, commit, bytes, pushed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${DOCUMENT_COLUMNS}`,
      [
        document.apiId,
        document.workspaceId,
        document.filename,
        document.content,
        document.digest,
        document.commit,
        document.bytes,
        document.pushedBy,
      ],
    );
    await db.query(
      `DELETE FROM rulesets.api_documents WHERE api_id = $1 AND id NOT IN (
         SELECT id FROM rulesets.api_documents WHERE api_id = $1 ORDER BY pushed_at DESC, id LIMIT $2)`,
      [document.apiId, GOVERNANCE_LIMITS.documentsPerApi],
    );
    return row;
  }

  /**
   * The kept document an evaluation of a document read, with its content: the one whose specification
   * digest (evaluation/specification.reader.ts: sha256 of `name NUL content NUL main NUL name` for one
   * file) is `digest`; the newest if pushed twice.
   */
  async documentWithDigest(
    db: Executor,
    apiId: string,
    digest: string,
  ): Promise<(ApiDocumentRow & { content: string }) | null> {
    const rows = await db.query<Array<ApiDocumentRow & { content: string }>>(
      `SELECT ${DOCUMENT_COLUMNS}, content FROM rulesets.api_documents
        WHERE api_id = $1 AND encode(sha256(
          convert_to(filename, 'UTF8') || '\\x00'::bytea || convert_to(content, 'UTF8') ||
          '\\x006d61696e00'::bytea || convert_to(filename, 'UTF8')), 'hex') = $2
        ORDER BY pushed_at DESC, id LIMIT 1`,
      [apiId, digest],
    );
    return rows[0] ?? null;
  }

  /** The newest document pushed for the API, with its content. */
  async newestDocument(db: Executor, apiId: string): Promise<(ApiDocumentRow & { content: string }) | null> {
    const rows = await db.query<Array<ApiDocumentRow & { content: string }>>(
      `SELECT ${DOCUMENT_COLUMNS}, content FROM rulesets.api_documents WHERE api_id = $1
        ORDER BY pushed_at DESC, id LIMIT 1`,
      [apiId],
    );
    return rows[0] ?? null;
  }
}
