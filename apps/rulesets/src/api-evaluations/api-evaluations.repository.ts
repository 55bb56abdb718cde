import { Injectable } from '@nestjs/common';
import type {
  ApiEvaluation,
  ApiEvaluationSummary,
  EvaluatedRulesetVersion,
  EvaluationTrigger,
  GovernanceTrendPoint,
  KeptFinding,
  SeverityCounts,
} from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';
import type { WaiverScope } from './conformance';

/** A row of rulesets.api_evaluations (findings only when asked). */
export interface ApiEvaluationRow {
  id: string;
  api_id: string;
  workspace_id: string;
  trigger: EvaluationTrigger;
  run_by: string;
  created_at: Date;
  format: string;
  digest: string;
  commit: string | null;
  ref: string | null;
  rulesets: EvaluatedRulesetVersion[];
  counts: SeverityCounts;
  waived: number;
  passed_rules: number;
  applicable_rules: number;
  conformance: string | null;
  findings?: KeptFinding[];
  findings_truncated: boolean;
}

/** Whether a new evaluation read the API's source on the source host (not a document): the ref check's. */
export interface EvaluationSource {
  from_source: boolean;
}

const SUMMARY_COLUMNS = `id, api_id, workspace_id, trigger, run_by, created_at, format, digest, commit, ref, rulesets,
  counts, waived, passed_rules, applicable_rules, conformance, findings_truncated`;

/** The evaluations the workspace's hourly limit counts: those people and CI send. */
const LIMITED_TRIGGERS: EvaluationTrigger[] = ['manual', 'ci'];

/** An API's history page (parameters: API, limit, before); planned in governance.plans. */
export const HISTORY_SQL = `SELECT ${SUMMARY_COLUMNS} FROM rulesets.api_evaluations e
        WHERE e.api_id = $1 AND ($3::uuid IS NULL OR (e.created_at, e.id) < (
          SELECT b.created_at, b.id FROM rulesets.api_evaluations b WHERE b.id = $3 AND b.api_id = $1))
        ORDER BY e.created_at DESC, e.id DESC LIMIT $2`;

/**
 * A workspace's conformance per UTC day (parameters: workspace, days, threshold), in one pass over each of
 * its APIs' evaluations through their history index (no sort of evaluations): each evaluation in the window
 * is a step replacing the one before it (the API's latest before the window being the first step, on the
 * first day), and adds to its day's totals what it changes (its conformance minus the one it replaces).
 * Running sums over the days then give each day's state, so a day without evaluations carries the last
 * value. Planned in governance.plans.
 */
export const TREND_SQL = `WITH edges AS (
    SELECT d.first_day, d.last_day, d.first_day::timestamp AT TIME ZONE 'UTC' AS since,
           (d.last_day + 1)::timestamp AT TIME ZONE 'UTC' AS until
      FROM (SELECT (now() AT TIME ZONE 'UTC')::date - ($2::int - 1) AS first_day,
                   (now() AT TIME ZONE 'UTC')::date AS last_day) d),
  steps AS (
    SELECT s.day, s.now, s.was
      FROM edges CROSS JOIN rulesets.governed_apis a
      LEFT JOIN LATERAL (
        SELECT e.conformance FROM rulesets.api_evaluations e
         WHERE e.api_id = a.id AND e.created_at < edges.since
         ORDER BY e.created_at DESC, e.id DESC LIMIT 1) before ON true
      CROSS JOIN LATERAL (
        SELECT edges.first_day AS day, before.conformance AS now, NULL::numeric AS was
        UNION ALL
        SELECT (e.created_at AT TIME ZONE 'UTC')::date, e.conformance,
               lead(e.conformance, 1, before.conformance) OVER (ORDER BY e.created_at DESC, e.id DESC)
          FROM rulesets.api_evaluations e
         WHERE e.api_id = a.id AND e.created_at >= edges.since AND e.created_at < edges.until) s
     WHERE a.workspace_id = $1),
  changes AS (
    SELECT day, sum(coalesce(now, 0) - coalesce(was, 0)) AS total,
           sum((now IS NOT NULL)::int - (was IS NOT NULL)::int) AS evaluated,
           sum(coalesce((now < $3)::int, 0) - coalesce((was < $3)::int, 0)) AS at_risk
      FROM steps GROUP BY day)
  SELECT to_char(g.at, 'YYYY-MM-DD') AS day,
         (sum(coalesce(c.total, 0)) OVER running) AS total,
         (sum(coalesce(c.evaluated, 0)) OVER running)::int AS evaluated,
         (sum(coalesce(c.at_risk, 0)) OVER running)::int AS at_risk
    FROM edges CROSS JOIN generate_series(edges.first_day, edges.last_day, interval '1 day') AS g(at)
    LEFT JOIN changes c ON c.day = g.at::date
  WINDOW running AS (ORDER BY g.at)
   ORDER BY g.at`;

