// My ruleset submissions: status, rule counts and reviewer feedback; one sent back for improvement is
// edited and resubmitted here, one never published may be withdrawn (deleted).
import { type FormEvent, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { Link, useLocation } from '../router';
import {
  ConfirmDialog,
  ErrorMessage,
  Loading,
  Page,
  severityCounts,
  StatusBadge,
  TextArea,
  TextField,
  useAction,
  useAsync,
  When,
} from '../ui';

type Submission = Schemas['RulesetSubmissionDto'];

export default function RulesetSubmissions() {
  const { query } = useLocation();
  const just = query.get('submitted');
  const list = useAsync(() => ok(api.GET('/api/ruleset-submissions')), []);
  const all = list.data?.submissions ?? [];
  return (
    <Page
      title="My ruleset submissions"
      actions={
        <Link className="button" to="/submit/ruleset">
          Submit a ruleset
        </Link>
      }
    >
      {just ? (
        <p role="status" className="panel">
          Submitted. An administrator reviews it next; its status and their feedback show here.
        </p>
      ) : null}
      <p>
        Policies you submitted are under <Link to="/submissions">My submissions</Link>.
      </p>
      {list.loading ? <Loading /> : <ErrorMessage error={list.error} retry={list.reload} />}
      {list.data && all.length === 0 ? <p>You have not submitted a ruleset yet.</p> : null}
      <ul className="cards">
        {all.map((s) => (
          <RulesetSubmissionCard key={`${s.id}:${s.updated_at}`} submission={s} onChange={list.reload} />
        ))}
      </ul>
    </Page>
  );
}

function RulesetSubmissionCard({
  submission: s,
  onChange,
}: {
  submission: Submission;
  onChange: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [form, setForm] = useState({ name: s.name, description: s.description });
  const path = { params: { path: { id: s.id } } };
  const save = useAction(async () => {
    await ok(
      api.PATCH('/api/ruleset-submissions/{id}', {
        ...path,
        body: {
          category: s.category,
          name: form.name.trim(),
          description: form.description.trim(),
          ...(s.status === 'needs_improvement' ? { resubmit: true } : {}),
        },
      }),
    );
    setEditing(false);
    onChange();
  });
  const remove = useAction(async () => {
    await ok(api.DELETE('/api/ruleset-submissions/{id}', path));
    setDeleting(false);
    onChange();
  });
  const counts = s.rule_counts;
  return (
    <li className="card" aria-label={s.name}>
      <h2>
        <Link to={`/rulesets/${s.ruleset_id}`}>{s.name}</Link>
      </h2>
      <p className="meta">
        <StatusBadge status={s.status} /> {s.category} · submitted <When at={s.created_at} />
        {s.reviewed_at ? (
          <>
            {' '}
            · reviewed <When at={s.reviewed_at} />
          </>
        ) : null}
        {s.revision_count ? ` · ${s.revision_count} edit(s)` : ''}
      </p>
      <p className="meta">
        {severityCounts(counts)} rules · <a href={s.source_url}>repository</a>
        {s.source_ref ? ` · ref ${s.source_ref}` : ''}
      </p>
      {s.review_feedback ? (
        <p>
          <strong>Reviewer feedback:</strong> {s.review_feedback}
        </p>
      ) : null}
      {!editing ? (
        <div className="row">
          {s.status === 'needs_improvement' || s.status === 'approved' ? (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              {s.status === 'needs_improvement' ? 'Edit and resubmit' : 'Submit an update'}
            </button>
          ) : null}
          {s.status !== 'approved' ? (
            <button type="button" className="danger" onClick={() => setDeleting(true)}>
              Withdraw
            </button>
          ) : null}
        </div>
      ) : (
        <form
          className="form"
          aria-label={`Edit ${s.name}`}
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <TextField
            label="Name"
            required
            minLength={2}
            maxLength={120}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextArea
            label="Description"
            required
            minLength={10}
            maxLength={20000}
            rows={4}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <ErrorMessage error={save.error} />
          <div className="row">
            <button type="submit" disabled={save.busy}>
              {s.status === 'needs_improvement' ? 'Resubmit' : 'Submit update for review'}
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Withdraw ${s.name}?`}
        confirmLabel="Withdraw and delete"
        busy={remove.busy}
        onConfirm={() => void remove.run()}
        onCancel={() => setDeleting(false)}
      >
        <p>
          The ruleset was never published: it is deleted with this submission and its staged documentation.
        </p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </li>
  );
}
