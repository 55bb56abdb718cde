// Deploying a policy or a ruleset: the item, a workspace, a connection (yours or shared into it), the
// target organizations from the tree, publish/release options and version; the plan (what each
// organization would get) before the button; then each target's result. Or a roll-out in steps, followed
// on its page. `?policyId=` or `?rulesetId=` opens it on that item.
import { useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, ok, type Schemas } from '../api/client';
import { CutListNote, OrgTree } from '../org-tree';
import { Link, navigate, useLocation } from '../router';
import { useAction, useAsync, useDebounced } from '../ui/async';
import { StatusBadge } from '../ui/display';
import { ActionForm, Checkbox, SelectField, SubmitButton, TextField } from '../ui/fields';
import { ErrorMessage, Loading, Page } from '../ui/page';

type Result = Schemas['DeploymentResultDto'];
type Planned = Schemas['PlannedTargetDto'];
type Status = Schemas['DeploymentDto']['status'];
type Policy = Schemas['PolicyDto'];
type Kind = 'policy' | 'ruleset';

/** Statuses a deployment leaves only by a new action (a sync, a redeploy). */
const SETTLED: Status[] = ['succeeded', 'failed', 'cancelled', 'removed'];

/** Items offered by the deploy form's select at once (a search finds the others). */
const ASSET_CHOICES = 200;

function isCommunity(item: Schemas['PolicyListDto']['policies'][number]): item is Policy {
  return 'id' in item;
}

/** A policy as the select offers it: its name, and its status unless published. */
const policyOption = (p: Policy): [string, string] => [
  p.id,
  `${p.name}${p.status === 'published' ? '' : ` (${p.status.replace('_', ' ')})`}`,
];

const rulesetOption = (r: {
  id: string;
  name: string;
  lifecycle_status: Schemas['RulesetDto']['lifecycle_status'];
}): [string, string] => [
  r.id,
  `${r.name}${r.lifecycle_status === 'published' ? '' : ` (${r.lifecycle_status.replace('_', ' ')})`}`,
];

