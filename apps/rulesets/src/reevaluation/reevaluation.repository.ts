import { Injectable } from '@nestjs/common';
import { type ConformanceChange, GOVERNANCE_LIMITS as L } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';

/** A run of a re-evaluation: a cause (a ruleset's new version: its event id) in one workspace. */
export interface ReevaluationRun {
  cause: string;
  workspace_id: string;
  ruleset_id: string | null;
  ruleset_name: string | null;
  version: string | null;
}

/** An API evaluated for a cause, with its conformance before and after. */
export interface ReevaluatedApi {
  cause: string;
  api_id: string;
  workspace_id: string;
  evaluation_id: string;
  previous_conformance: number | null;
  conformance: number | null;
}

/** Re-evaluation runs and the APIs each evaluated (rulesets schema). Executor first. */
@Injectable()
export class ReevaluationRepository {
  async start(db: Executor, run: ReevaluationRun): Promise<void> {
    await insertInto(db, 'rulesets.reevaluation_runs', run, 'ON CONFLICT DO NOTHING');
  }

  /** Of these APIs, those not evaluated for the cause yet. */
  async notDone(db: Executor, cause: string, apiIds: string[]): Promise<Set<string>> {
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM unnest($2::uuid[]) AS id
        WHERE NOT EXISTS (SELECT 1 FROM rulesets.reevaluated_apis d WHERE d.cause = $1 AND d.api_id = id)`,
      [cause, apiIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Of these APIs, those a version's run (the cause) still has to evaluate: evaluated before (a first
   * evaluation is its owner's, not a re-evaluation), not at the run's version of its ruleset already (an
   * evaluation made after the version came out, or an event handled late), and not for the cause.
   */
  async toEvaluate(db: Executor, cause: string, apiIds: string[]): Promise<Set<string>> {
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT a.id FROM rulesets.governed_apis a
         JOIN rulesets.reevaluation_runs r ON r.cause = $1 AND r.workspace_id = a.workspace_id
         JOIN rulesets.api_evaluations e ON e.id = a.last_evaluation_id
        WHERE a.id = ANY ($2::uuid[])
          AND NOT e.rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', r.ruleset_id::text, 'version', r.version))
          AND NOT EXISTS (SELECT 1 FROM rulesets.reevaluated_apis d WHERE d.cause = $1 AND d.api_id = a.id)`,
      [cause, apiIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Whether a version's run was superseded: its version is no longer its ruleset's current one (another
   * was pinned since, or the ruleset is gone), so what is left of it is the newer version's run's. Read in
   * an evaluation's transaction, with the API's row locked, it also sees a newer version pinned while the
   * evaluation ran, and so any evaluation of the API that version's run kept first.
   */
  async superseded(db: Executor, cause: string, workspaceId: string): Promise<boolean> {
    const [row] = await db.query<Array<{ superseded: boolean }>>(
      `SELECT NOT EXISTS (
         SELECT 1 FROM rulesets.reevaluation_runs r
           JOIN rulesets.rulesets s ON s.id = r.ruleset_id AND s.pinned_commit = r.version
          WHERE r.cause = $1 AND r.workspace_id = $2) AS superseded`,
      [cause, workspaceId],
    );
    return row.superseded;
  }

  /** Whether the evaluation applied the run's version of its ruleset (the API may follow another one now). */
  async atRunVersion(
    db: Executor,
    cause: string,
    workspaceId: string,
    evaluationId: string,
  ): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM rulesets.reevaluation_runs r
         JOIN rulesets.api_evaluations e ON e.id = $3
        WHERE r.cause = $1 AND r.workspace_id = $2
          AND e.rulesets @> jsonb_build_array(jsonb_build_object('ruleset_id', r.ruleset_id::text, 'version', r.version))`,
      [cause, workspaceId, evaluationId],
    );
    return rows.length > 0;
  }

  /**
   * Whether the API's latest evaluation of the source other than `evaluationId` already read `commit`:
   * the ref moved once, and another check's evaluation of that move was kept first (one of a document CI
   * recorded since does not tell). Read with the API's row locked.
   */
  async movedAlready(
    db: Executor,
    apiId: string,
    evaluationId: string,
    commit: string | null,
  ): Promise<boolean> {
    const rows = await db.query<Array<{ commit: string | null }>>(
      `SELECT commit FROM rulesets.api_evaluations WHERE api_id = $1 AND id <> $2 AND from_source
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [apiId, evaluationId],
    );
    return rows.length > 0 && rows[0].commit === commit;
  }

  /** Records the API evaluated for the cause; false when it already was (the caller rolls back). */
  async record(db: Executor, api: ReevaluatedApi): Promise<boolean> {
    const rows = await insertInto<unknown[]>(
      db,
      'rulesets.reevaluated_apis',
      api,
      'ON CONFLICT DO NOTHING RETURNING 1',
    );
    return rows.length > 0;
  }

  /** Marks the run finished; the run when this call finished it (null: finished before, or none). */
  async finish(db: Executor, cause: string, workspaceId: string): Promise<ReevaluationRun | null> {
    const rows = await db.query<ReevaluationRun[]>(
      `WITH finished AS (
         UPDATE rulesets.reevaluation_runs SET finished_at = now()
          WHERE cause = $1 AND workspace_id = $2 AND finished_at IS NULL
          RETURNING cause, workspace_id, ruleset_id, ruleset_name, version)
       SELECT * FROM finished`,
      [cause, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** The APIs whose conformance the cause changed in the workspace: the first `changesListed` by name, and how many. */
  async changes(
    db: Executor,
    cause: string,
    workspaceId: string,
  ): Promise<{ apis: ConformanceChange[]; changed: number }> {
    const rows = await db.query<
      Array<
        Omit<ConformanceChange, 'previous_conformance' | 'conformance'> & {
          previous_conformance: string | null;
          conformance: string | null;
          changed: number;
        }
      >
    >(
      `SELECT r.api_id, a.name AS api_name, r.previous_conformance, r.conformance, a.created_by AS owner_id,
              count(*) OVER ()::int AS changed
         FROM rulesets.reevaluated_apis r JOIN rulesets.governed_apis a ON a.id = r.api_id
        WHERE r.cause = $1 AND r.workspace_id = $2 AND r.previous_conformance IS DISTINCT FROM r.conformance
        ORDER BY lower(a.name), a.id LIMIT $3`,
      [cause, workspaceId, L.changesListed],
    );
    const value = (v: string | null) => (v === null ? null : Number(v));
    return {
      changed: rows[0]?.changed ?? 0,
      apis: rows.map((row) => ({
        api_id: row.api_id,
        api_name: row.api_name,
        previous_conformance: value(row.previous_conformance),
        conformance: value(row.conformance),
        owner_id: row.owner_id,
      })),
    };
  }

  /** How many APIs were evaluated for the cause (all workspaces). */
  async countDone(db: Executor, cause: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM rulesets.reevaluated_apis WHERE cause = $1`,
      [cause],
    );
    return row.n;
  }
}
