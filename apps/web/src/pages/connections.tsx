// Connections to the platform: create (test the credentials first), the organization tree, sync, and
// delete after seeing what it touches.
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { CutListNote, OrgTree } from '../org-tree';
import { useAction, useAsync } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { Badge, When } from '../ui/display';
import { ActionForm, SelectField, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, Loading, Page, Pending } from '../ui/page';

type Connection = Schemas['ConnectionDto'];
type Host = Connection['host'];

/** The form's label of each field the API names in a 400. */
const LABELS = {
  name: 'Connection name',
  host: 'Platform host',
  customDomain: 'Custom domain',
  clientId: 'Client id',
  clientSecret: 'Client secret',
  organizationId: 'Organization id',
};

const EMPTY = {
  name: '',
  host: 'us' as Host,
  customDomain: '',
  clientId: '',
  clientSecret: '',
  organizationId: '',
};

export default function Connections() {
  const list = useAsync(() => ok(api.GET('/api/connections')), []);
  const [check, setCheck] = useState<Schemas['ValidationResultDto'] | null>(null);
  /** The organizations the typed credentials reach, once asked: the organization is chosen among them. */
  const [orgs, setOrgs] = useState<Schemas['OrganizationListDto'] | null>(null);
  /** What the last "Create connection" made, said once the form has emptied. */
  const [created, setCreated] = useState<Schemas['CreatedConnectionDto'] | null>(null);
  const fields = useFields(EMPTY, (name) => {
    setCheck(null);
    // Other credentials may reach other organizations.
    if (name !== 'name' && name !== 'organizationId') setOrgs(null);
  });
  const form = fields.values;
  const body = () => ({
    name: form.name.trim(),
    host: form.host,
    customDomain: form.host === 'custom' ? form.customDomain.trim() : undefined,
    clientId: form.clientId.trim(),
    clientSecret: form.clientSecret,
    organizationId: form.organizationId.trim(),
  });
  // Test, Find organizations and Create share the form: what one of them refused is no longer shown once
  // another answers (a refused test stayed beside the organization that Find organizations then chose).
  const forget = (): void => {
    test.setError(null);
    find.setError(null);
    create.setError(null);
  };
  const test = useAction(async () => {
    setCreated(null);
    forget();
    const { name: _name, ...credentials } = body();
    setCheck(await ok(api.POST('/api/connections/validate', { body: credentials })));
  });
  const find = useAction(async () => {
    setCreated(null);
    forget();
    const { name: _name, organizationId: _organization, ...credentials } = body();
    const answer = await ok(api.POST('/api/connections/organizations', { body: credentials }));
    const found = answer.orgs;
    setOrgs(answer);
    // The root organization unless one of those found is chosen already.
    const root = found.find((o) => o.isPrimary) ?? found[0];
    if (root && !found.some((o) => o.id === form.organizationId))
      fields.setValues((typed) => ({ ...typed, organizationId: root.id }));
  });
  const create = useAction(async () => {
    setCreated(null);
    forget();
    const answer = await ok(api.POST('/api/connections', { body: body() }));
    // The form empties: the result of the last test belonged to what was typed there.
    setCheck(null);
    setCreated(answer);
    fields.setValues(EMPTY);
    setOrgs(null);
    list.reload();
  });
  const field = fields.bind(create.error, test.error, find.error);
  return (
    <Page title="Connections">
      <p>A connection holds the client credentials of a platform organization; deployments go through it.</p>
      <h2>Your connections</h2>
      <Pending state={list} />
      {list.data && list.data.connections.length === 0 ? <p>No connections yet.</p> : null}
      <ul className="cards">
        {list.data?.connections.map((c) => (
          <ConnectionCard key={c.id} connection={c} onChange={list.reload} />
        ))}
      </ul>
      <ActionForm className="form" aria-labelledby="new-connection" runs={create}>
        <h2 id="new-connection">New connection</h2>
        <TextField
          label="Connection name"
          required
          minLength={2}
          maxLength={80}
          hint="2 to 80 characters."
          {...field('name')}
        />
        <SelectField
          label="Platform host"
          value={form.host}
          onChange={field('host').onChange}
          options={[
            ['us', 'US'],
            ['eu', 'EU'],
            ['custom', 'Custom domain'],
          ]}
        />
        {form.host === 'custom' ? (
          <TextField
            label="Custom domain"
            type="url"
            hint="https://… of your platform."
            {...field('customDomain')}
          />
        ) : null}
        <TextField
          label="Client id"
          required
          minLength={4}
          maxLength={255}
          autoComplete="off"
          {...field('clientId')}
        />
        <TextField
          label="Client secret"
          type="password"
          required
          minLength={4}
          autoComplete="new-password"
          hint="Stored encrypted; never shown again."
          {...field('clientSecret')}
        />
        {orgs && !orgs.truncated && orgs.orgs.length > 0 ? (
          <SelectField
            label="Organization"
            hint="The organizations these credentials reach, the root first: deployments go to the one chosen and those under it."
            {...field('organizationId')}
            options={orgs.orgs.map((o) => [o.id, `${o.fullPath} (${o.id})`])}
          />
        ) : (
          <>
            <TextField
              label="Organization id"
              hint={
                orgs?.truncated
                  ? 'Deployments go to this organization and those under it: pick one the credentials reach, or type the id of one not listed.'
                  : 'The platform organization the client belongs to, usually its root: deployments go to it and the organizations under it. Find organizations lists those the credentials reach.'
              }
              required
              minLength={4}
              maxLength={255}
              list={orgs?.truncated ? 'found-organizations' : undefined}
              {...field('organizationId')}
            />
            {orgs?.truncated ? (
              <>
                <datalist id="found-organizations">
                  {orgs.orgs.map((o) => (
                    <option key={o.id} value={o.id} label={o.fullPath} />
                  ))}
                </datalist>
                <CutListNote
                  listed={orgs.orgs.length}
                  then="An organization not listed is checked when the connection is created."
                />
              </>
            ) : (
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  disabled={find.busy}
                  onClick={() => void find.run()}
                >
                  {find.busy ? 'Finding…' : 'Find organizations'}
                </button>
              </div>
            )}
          </>
        )}
        {check ? (
          <p role="status" className={check.ok ? 'panel' : 'error'}>
            {check.ok
              ? 'The credentials work.'
              : `The credentials do not work: ${check.error ?? check.code ?? 'unknown reason'}`}
          </p>
        ) : null}
        {created ? (
          <p role="status" className="panel">
            Connection “{created.connection.name}” created
            {created.validation.ok
              ? ': its credentials work.'
              : `, but its credentials do not work: ${created.validation.error ?? created.validation.code ?? 'unknown reason'}.`}{' '}
            It is listed above.
          </p>
        ) : null}
        <ErrorMessage error={test.error ?? find.error ?? create.error} labels={LABELS} />
        <div className="row">
          <button type="button" className="secondary" disabled={test.busy} onClick={() => void test.run()}>
            {test.busy ? 'Testing…' : 'Test credentials'}
          </button>
          <SubmitButton runs={create} busy="Creating…">
            Create connection
          </SubmitButton>
        </div>
      </ActionForm>
    </Page>
  );
}

