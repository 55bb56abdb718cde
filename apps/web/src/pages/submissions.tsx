// My submissions of one kind (policies at /submissions, rulesets at /ruleset-submissions): status and
// reviewer feedback; one sent back is edited and resubmitted here. Written once: a kind says where its
// submissions are read and written, how one reads as a card and which of the actions it allows.
import { type ReactNode, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { Link, useLocation } from '../router';
import { useAction, useAsync, useCursorPages } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { severityCounts, StatusBadge, When } from '../ui/display';
import { ActionForm, SaveOrCancel, TextArea, TextField } from '../ui/fields';
import { ErrorMessage, LoadMore, Loading, Page, Pending } from '../ui/page';

/** A submission as its card shows it, whatever its kind. */
interface SubmissionView {
  /** The card's key: a changed submission is a new card (its edit form starts from the new values). */
  key: string;
  name: string;
  description: string;
  status: string;
  /** The listing's page. */
  listingPath: string;
  /** Before "sent" in the card's status line (the ruleset's category). */
  label: string | null;
  createdAt: string;
  reviewedAt: string | null | undefined;
  /** After the status line's dates (the ruleset's edits). */
  revisions: string;
  /** A line of its own under the status line (the ruleset's rules and repository). */
  details: ReactNode;
  feedback: string | null | undefined;
  /** The repository URL, when the kind's edit form changes it. */
  sourceHostUrl?: string;
}

type Edit = { name: string; description: string; sourceHostUrl?: string };

/** The labels of the edit: its button on the card and its form's submit, or null when it cannot be edited. */
type EditLabels = { open: string; save: string } | null;

/** A kind's submissions: `S` is its submission as the API answers it. */
interface SubmissionsKind<S> {
  title: string;
  actions: ReactNode;
  /** A word under the "Submitted" notice (where the other kind's submissions are). */
  intro: ReactNode;
  empty: string;
  /** A page of the caller's submissions, newest first (`cursor`: the next page's, from the one before). */
  list(cursor?: string): Promise<{ items: S[]; next: string | null }>;
  view(submission: S): SubmissionView;
  editLabels(status: string): EditLabels;
  /** The edit form's name and description rules (a ruleset's both required, its description bounded). */
  form: { required: boolean; descriptionMax?: number; rows?: number; repositoryUrl: boolean };
  save(submission: S, edit: Edit): Promise<void>;
  /** Withdrawing (deleting) a submission, where the kind allows it. */
  withdraw?: {
    allowed(status: string): boolean;
    /** What withdrawing this submission does to its listing, read when the user asks to withdraw it. */
    consequence(submission: S): Promise<Withdrawal>;
    run(submission: S): Promise<void>;
  };
}

/** What withdrawing a submission does, said in its confirmation, and the confirm button's label. */
interface Withdrawal {
  explanation: string;
  confirm: string;
}

/** The server deletes a ruleset never published with its submission, and keeps a published one. */
const WITHDRAWALS: Record<'neverPublished' | 'published', Withdrawal> = {
  neverPublished: {
    explanation:
      'The ruleset was never published: it is deleted with this submission and its staged documentation.',
    confirm: 'Withdraw and delete',
  },
  published: {
    explanation: 'The ruleset stays published as it is: only this change waiting for review is withdrawn.',
    confirm: 'Withdraw the change',
  },
};

type PolicySubmission = Schemas['SubmissionDto'];
type RulesetSubmission = Schemas['RulesetSubmissionDto'];

const POLICIES: SubmissionsKind<PolicySubmission> = {
  title: 'My submissions',
  actions: (
    <>
      <Link className="button secondary" to="/ruleset-submissions">
        My ruleset submissions
      </Link>
      <Link className="button" to="/submit">
        Submit a policy
      </Link>
    </>
  ),
  intro: null,
  empty: 'You have not submitted anything yet.',
  async list(cursor) {
    const page = await ok(api.GET('/api/submissions', { params: { query: { limit: 50, cursor } } }));
    return { items: page.submissions, next: page.hasMore ? page.nextCursor : null };
  },
  view: (s) => ({
    key: s.id,
    name: s.name,
    description: s.description,
    status: s.status,
    listingPath: `/policies/${s.policyId}`,
    label: null,
    createdAt: s.createdAt,
    reviewedAt: s.reviewedAt,
    revisions: '',
    details: null,
    feedback: s.feedback,
    sourceHostUrl: s.sourceHostUrl,
  }),
  editLabels: (status) =>
    status === 'approved'
      ? null
      : status === 'rejected'
        ? { open: 'Edit and resubmit', save: 'Resubmit' }
        : { open: 'Edit', save: 'Save' },
  form: { required: false, repositoryUrl: true },
  async save(s, body) {
    await ok(api.PATCH('/api/submissions/{id}', { params: { path: { id: s.id } }, body }));
  },
};

const RULESETS: SubmissionsKind<RulesetSubmission> = {
  title: 'My ruleset submissions',
  actions: (
    <Link className="button" to="/submit/ruleset">
      Submit a ruleset
    </Link>
  ),
  intro: (
    <p>
      Policies you submitted are under <Link to="/submissions">My submissions</Link>.
    </p>
  ),
  empty: 'You have not submitted a ruleset yet.',
  async list(cursor) {
    const page = await ok(api.GET('/api/ruleset-submissions', { params: { query: { limit: 50, cursor } } }));
    return { items: page.submissions, next: page.hasMore ? page.nextCursor : null };
  },
  view: (s) => ({
    key: `${s.id}:${s.updated_at}`,
    name: s.name,
    description: s.description,
    status: s.status,
    listingPath: `/rulesets/${s.ruleset_id}`,
    label: s.category,
    createdAt: s.created_at,
    reviewedAt: s.reviewed_at,
    revisions: s.revision_count ? ` · ${s.revision_count} edit(s)` : '',
    details: (
      <p className="meta">
        {severityCounts(s.rule_counts)} rules · <a href={s.source_url}>repository</a>
        {s.source_ref ? ` · ref ${s.source_ref}` : ''}
      </p>
    ),
    feedback: s.review_feedback,
  }),
  editLabels: (status) =>
    status === 'needs_improvement'
      ? { open: 'Edit and resubmit', save: 'Resubmit' }
      : status === 'approved'
        ? { open: 'Submit an update', save: 'Submit update for review' }
        : null,
  form: { required: true, descriptionMax: 20000, rows: 4, repositoryUrl: false },
  async save(s, edit) {
    await ok(
      api.PATCH('/api/ruleset-submissions/{id}', {
        params: { path: { id: s.id } },
        body: {
          category: s.category,
          name: edit.name.trim(),
          description: edit.description.trim(),
          ...(s.status === 'needs_improvement' ? { resubmit: true } : {}),
        },
      }),
    );
  },
  withdraw: {
    allowed: (status) => status !== 'approved',
    // An approved ruleset's update waits as a submission too: withdrawing it keeps the ruleset published.
    // The list says which (not the ruleset's detail, whose every read counts a view).
    consequence: (s) =>
      Promise.resolve(s.ruleset_published_at ? WITHDRAWALS.published : WITHDRAWALS.neverPublished),
    async run(s) {
      await ok(api.DELETE('/api/ruleset-submissions/{id}', { params: { path: { id: s.id } } }));
    },
  },
};

function SubmissionsOf<S>({ kind }: { kind: SubmissionsKind<S> }) {
  const { query } = useLocation();
  const just = query.get('submitted');
  const list = useCursorPages(
    (cursor) => kind.list(cursor),
    [kind],
    (s) => kind.view(s).key,
  );
  const all = list.items;
  return (
    <Page title={kind.title} actions={kind.actions}>
      {just ? (
        <p role="status" className="panel">
          Submitted. An administrator reviews it next; its status and their feedback show here.
        </p>
      ) : null}
      {kind.intro}
      <Pending state={list} />
      {list.data && all.length === 0 ? <p>{kind.empty}</p> : null}
      <ul className="cards">
        {all.map((s) => (
          <SubmissionCard key={kind.view(s).key} kind={kind} submission={s} onChange={() => list.reload()} />
        ))}
      </ul>
      <LoadMore pages={list} />
    </Page>
  );
}

function SubmissionCard<S>({
  kind,
  submission,
  onChange,
}: {
  kind: SubmissionsKind<S>;
  submission: S;
  onChange: () => void;
}) {
  const s = kind.view(submission);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [form, setForm] = useState<Edit>({
    name: s.name,
    description: s.description,
    sourceHostUrl: s.sourceHostUrl,
  });
  const save = useAction(async () => {
    await kind.save(submission, form);
    setEditing(false);
    onChange();
  });
  const remove = useAction(async () => {
    await kind.withdraw?.run(submission);
    setDeleting(false);
    onChange();
  });
  const edit = kind.editLabels(s.status);
  const withdraw = kind.withdraw?.allowed(s.status) ?? false;
  return (
    <li className="card" aria-label={s.name}>
      <h2>
        <Link to={s.listingPath}>{s.name}</Link>
      </h2>
      <p className="meta">
        {/* "sent", not "sent for review": beside the status badge "under review" it read twice. */}
        <StatusBadge status={s.status} /> · {s.label ? `${s.label} · ` : ''}sent <When at={s.createdAt} />
        {s.reviewedAt ? (
          <>
            {' '}
            · reviewed <When at={s.reviewedAt} />
          </>
        ) : null}
        {s.revisions}
      </p>
      {s.details}
      {s.feedback ? (
        <p>
          <strong>Reviewer feedback:</strong> {s.feedback}
        </p>
      ) : null}
      {!editing && (edit || withdraw) ? (
        <div className="row">
          {edit ? (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              {edit.open}
            </button>
          ) : null}
          {withdraw ? (
            <button type="button" className="danger" onClick={() => setDeleting(true)}>
              Withdraw
            </button>
          ) : null}
        </div>
      ) : null}
      {editing && edit ? (
        <ActionForm className="form" aria-label={`Edit ${s.name}`} runs={save}>
          <TextField
            label="Name"
            required={kind.form.required}
            minLength={2}
            maxLength={120}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextArea
            label="Description"
            required={kind.form.required}
            minLength={10}
            maxLength={kind.form.descriptionMax}
            rows={kind.form.rows}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          {kind.form.repositoryUrl ? (
            <TextField
              label="Repository URL"
              type="url"
              value={form.sourceHostUrl}
              onChange={(e) => setForm({ ...form, sourceHostUrl: e.target.value })}
            />
          ) : null}
          <ErrorMessage error={save.error} />
          <SaveOrCancel save={edit.save} runs={save} onCancel={() => setEditing(false)} />
        </ActionForm>
      ) : null}
      {kind.withdraw && deleting ? (
        <WithdrawDialog
          name={s.name}
          consequence={() => kind.withdraw!.consequence(submission)}
          remove={remove}
          onCancel={() => setDeleting(false)}
        />
      ) : null}
    </li>
  );
}

/** The question before a withdrawal, saying what it does to this submission's listing once that is read. */
function WithdrawDialog({
  name,
  consequence,
  remove,
  onCancel,
}: {
  name: string;
  consequence: () => Promise<Withdrawal>;
  remove: { run: () => Promise<unknown>; busy: boolean; error: unknown };
  onCancel: () => void;
}) {
  const known = useAsync(consequence, []);
  return (
    <ConfirmDialog
      open
      title={`Withdraw ${name}?`}
      confirmLabel={known.data?.confirm ?? 'Withdraw'}
      busy={remove.busy}
      disabled={!known.data}
      onConfirm={() => void remove.run()}
      onCancel={onCancel}
    >
      {known.data ? <p>{known.data.explanation}</p> : <Loading />}
      <ErrorMessage error={remove.error} />
    </ConfirmDialog>
  );
}

export const PolicySubmissions = () => <SubmissionsOf kind={POLICIES} />;
export const RulesetSubmissions = () => <SubmissionsOf kind={RULESETS} />;
