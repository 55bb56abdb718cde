import type { ApiDocument, GovernedApi } from '@pc/contracts';

/** A row of rulesets.governed_apis. */
export interface GovernedApiRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  source_url: string | null;
  source_ref: string | null;
  source_path: string | null;
  tags: string[];
  scope: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  last_evaluation_id: string | null;
  last_evaluated_at: Date | null;
  /** numeric: pg returns a string. */
  conformance: string | null;
  previous_conformance: string | null;
  /** Joined in: documents pushed. */
  documents: number;
}

/** A row of rulesets.api_documents without its content: the contract's document, its date a date. */
export interface ApiDocumentRow extends Omit<ApiDocument, 'pushed_at'> {
  pushed_at: Date;
}

export const percent = (value: string | null): number | null => (value === null ? null : Number(value));

/** An API below the threshold is at risk; one never evaluated (or with no rule applying) is not. */
export function atRisk(conformance: number | null, threshold: number): boolean {
  return conformance !== null && conformance < threshold;
}

export function toGovernedApi(row: GovernedApiRow, threshold: number): GovernedApi {
  const conformance = percent(row.conformance);
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    description: row.description,
    source:
      row.source_url !== null && row.source_path !== null
        ? { repo_url: row.source_url, ref: row.source_ref, path: row.source_path }
        : null,
    tags: row.tags,
    scope: row.scope,
    documents: Number(row.documents),
    conformance,
    previous_conformance: percent(row.previous_conformance),
    at_risk: atRisk(conformance, threshold),
    last_evaluation_id: row.last_evaluation_id,
    last_evaluated_at: row.last_evaluated_at?.toISOString() ?? null,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toApiDocument(row: ApiDocumentRow): ApiDocument {
  return {
    id: row.id,
    api_id: row.api_id,
    filename: row.filename,
    digest: row.digest,
    commit: row.commit,
    bytes: row.bytes,
    pushed_by: row.pushed_by,
    pushed_at: row.pushed_at.toISOString(),
  };
}