function ConnectionCard({ connection: c, onChange }: { connection: Connection; onChange: () => void }) {
  const [showOrgs, setShowOrgs] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const orgs = useAsync(
    () =>
      showOrgs
        ? ok(api.GET('/api/connections/{id}/orgs', { params: { path: { id: c.id } } }))
        : Promise.resolve(null),
    [showOrgs, c.id],
  );
  const impact = useAsync(
    () =>
      deleting
        ? ok(api.GET('/api/connections/{id}/impact', { params: { path: { id: c.id } } }))
        : Promise.resolve(null),
    [deleting, c.id],
  );
  const sync = useAction(async () =>
    ok(api.POST('/api/connections/{id}/sync', { params: { path: { id: c.id } } })),
  );
  const [synced, setSynced] = useState<Schemas['SyncResultDto'] | null>(null);
  const remove = useAction(async () => {
    await ok(api.DELETE('/api/connections/{id}', { params: { path: { id: c.id } } }));
    setDeleting(false);
    onChange();
  });
  return (
    <li className="card" aria-label={c.name}>
      <h3>{c.name}</h3>
      <p className="meta">
        {c.host === 'custom' ? c.custom_domain : c.host.toUpperCase()} · client <code>{c.client_id}</code> ·
        organization <code>{c.organization_id}</code>
      </p>
      <p>
        {c.validation_error ? (
          <Badge tone="bad">invalid: {c.validation_error}</Badge>
        ) : c.validated_at ? (
          <>
            <Badge tone="good">valid</Badge> checked <When at={c.validated_at} />
          </>
        ) : (
          <Badge>not checked</Badge>
        )}
      </p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          aria-expanded={showOrgs}
          onClick={() => setShowOrgs(!showOrgs)}
        >
          {showOrgs ? 'Hide organizations' : 'Organizations'}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={sync.busy}
          onClick={() => void sync.run().then((r) => r && (setSynced(r), onChange()))}
        >
          {sync.busy ? 'Syncing…' : 'Sync'}
        </button>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      <ErrorMessage error={sync.error} />
      {synced ? (
        <p role="status">
          {synced.validation.ok
            ? 'Credentials valid.'
            : `Credentials invalid: ${synced.validation.error ?? ''}`}
          {synced.reconciliation
            ? ` ${synced.reconciliation.in_sync} deployment(s) in sync, ${synced.reconciliation.gone.length} gone, ${synced.reconciliation.unknown} unknown.`
            : ''}
        </p>
      ) : null}
      {showOrgs ? (
        orgs.loading ? (
          <Loading label="Loading organizations…" />
        ) : orgs.data ? (
          <>
            <OrgTree orgs={orgs.data.orgs} label={`Organizations of ${c.name}`} />
            {orgs.data.truncated ? <CutListNote listed={orgs.data.orgs.length} /> : null}
          </>
        ) : (
          <ErrorMessage error={orgs.error} retry={orgs.reload} />
        )
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete the connection “${c.name}”?`}
        confirmLabel="Delete connection"
        busy={remove.busy}
        onConfirm={() => void remove.run()}
        onCancel={() => setDeleting(false)}
      >
        {impact.loading ? <Loading label="Checking what it touches…" /> : null}
        {impact.data ? (
          <ul>
            <li>
              {impact.data.active_deployments} active deployment(s) stay on the platform but can no longer be
              synced or removed through it.
            </li>
            <li>{impact.data.historical_deployments} earlier deployment(s) keep their records.</li>
            <li>
              It is shared into {impact.data.workspace_links} workspace(s): their members lose it at once.
            </li>
          </ul>
        ) : null}
        <ErrorMessage error={impact.error ?? remove.error} />
      </ConfirmDialog>
    </li>
  );
}
