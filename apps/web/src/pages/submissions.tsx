// My submissions: status and reviewer feedback; a rejected one is edited and resubmitted here.
import { type FormEvent, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { Link, useLocation } from '../router';
import {
  ErrorMessage,
  Loading,
  Page,
  StatusBadge,
  TextArea,
  TextField,
  useAction,
  useAsync,
  When,
} from '../ui';

type Submission = Schemas['SubmissionDto'];

export default function Submissions() {
  const { query } = useLocation();
  const just = query.get('submitted');
  const [pages, setPages] = useState<Submission[]>([]);
  const list = useAsync(() => ok(api.GET('/api/submissions', { params: { query: { limit: 50 } } })), []);
  const more = useAction(async () => {
    const page = await ok(
      api.GET('/api/submissions', { params: { query: { limit: 50, cursor: list.data!.nextCursor! } } }),
    );
    setPages([...pages, ...page.submissions]);
  });
  const all = [...(list.data?.submissions ?? []), ...pages];
  return (
    <Page
      title="My submissions"
      actions={
        <>
          <Link className="button secondary" to="/ruleset-submissions">
            My ruleset submissions
          </Link>
          <Link className="button" to="/submit">
            Submit a policy
          </Link>
        </>
      }
    >
      {just ? (
        <p role="status" className="panel">
          Submitted. An administrator reviews it next; its status and their feedback show here.
        </p>
      ) : null}
      {list.loading ? <Loading /> : <ErrorMessage error={list.error} retry={list.reload} />}
      {list.data && all.length === 0 ? <p>You have not submitted anything yet.</p> : null}
      <ul className="cards">
        {all.map((s) => (
          <SubmissionCard key={s.id} submission={s} onChange={list.reload} />
        ))}
      </ul>
      {list.data?.hasMore ? (
        <button type="button" className="secondary" disabled={more.busy} onClick={() => void more.run()}>
          Load more
        </button>
      ) : null}
      <ErrorMessage error={more.error} />
    </Page>
  );
}

function SubmissionCard({ submission: s, onChange }: { submission: Submission; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({
    name: s.name,
    description: s.description,
    sourceHostUrl: s.sourceHostUrl,
  });
  const save = useAction(async () => {
    await ok(api.PATCH('/api/submissions/{id}', { params: { path: { id: s.id } }, body: form }));
    setEditing(false);
    onChange();
  });
  return (
    <li className="card" aria-label={s.name}>
      <h2>
        <Link to={`/policies/${s.policyId}`}>{s.name}</Link>
      </h2>
      <p className="meta">
        <StatusBadge status={s.status} /> submitted <When at={s.createdAt} />
        {s.reviewedAt ? (
          <>
            {' '}
            · reviewed <When at={s.reviewedAt} />
          </>
        ) : null}
      </p>
      {s.feedback ? (
        <p>
          <strong>Reviewer feedback:</strong> {s.feedback}
        </p>
      ) : null}
      {s.status !== 'approved' && !editing ? (
        <button type="button" className="secondary" onClick={() => setEditing(true)}>
          {s.status === 'rejected' ? 'Edit and resubmit' : 'Edit'}
        </button>
      ) : null}
      {editing ? (
        <form
          className="form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <TextField
            label="Name"
            value={form.name}
            minLength={2}
            maxLength={120}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextArea
            label="Description"
            value={form.description}
            minLength={10}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <TextField
            label="Repository URL"
            type="url"
            value={form.sourceHostUrl}
            onChange={(e) => setForm({ ...form, sourceHostUrl: e.target.value })}
          />
          <ErrorMessage error={save.error} />
          <div className="row">
            <button type="submit" disabled={save.busy}>
              {s.status === 'rejected' ? 'Resubmit' : 'Save'}
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
