import { Injectable } from '@nestjs/common';
import { SubmissionTable } from '@pc/listings';
import type {
  DocTab,
  PolicySubmission,
  SubmissionStatus,
  SubmissionSummary,
  SubmissionValidation,
} from '@pc/contracts';
import { policyKind } from '../policy.kind';

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
  reviewed_by: string | null;
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

/** catalog.policy_submissions, each read with its policy's owner and refs: the kernel's table of them. */
@Injectable()
export class SubmissionRecords extends SubmissionTable<SubmissionRow> {
  constructor() {
    super(
      policyKind,
      ['owner_id', 'source_ref', 'implementation_source_ref'],
      new Set(['doc_tabs', 'validation']),
    );
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

/** A submission in a list: without its description, feedback, report and review date. */
export function toSubmissionSummary(row: SubmissionRecord): SubmissionSummary {
  const {
    description: _description,
    feedback: _feedback,
    validation: _validation,
    reviewedAt: _reviewedAt,
    ...summary
  } = toSubmission(row);
  return summary;
}
