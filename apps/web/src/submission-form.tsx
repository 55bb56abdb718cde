// The two steps both submission pages (a policy, a ruleset) share: the repository, validated first
// (its findings shown between the steps), then the details (name and description, what is particular
// to the kind, documentation tabs, delivered ideas) and the submit button, shown only once the
// validation passed. Limits come from the contracts the gateway's validators and its OpenAPI document
// read, so the form and the API agree.
import type { ReactNode } from 'react';
import { ApiError } from './api/client';
import { type DocTabDraft, DocTabsEditor, IdeasField, labelled } from './doc-tabs-editor';
import { Badge } from './ui/display';
import { ActionForm, type FieldMessage, SubmitButton, TextArea, TextField } from './ui/fields';
import { ErrorMessage } from './ui/page';

export interface LengthLimit {
  min: number;
  max: number;
}

/** What the API said of one field of a failed request, if anything (the field words it: FieldMessage). */
export function fieldErrorOf(error: unknown): (field: string) => FieldMessage | undefined {
  return (field) => (error instanceof ApiError ? error.fieldError(field) : undefined);
}

const count = (n: number): string => n.toLocaleString('en');

/** A step's request, as `useAction` gives it: start it, whether it is running, what it failed with. */
export interface StepAction {
  run: () => unknown;
  busy: boolean;
  error: unknown;
}

/** Step 1: the repository's fields (children), the validation error, and Validate. */
export function RepositoryStep({
  children,
  validate,
  ready,
  labels,
  buttonLabel,
}: {
  children: ReactNode;
  validate: StepAction;
  /** False while a required field is empty. */
  ready: boolean;
  labels: Record<string, string>;
  buttonLabel: string;
}) {
  return (
    <ActionForm className="form" aria-labelledby="repo-title" runs={validate}>
      <h2 id="repo-title">1. The repository</h2>
      {children}
      <ErrorMessage error={validate.error} labels={labels} />
      <SubmitButton runs={validate} busy="Validating…" disabled={!ready}>
        {buttonLabel}
      </SubmitButton>
    </ActionForm>
  );
}

/** The findings of one list (errors or warnings), each in the form's words; nothing when there are none. */
function FindingList({
  title,
  findings,
  labels,
  className,
}: {
  title: string;
  findings: string[];
  labels: Record<string, string>;
  className?: string;
}) {
  if (findings.length === 0) return null;
  return (
    <>
      <h3>
        {title} ({findings.length})
      </h3>
      <ul>
        {findings.map((finding, i) => (
          <li key={`${i}:${finding}`} className={className}>
            {labelled(finding, labels)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What a validation found, between the two steps: valid or not, every error and warning in the form's
 * words (`labels`), then the facts it read (children: `<dt>`/`<dd>` pairs).
 */
export function Findings({
  subject,
  validation,
  labels,
  children,
}: {
  subject: 'repository' | 'ruleset';
  validation: { ok: boolean; errors: string[]; warnings: string[] };
  labels: Record<string, string>;
  children: ReactNode;
}) {
  const { ok } = validation;
  return (
    <div className="panel" role="status" aria-label="Validation result">
      <h2>
        {ok ? `The ${subject} is valid` : `The ${subject} has problems`}{' '}
        <Badge tone={ok ? 'good' : 'bad'}>{ok ? 'ok' : 'not ok'}</Badge>
      </h2>
      <FindingList title="Errors" findings={validation.errors} labels={labels} className="field-error" />
      <FindingList title="Warnings" findings={validation.warnings} labels={labels} />
      <dl className="facts">{children}</dl>
    </div>
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
  validation,
  what,
  limits,
  descriptionHint,
  details,
  onDetails,
  tabs,
  onTabs,
  children,
  submit,
  labels,
  submitLabel,
}: {
  /** The repository's validation, null before one. */
  validation: { ok: boolean } | null;
  what: 'policy' | 'ruleset';
  limits: { name: LengthLimit; description: LengthLimit };
  descriptionHint: string;
  details: D;
  onDetails: (details: D) => void;
  tabs: DocTabDraft[];
  onTabs: (tabs: DocTabDraft[]) => void;
  children: ReactNode;
  submit: StepAction;
  labels: Record<string, string>;
  submitLabel: string;
}) {
  if (validation?.ok !== true) {
    return validation ? (
      <p>Fix the errors above (in the repository or its URL), then validate again.</p>
    ) : null;
  }
  const { busy, error } = submit;
  const fieldError = fieldErrorOf(error);
  return (
    <ActionForm className="form" aria-labelledby="details-title" runs={submit}>
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
      <SubmitButton runs={{ busy }} busy="Submitting…">
        {submitLabel}
      </SubmitButton>
    </ActionForm>
  );
}