/** A day of TREND_SQL: the sum of the APIs' conformance (numeric: a string) and the counts. */
export interface TrendRow {
  day: string;
  total: string;
  evaluated: number;
  at_risk: number;
}

export function toTrendPoint(row: TrendRow): GovernanceTrendPoint {
  const mean = row.evaluated === 0 ? null : Math.round((Number(row.total) / row.evaluated) * 10) / 10;
  return { day: row.day, conformance: mean, evaluated: row.evaluated, at_risk: row.at_risk };
}

export type NewEvaluation = Omit<ApiEvaluationRow, 'id' | 'created_at' | 'conformance'> &
  EvaluationSource & {
    conformance: number | null;
    findings: KeptFinding[];
  };

export function toSummary(row: ApiEvaluationRow): ApiEvaluationSummary {
  return {
    id: row.id,
    api_id: row.api_id,
    workspace_id: row.workspace_id,
    trigger: row.trigger,
    run_by: row.run_by,
    created_at: row.created_at.toISOString(),
    specification: { format: row.format, digest: row.digest, commit: row.commit, ref: row.ref },
    rulesets: row.rulesets,
    counts: row.counts,
    waived: row.waived,
    passed_rules: row.passed_rules,
    applicable_rules: row.applicable_rules,
    conformance: row.conformance === null ? null : Number(row.conformance),
  };
}

export function toEvaluation(row: ApiEvaluationRow): ApiEvaluation {
  return { ...toSummary(row), findings: row.findings ?? [], findings_truncated: row.findings_truncated };
}

/** Evaluations kept (rulesets schema), and what recording one updates on its API. Executor first. */
@Injectable()
export class ApiEvaluationsRepository {
  async insert(db: Executor, evaluation: NewEvaluation): Promise<ApiEvaluationRow> {
    const [row] = await insertInto<ApiEvaluationRow[]>(
      db,
      'rulesets.api_evaluations',
      evaluation,
      `RETURNING ${SUMMARY_COLUMNS}, findings`,
      new Set(['rulesets', 'counts', 'findings']),
    );
    return row;
  }

  /** The workspace's conformance per day, the last `days` UTC days, oldest first. */
  async trend(db: Executor, workspaceId: string, days: number, threshold: number): Promise<TrendRow[]> {
    return db.query<TrendRow[]>(TREND_SQL, [workspaceId, days, threshold]);
  }

  async findById(db: Executor, apiId: string, id: string): Promise<ApiEvaluationRow | null> {
    const rows = await db.query<ApiEvaluationRow[]>(
      `SELECT ${SUMMARY_COLUMNS}, findings FROM rulesets.api_evaluations WHERE api_id = $1 AND id = $2`,
      [apiId, id],
    );
    return rows[0] ?? null;
  }

