import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type {
  DocTab,
  PolicySubmission,
  SubmissionStatus,
  SubmissionSummary,
  SubmissionValidation,
} from '@pc/contracts';
import type { Keyset } from '../common/paging';

/** A row of catalog.policy_submissions. `submitted_by` stays who submitted it, whoever owns it now. */
export interface SubmissionRecord {
  id: string;
  policy_id: string;
  submitted_by: string;
  status: SubmissionStatus;
  name: string;
  description: string;
  source_host_url: string;
  implementation_source_host_url: string | null;
  doc_tabs: DocTab[];
  validation: SubmissionValidation;
  feedback: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * With the policy's current owner, who is the one to see and edit the submission (after a transfer too),
 * and the refs the policy names (null: the default branch).
 */
export interface SubmissionRow extends SubmissionRecord {
  owner_id: string;
  source_ref: string | null;
  implementation_source_ref: string | null;
}

const WITH_OWNER = `SELECT s.*, p.owner_id, p.source_ref, p.implementation_source_ref
  FROM catalog.policy_submissions s JOIN catalog.policies p ON p.id = s.policy_id`;

export type SubmissionChanges = Partial<
  Pick<
    SubmissionRecord,
    | 'status'
    | 'name'
    | 'description'
    | 'source_host_url'
    | 'implementation_source_host_url'
    | 'doc_tabs'
    | 'validation'
    | 'feedback'
  >
>;

@Injectable()
export class SubmissionsRepository {
  async insert(
    db: Executor,
    fields: Pick<
      SubmissionRecord,
      | 'policy_id'
      | 'submitted_by'
      | 'name'
      | 'description'
      | 'source_host_url'
      | 'implementation_source_host_url'
      | 'doc_tabs'
      | 'validation'
    >,
  ): Promise<SubmissionRecord> {
    const rows = await db.query<SubmissionRecord[]>(
      `INSERT INTO catalog.policy_submissions (policy_id, submitted_by, status, name, description, source_host_url,
         implementation_source_host_url, doc_tabs, validation)
       VALUES ($1, $2, 'submitted', $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        fields.policy_id,
        fields.submitted_by,
        fields.name,
        fields.description,
        fields.source_host_url,
        fields.implementation_source_host_url,
        JSON.stringify(fields.doc_tabs),
        JSON.stringify(fields.validation),
      ],
    );
    return rows[0];
  }

  /**
   * `lock` takes the submission's and its policy's row locks (in that order, the order every writer of
   * both follows), so that a status read here stays true until the transaction ends.
   */
  findById(db: Executor, id: string, lock = false): Promise<SubmissionRow | null> {
    return this.findOne(db, 's.id', id, lock);
  }

  findByPolicy(db: Executor, policyId: string, lock = false): Promise<SubmissionRow | null> {
    return this.findOne(db, 's.policy_id', policyId, lock);
  }

  private async findOne(
    db: Executor,
    column: 's.id' | 's.policy_id',
    value: string,
    lock: boolean,
  ): Promise<SubmissionRow | null> {
    const rows = await db.query<SubmissionRow[]>(
      `${WITH_OWNER} WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return rows[0] ?? null;
  }

  /** `limit + 1` submissions of the policies `userId` owns now, newest first, after the keyset `after`. */
  listBy(
    db: Executor,
    userId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<SubmissionRow & { cursor_key: string }>> {
    return db.query(
      `SELECT s.*, p.owner_id, s.created_at::text AS cursor_key FROM catalog.policy_submissions s
         JOIN catalog.policies p ON p.id = s.policy_id
        WHERE p.owner_id = $1 AND ($2::timestamptz IS NULL OR (s.created_at, s.id) < ($2::timestamptz, $3::uuid))
        ORDER BY s.created_at DESC, s.id DESC LIMIT $4`,
      [userId, after?.key ?? null, after?.id ?? null, limit + 1],
    );
  }

  /** The oldest `limit` waiting submissions (one more, to tell whether others wait). */
  pending(db: Executor, limit: number): Promise<SubmissionRow[]> {
    return db.query<SubmissionRow[]>(
      `${WITH_OWNER} WHERE s.status = 'submitted' ORDER BY s.created_at, s.id LIMIT $1`,
      [limit + 1],
    );
  }

  async update(
    db: Executor,
    id: string,
    changes: SubmissionChanges,
    reviewerId?: string,
  ): Promise<SubmissionRecord> {
    const entries = Object.entries(changes)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, k === 'doc_tabs' || k === 'validation' ? JSON.stringify(v) : v] as const);
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
    if (reviewerId) sets.push(`reviewed_by = $${entries.length + 2}`, 'reviewed_at = now()');
    const params: unknown[] = [id, ...entries.map(([, v]) => v)];
    if (reviewerId) params.push(reviewerId);
    const [rows] = await db.query<[SubmissionRecord[], number]>(
      `UPDATE catalog.policy_submissions SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *`,
      params,
    );
    return rows[0];
  }
}

export function toSubmission(row: SubmissionRecord): PolicySubmission {
  return {
    id: row.id,
    policyId: row.policy_id,
    name: row.name,
    description: row.description,
    status: row.status,
    sourceHostUrl: row.source_host_url,
    implementationSourceHostUrl: row.implementation_source_host_url,
    sourceRef: row.validation.ref ?? null,
    sourceCommit: row.validation.commit ?? null,
    implementationSourceRef: row.validation.implementationRef ?? null,
    implementationSourceCommit: row.validation.implementationCommit ?? null,
    feedback: row.feedback,
    validation: row.validation,
    submittedBy: row.submitted_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toSubmissionSummary(row: SubmissionRecord): SubmissionSummary {
  return {
    id: row.id,
    policyId: row.policy_id,
    name: row.name,
    status: row.status,
    sourceHostUrl: row.source_host_url,
    implementationSourceHostUrl: row.implementation_source_host_url,
    sourceRef: row.validation.ref ?? null,
    sourceCommit: row.validation.commit ?? null,
    implementationSourceRef: row.validation.implementationRef ?? null,
    implementationSourceCommit: row.validation.implementationCommit ?? null,
    submittedBy: row.submitted_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
