// The two steps both submission pages (a policy, a ruleset) share: the repository, validated first,
// then the details (name and description, what is particular to the kind, documentation tabs,
// delivered ideas) and the submit button, shown only once the validation passed. Limits come from the
// contracts the gateway's validators and its OpenAPI document read, so the form and the API agree.
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from './api/client';
import { type DocTabDraft, DocTabsEditor, IdeasField } from './doc-tabs-editor';
import { ErrorMessage, TextArea, TextField } from './ui';

export interface LengthLimit {
  min: number;
  max: number;
}

/** The message the API gave for one field of a failed request, if any. */
export function fieldErrorOf(error: unknown): (field: string) => string | undefined {
  return (field) => (error instanceof ApiError ? error.fieldMessage(field) : undefined);
}

const count = (n: number): string => n.toLocaleString('en');

/** Step 1: the repository's fields (children), the validation error, and Validate. */
export function RepositoryStep({
  children,
  onValidate,
  busy,
  ready,
  error,
  labels,
  buttonLabel,
}: {
  children: ReactNode;
  onValidate: () => void;
  busy: boolean;
  /** False while a required field is empty. */
  ready: boolean;
  error: unknown;
  labels: Record<string, string>;
  buttonLabel: string;
}) {
  return (
    <form
      className="form"
      aria-labelledby="repo-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onValidate();
      }}
    >
      <h2 id="repo-title">1. The repository</h2>
      {children}
      <ErrorMessage error={error} labels={labels} />
      <button type="submit" disabled={busy || !ready}>
        {busy ? 'Validating…' : buttonLabel}
      </button>
    </form>
  );
}

export interface Details {
  name: string;
  description: string;
  ideas: string;
}

/**
 * Step 2, once the repository is valid: name and description within their limits, the kind's own
 * fields (children), the documentation tabs, the delivered ideas, then Submit. Before a passing
 * validation it says what to do instead.
 */
export function DetailsStep<D extends Details>({
  valid,
  validated,
  what,
  limits,
  descriptionHint,
  details,
  onDetails,
  tabs,
  onTabs,
  children,
  onSubmit,
  busy,
  error,
  labels,
  submitLabel,
}: {
  valid: boolean;
  validated: boolean;
  what: 'policy' | 'ruleset';
  limits: { name: LengthLimit; description: LengthLimit };
  descriptionHint: string;
  details: D;
  onDetails: (details: D) => void;
  tabs: DocTabDraft[];
  onTabs: (tabs: DocTabDraft[]) => void;
  children: ReactNode;
  onSubmit: () => void;
  busy: boolean;
  error: unknown;
  labels: Record<string, string>;
  submitLabel: string;
}) {
  if (!valid) {
    return validated ? (
      <p>Fix the errors above (in the repository or its URL), then validate again.</p>
    ) : null;
  }
  const fieldError = fieldErrorOf(error);
  return (
    <form
      className="form"
      aria-labelledby="details-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="details-title">2. The {what}</h2>
      <TextField
        label="Name"
        required
        minLength={limits.name.min}
        maxLength={limits.name.max}
        hint={`${limits.name.min} to ${count(limits.name.max)} characters.`}
        value={details.name}
        onChange={(e) => onDetails({ ...details, name: e.target.value })}
        error={fieldError('name')}
      />
      <TextArea
        label="Description"
        required
        minLength={limits.description.min}
        maxLength={limits.description.max}
        rows={4}
        hint={`${limits.description.min} to ${count(limits.description.max)} characters${descriptionHint}`}
        value={details.description}
        onChange={(e) => onDetails({ ...details, description: e.target.value })}
        error={fieldError('description')}
      />
      {children}
      <DocTabsEditor tabs={tabs} onChange={onTabs} what={`the ${what}'s page`} fieldError={fieldError} />
      <IdeasField
        what={what}
        value={details.ideas}
        onChange={(ideas) => onDetails({ ...details, ideas })}
        error={fieldError('deliversIdeaIds')}
      />
      <ErrorMessage error={error} labels={labels} />
      <button type="submit" disabled={busy}>
        {busy ? 'Submitting…' : submitLabel}
      </button>
    </form>
  );
}