  /** Who recorded the API's latest evaluation by hand or from CI (null: none did). */
  async latestRecordedBy(db: Executor, apiId: string): Promise<string | null> {
    const rows = await db.query<Array<{ run_by: string }>>(
      `SELECT run_by FROM rulesets.api_evaluations WHERE api_id = $1 AND trigger = ANY ($2)
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [apiId, LIMITED_TRIGGERS],
    );
    return rows[0]?.run_by ?? null;
  }

  /** Whether `id` is an evaluation of the API (a history's `before`). */
  async isOf(db: Executor, apiId: string, id: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM rulesets.api_evaluations WHERE api_id = $1 AND id = $2`,
      [apiId, id],
    );
    return rows.length > 0;
  }

  /** The API's history, newest first, from before `before` (an evaluation of the API) when given. */
  async history(
    db: Executor,
    apiId: string,
    limit: number,
    before: string | null,
  ): Promise<ApiEvaluationRow[]> {
    return db.query<ApiEvaluationRow[]>(HISTORY_SQL, [apiId, limit, before]);
  }

  /**
   * The commit of the API's latest evaluation read from the source (null: none known), not of a document
   * (CI's commit); undefined when the source was never evaluated.
   */
  async latestCommit(db: Executor, apiId: string): Promise<string | null | undefined> {
    const rows = await db.query<Array<{ commit: string | null }>>(
      `SELECT commit FROM rulesets.api_evaluations WHERE api_id = $1 AND from_source
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [apiId],
    );
    return rows.length === 0 ? undefined : rows[0].commit;
  }

  /**
   * Evaluations people and CI recorded in the workspace during the last hour (its limit): the service's own
   * re-evaluations (a ruleset's new version, a ref that moved) are not counted.
   */
  async countLastHour(db: Executor, workspaceId: string): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db.query<Array<{ count: number; oldest: Date | null }>>(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM rulesets.api_evaluations
        WHERE workspace_id = $1 AND created_at > now() - interval '1 hour' AND trigger = ANY ($2)`,
      [workspaceId, LIMITED_TRIGGERS],
    );
    return row;
  }

  /** The API's latest evaluation with its findings, locked (its waivers changed). */
  async latestLocked(db: Executor, apiId: string): Promise<ApiEvaluationRow | null> {
    const rows = await db.query<ApiEvaluationRow[]>(
      `SELECT ${SUMMARY_COLUMNS}, findings FROM rulesets.api_evaluations WHERE api_id = $1
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [apiId],
    );
    return rows[0] ?? null;
  }

  async reconform(
    db: Executor,
    id: string,
    values: Pick<NewEvaluation, 'rulesets' | 'findings' | 'waived' | 'passed_rules' | 'conformance'>,
  ): Promise<void> {
    await db.query(
      `UPDATE rulesets.api_evaluations SET rulesets = $2, findings = $3, waived = $4, passed_rules = $5,
              conformance = $6 WHERE id = $1`,
      [
        id,
        JSON.stringify(values.rulesets),
        JSON.stringify(values.findings),
        values.waived,
        values.passed_rules,
        values.conformance,
      ],
    );
  }

  /** The API's waivers in force now. */
  async activeWaivers(db: Executor, apiId: string): Promise<WaiverScope[]> {
    return db.query<WaiverScope[]>(
      `SELECT id, ruleset_id, rule, location FROM rulesets.waivers WHERE api_id = $1 AND expires_at > now() ORDER BY created_at, id`,
      [apiId],
    );
  }

  /**
   * The API's cached conformance after an evaluation (a new one: the old value becomes the previous one)
   * or after its waivers changed (`latest` unchanged: only the value moves).
   */
  async setApiConformance(
    db: Executor,
    apiId: string,
    conformance: number | null,
    latest: { id: string; at: Date } | null,
  ): Promise<void> {
    if (latest)
      await db.query(
        `UPDATE rulesets.governed_apis SET previous_conformance = conformance, conformance = $2,
                last_evaluation_id = $3, last_evaluated_at = $4 WHERE id = $1`,
        [apiId, conformance, latest.id, latest.at],
      );
    else
      await db.query(`UPDATE rulesets.governed_apis SET conformance = $2 WHERE id = $1`, [
        apiId,
        conformance,
      ]);
  }
}
