// Deploying a policy: the policy, a workspace, a connection (yours or shared into it), the target
// organizations from the tree, publish/release options and version; then each target's result.
import { type FormEvent, useMemo, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { OrgTree } from '../org-tree';
import { Link, useLocation } from '../router';
import {
  Checkbox,
  ErrorMessage,
  Loading,
  Page,
  SelectField,
  StatusBadge,
  TextField,
  useAction,
  useAsync,
} from '../ui';

type Result = Schemas['DeploymentResultDto'];
type Policy = Schemas['PolicyDto'];

function isCommunity(item: Schemas['PolicyListDto']['policies'][number]): item is Policy {
  return 'id' in item;
}

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function Deploy() {
  const { query } = useLocation();
  const [policyId, setPolicyId] = useState(query.get('policyId') ?? '');
  const [workspaceId, setWorkspaceId] = useState(query.get('workspaceId') ?? '');
  const [connectionId, setConnectionId] = useState('');
  const [targets, setTargets] = useState<string[]>([]);
  const [options, setOptions] = useState({
    doPublish: true,
    doRelease: true,
    cleanupDev: false,
    version: '',
    ref: '',
  });
  const [results, setResults] = useState<Result[] | null>(null);
  // One key per attempt: a retry after a lost answer is answered, not deployed twice.
  const [attemptKey, setAttemptKey] = useState(newKey);

  const policies = useAsync(
    () => ok(api.GET('/api/policies', { params: { query: { limit: 200, sort: 'alpha' } } })),
    [],
  );
  const workspaces = useAsync(() => ok(api.GET('/api/workspaces')), []);
  const mine = useAsync(() => ok(api.GET('/api/connections')), []);
  const workspace = useAsync(
    () =>
      workspaceId
        ? ok(api.GET('/api/workspaces/{id}', { params: { path: { id: workspaceId } } }))
        : Promise.resolve(null),
    [workspaceId],
  );
  const orgs = useAsync(
    () =>
      policyId && connectionId
        ? ok(
            api.GET('/api/policies/{id}/orgs', {
              params: { path: { id: policyId }, query: { connectionId } },
            }),
          )
        : Promise.resolve(null),
    [policyId, connectionId],
  );

  const policyOptions = (policies.data?.policies ?? []).filter(isCommunity);
  const connectionOptions = useMemo(() => {
    const all = new Map<string, string>();
    for (const c of mine.data?.connections ?? []) all.set(c.id, `${c.name} (yours)`);
    for (const c of workspace.data?.workspace.connections ?? [])
      if (!c.disabled_at && !all.has(c.id)) all.set(c.id, `${c.name} (shared)`);
    return [...all.entries()];
  }, [mine.data, workspace.data]);

  const deploy = useAction(async () => {
    const answer = await ok(
      api.POST('/api/deployments', {
        params: { header: { 'Idempotency-Key': attemptKey } },
        body: {
          policyId,
          workspaceId,
          connectionId,
          targetOrganizationIds: targets,
          doPublish: options.doPublish,
          doRelease: options.doRelease,
          cleanupDev: options.cleanupDev,
          version: options.version.trim() || undefined,
          ref: options.ref.trim() || undefined,
        },
      }),
    );
    setResults(answer.results);
    setAttemptKey(newKey());
  });

  const ready = policyId && workspaceId && connectionId && targets.length > 0;
  return (
    <Page title="Deploy a policy">
      {[policies, workspaces, mine].some((a) => a.loading) ? <Loading /> : null}
      <ErrorMessage error={policies.error ?? workspaces.error ?? mine.error} />
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void deploy.run();
        }}
      >
        <SelectField
          label="Policy"
          required
          value={policyId}
          onChange={(e) => {
            setPolicyId(e.target.value);
            setTargets([]);
          }}
          options={[
            ['', 'Choose a policy…'],
            ...policyOptions.map((p): [string, string] => [
              p.id,
              `${p.name}${p.status === 'published' ? '' : ` (${p.status.replace('_', ' ')})`}`,
            ]),
          ]}
        />
        <SelectField
          label="Workspace"
          required
          value={workspaceId}
          onChange={(e) => setWorkspaceId(e.target.value)}
          options={[
            ['', 'Choose a workspace…'],
            ...(workspaces.data?.memberships ?? [])
              .filter((m) => !m.workspace.archived_at)
              .map((m): [string, string] => [m.workspace.id, m.workspace.name]),
          ]}
        />
        <SelectField
          label="Connection"
          required
          value={connectionId}
          onChange={(e) => {
            setConnectionId(e.target.value);
            setTargets([]);
          }}
          hint={connectionOptions.length === 0 ? 'Create a connection first.' : undefined}
          options={[['', 'Choose a connection…'], ...connectionOptions]}
        />
        {connectionOptions.length === 0 && mine.data ? (
          <p>
            <Link to="/connections">Create a connection</Link>
          </p>
        ) : null}
        <fieldset>
          <legend>Target organizations</legend>
          {!policyId || !connectionId ? (
            <p className="hint">Choose a policy and a connection to see where it can go.</p>
          ) : null}
          {orgs.loading && policyId && connectionId ? <Loading label="Loading organizations…" /> : null}
          <ErrorMessage error={orgs.error} retry={orgs.reload} />
          {orgs.data ? (
            <OrgTree
              orgs={orgs.data.orgs}
              label="Target organizations"
              selected={targets}
              onToggle={(id, on) => setTargets(on ? [...targets, id] : targets.filter((t) => t !== id))}
            />
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Options</legend>
          <Checkbox
            label="Publish a -dev version to the registry"
            checked={options.doPublish}
            onChange={(e) => setOptions({ ...options, doPublish: e.target.checked })}
          />
          <Checkbox
            label="Release the version (and publish its home page)"
            checked={options.doRelease}
            onChange={(e) => setOptions({ ...options, doRelease: e.target.checked })}
          />
          <Checkbox
            label="Delete that version's -dev versions after the release"
            checked={options.cleanupDev}
            onChange={(e) => setOptions({ ...options, cleanupDev: e.target.checked })}
          />
          <TextField
            label="Version (optional)"
            hint="MAJOR.MINOR.PATCH; empty: the repository's."
            value={options.version}
            onChange={(e) => setOptions({ ...options, version: e.target.value })}
          />
          <TextField
            label="Branch, tag or commit (optional)"
            hint="Empty: the policy's ref, else the default branch."
            value={options.ref}
            onChange={(e) => setOptions({ ...options, ref: e.target.value })}
          />
        </fieldset>
        <ErrorMessage error={deploy.error} />
        <button type="submit" disabled={!ready || deploy.busy}>
          {deploy.busy
            ? 'Deploying…'
            : `Deploy to ${targets.length} organization${targets.length === 1 ? '' : 's'}`}
        </button>
      </form>
      {results ? (
        <section aria-labelledby="results-title" className="panel">
          <h2 id="results-title">Results</h2>
          <ul>
            {results.map((r) => (
              <li key={r.organizationId}>
                {r.organizationName ?? r.organizationId}:{' '}
                {r.ok && r.deployment ? (
                  <>
                    <StatusBadge status={r.deployment.status} />{' '}
                    <Link to={`/deployments/${r.deployment.id}`}>
                      follow the deployment to {r.organizationName ?? r.organizationId}
                    </Link>
                    {r.deployment.deduped ? ' (already in flight)' : ''}
                  </>
                ) : (
                  <span className="field-error">{r.error ?? 'not deployed'}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
