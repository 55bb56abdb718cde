import { api, ok } from '../api/client';
import { Link } from '../router';
import { useAction, useAsync } from '../ui/async';
import { Badge } from '../ui/display';
import { ActionForm, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, Page, Pending } from '../ui/page';

export default function Workspaces() {
  const list = useAsync(() => ok(api.GET('/api/workspaces')), []);
  const fields = useFields({ name: '', slug: '' });
  const create = useAction(async () => {
    const { name, slug } = fields.values;
    await ok(api.POST('/api/workspaces', { body: { name: name.trim(), slug: slug.trim() || undefined } }));
    fields.setValues({ name: '', slug: '' });
    list.reload();
  });
  const field = fields.bind(create.error);
  return (
    <Page title="Workspaces">
      <p>Deployments happen in a workspace: its members share connections and see what is deployed.</p>
      <Pending state={list} />
      <ul className="cards">
        {list.data?.memberships.map(({ workspace: w, role }) => (
          <li key={w.id} className="card">
            <h2>
              <Link to={`/workspaces/${w.id}`}>{w.name}</Link>
            </h2>
            <p className="meta">
              {role} {w.is_personal ? <Badge>personal</Badge> : null}{' '}
              {w.archived_at ? <Badge tone="warn">archived</Badge> : null}
            </p>
          </li>
        ))}
      </ul>
      <ActionForm className="form" aria-labelledby="new-workspace" runs={create}>
        <h2 id="new-workspace">New workspace</h2>
        <TextField
          label="Workspace name"
          required
          minLength={2}
          maxLength={80}
          hint="2 to 80 characters."
          {...field('name')}
        />
        <TextField
          label="Slug (optional)"
          hint="2 to 48 lowercase letters, digits and dashes; derived from the name when empty."
          minLength={2}
          maxLength={48}
          // A pattern is compiled with the v flag, where a `-` in a class must be escaped: unescaped, the
          // browser drops the whole pattern and lets any slug through to the API.
          pattern="[a-z0-9][a-z0-9\-]*[a-z0-9]"
          {...field('slug')}
        />
        <ErrorMessage error={create.error} />
        <SubmitButton runs={create} busy="Creating…">
          Create workspace
        </SubmitButton>
      </ActionForm>
    </Page>
  );
}