function isCommunityRuleset(
  item: Schemas['RulesetListDto']['rulesets'][number],
): item is Schemas['RulesetSummaryDto'] {
  return 'id' in item;
}

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function Deploy() {
  const { query } = useLocation();
  const [kind, setKind] = useState<Kind>(query.get('rulesetId') ? 'ruleset' : 'policy');
  const [assetId, setAssetId] = useState(query.get('rulesetId') ?? query.get('policyId') ?? '');
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
  const [rollout, setRollout] = useState({ on: false, sizes: '1, rest', bakeSeconds: '60' });
  // One key per attempt: a retry after a lost answer is answered, not deployed twice.
  const [attemptKey, setAttemptKey] = useState(newKey);

  // The items to choose from: the first ASSET_CHOICES by name, or those matching what the user types; the
  // item chosen (from the link, or before another search) stays among them.
  const [find, setFind] = useState('');
  const words = useDebounced(find.trim(), 300);
  const candidates = useAsync(async (): Promise<{ options: Array<[string, string]>; more: boolean }> => {
    const query = { limit: ASSET_CHOICES, sort: 'alpha' as const, ...(words ? { q: words } : {}) };
    if (kind === 'policy') {
      const page = await ok(api.GET('/api/policies', { params: { query } }));
      return { options: page.policies.filter(isCommunity).map(policyOption), more: page.hasMore };
    }
    const page = await ok(api.GET('/api/rulesets', { params: { query } }));
    return { options: page.rulesets.filter(isCommunityRuleset).map(rulesetOption), more: page.hasMore };
  }, [kind, words]);
  const offered = candidates.data !== undefined;
  const listed = (candidates.data?.options ?? []).some(([id]) => id === assetId);
  const chosenAsset = useAsync(async (): Promise<[string, string] | null> => {
    if (!assetId || !offered || listed) return null;
    const path = { params: { path: { id: assetId } } };
    return kind === 'policy'
      ? policyOption((await ok(api.GET('/api/policies/{id}', path))).policy)
      : rulesetOption((await ok(api.GET('/api/rulesets/{id}', path))).ruleset);
  }, [kind, assetId, offered, listed]);
  const workspaces = useAsync(() => ok(api.GET('/api/workspaces')), []);
  const mine = useAsync(() => ok(api.GET('/api/connections')), []);
  const workspace = useAsync(
    () =>
      workspaceId
        ? ok(api.GET('/api/workspaces/{id}', { params: { path: { id: workspaceId } } }))
        : Promise.resolve(null),
    [workspaceId],
  );
  // A policy's organizations say where it may go; a ruleset may go wherever the connection deploys.
  const orgs = useAsync(
    () =>
      !assetId || !connectionId
        ? Promise.resolve(null)
        : kind === 'policy'
          ? ok(
              api.GET('/api/policies/{id}/orgs', {
                params: { path: { id: assetId }, query: { connectionId } },
              }),
            )
          : ok(api.GET('/api/connections/{id}/orgs', { params: { path: { id: connectionId } } })),
    [kind, assetId, connectionId],
  );

  const assetOptions: Array<[string, string]> = [
    ...(chosenAsset.data && !listed ? [chosenAsset.data] : []),
    ...(candidates.data?.options ?? []),
  ];
  const connectionOptions = useMemo(() => {
    const all = new Map<string, string>();
    for (const c of mine.data?.connections ?? []) all.set(c.id, `${c.name} (yours)`);
    for (const c of workspace.data?.workspace.connections ?? [])
      if (!c.disabled_at && !all.has(c.id)) all.set(c.id, `${c.name} (shared)`);
    return [...all.entries()];
  }, [mine.data, workspace.data]);

  // With one workspace and, in it, one connection to choose from, there is nothing to choose: both are
  // chosen (a person with more picks; a workspace from the link stays).
  const usable = (workspaces.data?.memberships ?? []).filter((m) => !m.workspace.archived_at);
  const onlyWorkspace = usable.length === 1 ? usable[0].workspace.id : '';
  useEffect(() => {
    if (!workspaceId && onlyWorkspace) setWorkspaceId(onlyWorkspace);
  }, [onlyWorkspace]);
  const onlyConnection =
    workspaceId && workspace.data && mine.data && connectionOptions.length === 1
      ? connectionOptions[0][0]
      : '';
  useEffect(() => {
    if (!connectionId && onlyConnection) setConnectionId(onlyConnection);
  }, [onlyConnection]);

  // One deploy per attempt: a second click while the first is under way does nothing, and the same
  // Idempotency-Key makes a retry after a lost answer return the first answer instead of deploying again.
  const inFlight = useRef(false);
  // The results come below a long form: the view (and a screen reader) moves to them.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (results) resultsHeading.current?.focus();
  }, [results]);
  const deploy = useAction(async () => {
    if (inFlight.current || results) return;
    inFlight.current = true;
    try {
      await send();
    } catch (error) {
      // A refusal (4xx) deployed nothing: the next attempt, with the input fixed, is a new one (the
      // same key with another body would be a 422). No answer or a 5xx keeps the key for a safe retry.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setAttemptKey(newKey());
      throw error;
    } finally {
      inFlight.current = false;
    }
  });
  const request = {
    ...(kind === 'policy' ? { policyId: assetId } : { assetType: 'ruleset' as const, rulesetId: assetId }),
    workspaceId,
    connectionId,
    targetOrganizationIds: targets,
    doPublish: options.doPublish,
    doRelease: options.doRelease,
    cleanupDev: options.cleanupDev,
    version: options.version.trim() || undefined,
    ref: options.ref.trim() || undefined,
  };
  // The plan follows the form (a moment after the last change): what each organization would get.
  const planned = useDebounced(JSON.stringify(request), 400);
  const plan = useAsync(async (): Promise<Planned[] | null> => {
    const body = JSON.parse(planned) as typeof request;
    if (!assetId || !body.workspaceId || !body.connectionId || body.targetOrganizationIds.length === 0)
      return null;
    const answer = await ok(api.POST('/api/deployments', { body: { ...body, dryRun: true } }));
    return 'targets' in answer ? answer.targets : null;
  }, [planned]);
  const send = async (): Promise<void> => {
    if (rollout.on) {
      const sizes = rollout.sizes
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (s === 'rest' ? ('rest' as const) : Number(s)));
      const created = await ok(
        api.POST('/api/rollouts', {
          body: {
            ...request,
            stepSizes: sizes,
            bakeSeconds: Number(rollout.bakeSeconds) || 0,
          },
        }),
      );
      navigate(`/rollouts/${created.rollout.id}`);
      return;
    }
    const answer = await ok(
      api.POST('/api/deployments', {
        params: { header: { 'Idempotency-Key': attemptKey } },
        body: request,
      }),
    );
    if ('results' in answer) setResults(answer.results);
  };
  /** After the results, the form stays as it was sent (read-only) until the user starts another. */
  const again = (): void => {
    setResults(null);
    setAttemptKey(newKey());
    deploy.setError(null);
  };

  const ready = assetId && workspaceId && connectionId && targets.length > 0;
  const noun = kind === 'policy' ? 'policy' : 'ruleset';
  return (
    <Page title={`Deploy a ${noun}`}>
      {[candidates, workspaces, mine].some((a) => a.loading) ? <Loading /> : null}
      <ErrorMessage error={candidates.error ?? chosenAsset.error ?? workspaces.error ?? mine.error} />
      <ActionForm className="form" aria-label="Deployment" runs={deploy}>
        <fieldset className="plain" disabled={results !== null || deploy.busy}>
          <legend className="visually-hidden">What to deploy, where</legend>
          <SelectField
            label="Kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setAssetId('');
              setFind('');
              setTargets([]);
            }}
            options={[
              ['policy', 'Policy'],
              ['ruleset', 'Ruleset'],
            ]}
          />
          <TextField
            label={`Find a ${noun}`}
            type="search"
            hint={
              candidates.data?.more
                ? `The first ${ASSET_CHOICES} by name are offered below: type words of the name to find another.`
                : undefined
            }
            value={find}
            onChange={(e) => setFind(e.target.value)}
          />
          <SelectField
            label={kind === 'policy' ? 'Policy' : 'Ruleset'}
            required
            value={assetId}
            onChange={(e) => {
              setAssetId(e.target.value);
              setTargets([]);
            }}
            options={[['', `Choose a ${noun}…`], ...assetOptions]}
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
            {!assetId || !connectionId ? (
              <p className="hint">Choose a {noun} and a connection to see where it can go.</p>
            ) : null}
            {orgs.loading && assetId && connectionId ? <Loading label="Loading organizations…" /> : null}
            <ErrorMessage error={orgs.error} retry={orgs.reload} />
            {orgs.data ? (
              <OrgTree
                orgs={orgs.data.orgs}
                label="Target organizations"
                selected={targets}
                onToggle={(id, on) => setTargets(on ? [...targets, id] : targets.filter((t) => t !== id))}
              />
            ) : null}
            {orgs.data?.truncated ? (
              <UnlistedTargets listed={orgs.data.orgs} targets={targets} onChange={setTargets} />
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
              hint={`Empty: the ${noun}'s ref, else the default branch.`}
              value={options.ref}
              onChange={(e) => setOptions({ ...options, ref: e.target.value })}
            />
          </fieldset>
          <fieldset>
            <legend>Roll-out</legend>
            <Checkbox
              label="Roll out in steps, each gated on the platform's health"
              checked={rollout.on}
              onChange={(e) => setRollout({ ...rollout, on: e.target.checked })}
            />
            {rollout.on ? (
              <>
                <TextField
                  label="Step sizes"
                  hint="Organizations per step, in the order chosen, e.g. 1, 3, rest. A failed or unhealthy organization halts and restores."
                  value={rollout.sizes}
                  onChange={(e) => setRollout({ ...rollout, sizes: e.target.value })}
                />
                <TextField
                  label="Bake time (seconds)"
                  hint="How long each step stays healthy before the next starts."
                  value={rollout.bakeSeconds}
                  onChange={(e) => setRollout({ ...rollout, bakeSeconds: e.target.value })}
                />
              </>
            ) : null}
          </fieldset>
        </fieldset>
        {plan.data && !results ? (
          <section aria-labelledby="plan-title" className="panel">
            <h2 id="plan-title">Plan</h2>
            <p className="hint">What deploying would do in each organization (nothing is changed yet).</p>
            <ul aria-label="Plan">
              {plan.data.map((t) => (
                <li key={t.organizationId}>
                  {t.organizationName ?? t.organizationId}:{' '}
                  {t.action === 'error' ? (
                    <span className="field-error">{t.error}</span>
                  ) : t.action === 'update' ? (
                    `update ${t.from} → ${t.to ?? 'the built version'}`
                  ) : t.action === 'create' ? (
                    `create ${t.to ?? 'the built version'}`
                  ) : (
                    `unchanged (${t.from})`
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ErrorMessage error={deploy.error} />
        {results ? (
          <button type="button" className="secondary" onClick={again}>
            Start another deployment
          </button>
        ) : (
          <SubmitButton runs={deploy} busy="Deploying…" disabled={!ready}>
            {`${rollout.on ? 'Roll out' : 'Deploy'} to ${targets.length} organization${targets.length === 1 ? '' : 's'}`}
          </SubmitButton>
        )}
      </ActionForm>
      {results ? (
        <section aria-labelledby="results-title" className="panel">
          <h2 id="results-title" tabIndex={-1} ref={resultsHeading}>
            Results
          </h2>
          <p className="hint">Each status follows its deployment live; its page shows the log.</p>
          <ul>
            {results.map((r) => (
              <li key={r.organizationId}>
                {r.organizationName ?? r.organizationId}:{' '}
                {r.ok && r.deployment ? (
                  <>
                    <LiveStatus id={r.deployment.id} initial={r.deployment.status} />{' '}
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

/**
 * Targets past the API's cut of a large organization tree (`truncated`): the form says the list is cut,
 * and takes an organization not listed by its id, which the plan and the deploy check as any other.
 */
function UnlistedTargets({
  listed,
  targets,
  onChange,
}: {
  listed: Schemas['OrganizationDto'][];
  targets: string[];
  onChange: (targets: string[]) => void;
}) {
  const [id, setId] = useState('');
  const shown = new Set(listed.map((org) => org.id));
  const unlisted = targets.filter((target) => !shown.has(target));
  const add = (): void => {
    const wanted = id.trim();
    if (wanted && !targets.includes(wanted)) onChange([...targets, wanted]);
    setId('');
  };
  return (
    <>
      <CutListNote
        listed={listed.length}
        then="Add one not listed by its id; the plan says whether it can be deployed to."
      />
      <div className="row">
        <TextField
          label="Organization id (not listed)"
          value={id}
          onChange={(e) => setId(e.target.value)}
          // Enter adds the id; it does not deploy.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
        <button type="button" className="secondary" disabled={!id.trim()} onClick={add}>
          Add organization
        </button>
      </div>
      {unlisted.length > 0 ? (
        <ul aria-label="Organizations not listed">
          {unlisted.map((target) => (
            <li key={target}>
              <code>{target}</code>, passed on by id for the API to check{' '}
              <button
                type="button"
                className="secondary"
                aria-label={`Remove ${target}`}
                onClick={() => onChange(targets.filter((t) => t !== target))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A deployment's status, asked again every two seconds until it settles. */
function LiveStatus({ id, initial }: { id: string; initial: Status }) {
  const current = useAsync(() => ok(api.GET('/api/deployments/{id}', { params: { path: { id } } })), [id]);
  const status = current.data?.deployment.status ?? initial;
  const settled = SETTLED.includes(status);
  useEffect(() => {
    if (settled) return;
    const timer = setInterval(current.reload, 2000);
    return () => clearInterval(timer);
  }, [settled, current.reload]);
  return (
    <span role="status" data-deployment={id}>
      <StatusBadge status={status} />
      {status === 'failed' && current.data?.deployment.error ? (
        <span className="field-error"> {current.data.deployment.error}</span>
      ) : null}
    </span>
  );
}
