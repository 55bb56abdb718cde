// A workspace's governance dashboard: its APIs with their latest conformance and trend (at-risk first,
// as the API orders them), a line per API and one for the workspace (its trend: all its APIs, per day),
// registering an API, the at-risk threshold and the governance profiles. What a role may not do is not
// offered: members register APIs; the owner and admins also set the threshold and write profiles.
import { useState } from 'react';
import { api, ApiError, ok, type Schemas } from '../api/client';
import {
  apiLine,
  ConformanceChart,
  type Evaluation,
  lineSummary,
  percent,
  trendLine,
  trendOf,
  trendSummary,
} from '../governance/conformance';
import { Link, navigate } from '../router';
import { useAction, useAsync, useCursorPages } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { Badge, DataTable, When } from '../ui/display';
import { ActionForm, RadioSet, SubmitButton, TextArea, TextField, useFields } from '../ui/fields';
import { ErrorMessage, LoadMore, Page, Pending, PendingPage } from '../ui/page';

type Workspace = Schemas['WorkspaceDetailDto'];
type GovernedApi = Schemas['GovernedApiDto'];
type Profile = Schemas['GovernanceProfileDto'];

/** APIs per page of the dashboard (each with its line: one history read per API). */
const PAGE_SIZE = 25;
/** Evaluations per API's line. */
const LINE_LENGTH = 20;

export default function GovernancePage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const detail = useAsync(() => ok(api.GET('/api/workspaces/{id}', { params: { path: { id } } })), [id]);
  if (!detail.data)
    return (
      <PendingPage
        title="Governance"
        state={detail}
        failed={<NotFoundOr error={detail.error} what="workspace" retry={detail.reload} />}
      />
    );
  return <Governance w={detail.data.workspace} />;
}

/** A 404 said as "not found" (a stranger learns nothing more), any other error as the API said it. */
export function NotFoundOr({ error, what, retry }: { error: unknown; what: string; retry: () => void }) {
  if (error instanceof ApiError && error.status === 404)
    return (
      <p role="alert">
        This {what} was not found, or you are not a member of its workspace.{' '}
        <Link to="/workspaces">Your workspaces</Link>.
      </p>
    );
  return <ErrorMessage error={error} retry={retry} />;
}

/** Where an API stands against its workspace's threshold: at risk, not evaluated, or conforms. */
export function ConformanceBadge({ api }: { api: GovernedApi }) {
  if (api.at_risk) return <Badge tone="bad">at risk</Badge>;
  return api.conformance === null ? <Badge>not evaluated</Badge> : <Badge tone="good">conforms</Badge>;
}

function Governance({ w }: { w: Workspace }) {
  const manage = w.role === 'owner' || w.role === 'admin';
  const member = w.role !== null;
  const path = { params: { path: { id: w.id } } };
  // The list pages by offset: the cursor is the offset of the next page. Each API comes with its line.
  const dashboard = useCursorPages(
    async (cursor) => {
      const offset = Number(cursor ?? 0);
      const list = await ok(
        api.GET('/api/workspaces/{id}/governed-apis', {
          params: { path: { id: w.id }, query: { limit: PAGE_SIZE, offset } },
        }),
      );
      const items = await Promise.all(
        list.apis.map(async (a) => ({
          api: a,
          evaluations: a.last_evaluation_id
            ? (
                await ok(
                  api.GET('/api/governed-apis/{id}/evaluations', {
                    params: { path: { id: a.id }, query: { limit: LINE_LENGTH } },
                  }),
                )
              ).evaluations
            : [],
        })),
      );
      return { list, items, next: list.has_more ? String(offset + list.apis.length) : null };
    },
    [w.id],
    (row) => row.api.id,
  );
  // The workspace's line covers all its APIs, whatever page of them is shown.
  const trend = useAsync(
    () => ok(api.GET('/api/workspaces/{id}/governance/trend', { params: { path: { id: w.id } } })),
    [w.id],
  );
  const data = dashboard.data;
  return (
    <Page
      title={`${w.name}: governance`}
      actions={
        <Link className="button secondary" to={`/workspaces/${w.id}`}>
          Workspace
        </Link>
      }
    >
      {w.archived_at ? (
        <p className="hint">
          This workspace is archived: it is read-only (no API registered, no threshold or profile changed)
          until its owner unarchives it on <Link to={`/workspaces/${w.id}`}>the workspace&apos;s page</Link>.
        </p>
      ) : null}
      {!data ? (
        <Pending
          state={dashboard}
          failed={<NotFoundOr error={dashboard.error} what="workspace" retry={dashboard.reload} />}
        />
      ) : (
        <>
          <p className="lead" data-testid="governance-totals">
            {data.list.totals.apis} API{data.list.totals.apis === 1 ? '' : 's'} governed,{' '}
            {data.list.totals.evaluated} evaluated, <strong>{data.list.totals.at_risk} at risk</strong> (below{' '}
            {data.list.threshold}%).
          </p>
          <section aria-labelledby="workspace-trend" className="panel">
            <h2 id="workspace-trend">Conformance over time</h2>
            {trend.data ? (
              <>
                <p data-testid="workspace-trend-summary">
                  The mean of the latest conformance of all the workspace&apos;s APIs, each day of the last{' '}
                  {trend.data.days} days. {trendSummary(trend.data)}
                </p>
                <ConformanceChart points={trendLine(trend.data)} threshold={trend.data.threshold} />
              </>
            ) : (
              <Pending state={trend} />
            )}
          </section>
          <h2>APIs</h2>
          {dashboard.items.length === 0 ? (
            <p>No API is governed here yet{member && !w.archived_at ? ': register one below.' : '.'}</p>
          ) : (
            <ApiTable
              rows={dashboard.items}
              threshold={data.list.threshold}
              caption={`APIs of ${w.name}, at-risk first`}
            />
          )}
          <LoadMore pages={dashboard} label="Load more APIs" />
        </>
      )}
      {member && !w.archived_at ? <RegisterApi workspaceId={w.id} /> : null}
      <Threshold workspaceId={w.id} manage={manage && !w.archived_at} onSaved={() => dashboard.reload()} />
      <Profiles workspaceId={w.id} manage={manage && !w.archived_at} path={path} />
    </Page>
  );
}

function ApiTable({
  rows,
  threshold,
  caption,
}: {
  rows: Array<{ api: GovernedApi; evaluations: Evaluation[] }>;
  threshold: number;
  caption: string;
}) {
  return (
    <DataTable caption={caption} columns={['API', 'Conformance', 'Trend', 'Over time', 'Last evaluated']}>
      {rows.map(({ api: a, evaluations }) => {
        const points = apiLine(evaluations);
        return (
          <tr key={a.id}>
            <td>
              <Link to={`/governed-apis/${a.id}`}>{a.name}</Link>
              {a.tags.length > 0 ? <div className="meta">{a.tags.join(', ')}</div> : null}
            </td>
            <td>
              {percent(a.conformance)} <ConformanceBadge api={a} />
            </td>
            <td>{trendOf(a.conformance, a.previous_conformance)}</td>
            <td>
              <span className="visually-hidden">{lineSummary(points)}</span>
              <ConformanceChart points={points} threshold={threshold} spark />
            </td>
            <td>
              <When at={a.last_evaluated_at} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Comma- or space-separated labels as a list ("public, payments" -> ["public", "payments"]). */
function labels(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

function RegisterApi({ workspaceId }: { workspaceId: string }) {
  const [where, setWhere] = useState<'document' | 'source'>('document');
  const fields = useFields({
    name: '',
    tags: '',
    scope: '',
    filename: 'openapi.yaml',
    content: '',
    repoUrl: '',
    specPath: '',
    ref: '',
  });
  const register = useAction(async () => {
    const { name, tags, scope, filename, content, repoUrl, specPath, ref } = fields.values;
    const created = await ok(
      api.POST('/api/workspaces/{id}/governed-apis', {
        params: { path: { id: workspaceId } },
        body: {
          name: name.trim(),
          tags: labels(tags),
          ...(scope.trim() ? { scope: scope.trim().toLowerCase() } : {}),
          ...(where === 'document'
            ? { document: { filename, content } }
            : { source: { repoUrl, path: specPath, ...(ref.trim() ? { ref: ref.trim() } : {}) } }),
        },
      }),
    );
    navigate(`/governed-apis/${created.api.id}`);
  });
  const field = fields.bind(register.error);
  return (
    <section aria-labelledby="register-title">
      <h2 id="register-title">Register an API</h2>
      <ActionForm className="form" aria-labelledby="register-title" runs={register}>
        <TextField label="API name" required minLength={2} maxLength={100} {...field('name')} />
        <TextField
          label="Tags"
          hint="Separated by commas: governance profiles apply by tag (e.g. public, payments)."
          {...field('tags')}
        />
        <TextField
          label="Scope"
          hint="Optional (e.g. public, partner, internal): profiles apply by scope too."
          {...field('scope')}
        />
        <RadioSet
          legend="Where its specification lives"
          name="where"
          options={[
            ['document', 'Documents pushed (paste the first one; CI pushes the next)'],
            ['source', 'A repository on the source host'],
          ]}
          value={where}
          onChange={setWhere}
        />
        {where === 'document' ? (
          <>
            <TextField label="File name" {...field('filename', 'document.filename')} />
            <TextArea
              label="Specification (JSON or YAML)"
              required
              rows={8}
              className="code-input"
              {...field('content', 'document')}
            />
          </>
        ) : (
          <>
            <TextField label="Repository URL" type="url" required {...field('repoUrl', 'source.repoUrl')} />
            <TextField
              label="Path of the specification"
              hint="From the repository root, e.g. api/openapi.yaml."
              required
              {...field('specPath', 'source.path')}
            />
            <TextField
              label="Ref"
              hint="Branch, tag or commit (default: the repository's default branch)."
              {...field('ref', 'source.ref')}
            />
          </>
        )}
        <ErrorMessage error={register.error} besideFields />
        <SubmitButton runs={register} busy="Registering…">
          Register API
        </SubmitButton>
      </ActionForm>
    </section>
  );
}

function Threshold({
  workspaceId,
  manage,
  onSaved,
}: {
  workspaceId: string;
  manage: boolean;
  onSaved: () => void;
}) {
  const path = { params: { path: { id: workspaceId } } };
  const settings = useAsync(
    () => ok(api.GET('/api/workspaces/{id}/governance-settings', path)),
    [workspaceId],
  );
  const [value, setValue] = useState<string | null>(null);
  const current = settings.data?.settings.at_risk_threshold;
  const shown = value ?? (current === undefined ? '' : String(current));
  const save = useAction(async () => {
    const saved = await ok(
      api.PUT('/api/workspaces/{id}/governance-settings', {
        ...path,
        body: { atRiskThreshold: Number(shown) },
      }),
    );
    settings.set(saved);
    setValue(null);
    onSaved();
  });
  if (current === undefined) return settings.error ? <ErrorMessage error={settings.error} /> : null;
  if (!manage)
    return (
      <>
        <h2>At-risk threshold</h2>
        <p>An API below {current}% conformance is at risk. The workspace's owner and admins set it.</p>
      </>
    );
  return (
    <section aria-labelledby="threshold-title">
      <h2 id="threshold-title">At-risk threshold</h2>
      <ActionForm className="form narrow" aria-labelledby="threshold-title" runs={save}>
        <TextField
          label="Threshold (%)"
          hint="An API whose conformance is below it is at risk (default 70)."
          type="number"
          min={0}
          max={100}
          required
          value={shown}
          onChange={(e) => setValue(e.target.value)}
        />
        <ErrorMessage error={save.error} />
        <SubmitButton runs={save} disabled={shown === String(current)}>
          Save threshold
        </SubmitButton>
      </ActionForm>
    </section>
  );
}

function Profiles({
  workspaceId,
  manage,
  path,
}: {
  workspaceId: string;
  manage: boolean;
  path: { params: { path: { id: string } } };
}) {
  const profiles = useAsync(
    () => ok(api.GET('/api/workspaces/{id}/governance-profiles', path)),
    [workspaceId],
  );
  const names = useAsync(async () => {
    const ids = [
      ...new Set((profiles.data?.profiles ?? []).flatMap((p) => p.rulesets.map((r) => r.ruleset_id))),
    ];
    const found = await Promise.all(
      ids.map((rid) =>
        ok(api.GET('/api/rulesets/{id}', { params: { path: { id: rid } } })).then(
          (r) => [rid, r.ruleset.name] as const,
          () => [rid, 'a ruleset you cannot see'] as const,
        ),
      ),
    );
    return new Map(found);
  }, [profiles.data]);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const remove = useAction(async () => {
    if (!deleting) return;
    await ok(api.DELETE('/api/governance-profiles/{id}', { params: { path: { id: deleting.id } } }));
    setDeleting(null);
    profiles.reload();
  });
  const applies = (p: Profile): string =>
    p.match_tags.length === 0 && p.match_scopes.length === 0
      ? 'every API'
      : [
          p.match_tags.length ? `tags ${p.match_tags.join(', ')}` : '',
          p.match_scopes.length ? `scopes ${p.match_scopes.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' or ');
  return (
    <section aria-labelledby="profiles-title">
      <h2 id="profiles-title">Governance profiles</h2>
      <p className="meta">Which rulesets apply to which APIs of the workspace, by tag or scope.</p>
      {!profiles.data ? (
        <Pending state={profiles} />
      ) : profiles.data.profiles.length === 0 ? (
        <p>No profile yet: no ruleset applies to the APIs, so none can be evaluated.</p>
      ) : (
        <DataTable
          caption="Governance profiles"
          columns={['Profile', 'Rulesets', 'Applies to', ...(manage ? [''] : [])]}
        >
          {profiles.data.profiles.map((p) => (
            <tr key={p.id}>
              <td>{p.name}</td>
              <td>
                {p.rulesets.map((r, i) => (
                  <span key={r.ruleset_id}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`/rulesets/${r.ruleset_id}`}>
                      {names.data?.get(r.ruleset_id) ?? 'ruleset'}
                    </Link>{' '}
                    ({r.version ? `pinned at ${r.version.slice(0, 7)}` : 'follows its latest'})
                  </span>
                ))}
              </td>
              <td>{applies(p)}</td>
              {manage ? (
                <td>
                  <button type="button" className="small danger" onClick={() => setDeleting(p)}>
                    Delete<span className="visually-hidden"> profile {p.name}</span>
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the profile “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete profile"
        busy={remove.busy}
        onConfirm={() => void remove.run()}
        onCancel={() => setDeleting(null)}
      >
        <p>The APIs it matched keep their evaluations; the next ones leave its rulesets out.</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
      {manage ? <CreateProfile workspaceId={workspaceId} onCreated={profiles.reload} /> : null}
    </section>
  );
}

function CreateProfile({ workspaceId, onCreated }: { workspaceId: string; onCreated: () => void }) {
  const [query, setQuery] = useState('');
  const [rulesetId, setRulesetId] = useState('');
  const fields = useFields({ name: '', version: '', tags: '', scopes: '' });
  const found = useAsync(
    () =>
      ok(
        api.GET('/api/rulesets', {
          params: { query: { source: 'community', limit: 20, ...(query.trim() ? { q: query.trim() } : {}) } },
        }),
      ),
    [query],
  );
  const choices = (found.data?.rulesets ?? []).filter((r) => r.source === 'community');
  // The one the select shows: the ruleset picked while it is among the choices, else the first of them
  // (a new search replaces the choices, and the one picked before may not be among them).
  const chosen = choices.some((r) => r.id === rulesetId) ? rulesetId : (choices[0]?.id ?? '');
  const create = useAction(async () => {
    const { name, version, tags, scopes } = fields.values;
    await ok(
      api.POST('/api/workspaces/{id}/governance-profiles', {
        params: { path: { id: workspaceId } },
        body: {
          name: name.trim(),
          rulesets: [{ rulesetId: chosen, ...(version.trim() ? { version: version.trim() } : {}) }],
          matchTags: labels(tags),
          matchScopes: labels(scopes),
        },
      }),
    );
    fields.setValues({ name: '', version: '', tags: '', scopes: '' });
    onCreated();
  });
  const field = fields.bind(create.error);
  return (
    <ActionForm className="form" aria-labelledby="new-profile-title" runs={create}>
      <h3 id="new-profile-title">New profile</h3>
      <TextField label="Profile name" required {...field('name')} />
      <TextField
        label="Find a ruleset"
        type="search"
        hint="Published rulesets of the catalog."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="field">
        <label htmlFor="profile-ruleset">Ruleset</label>
        <select id="profile-ruleset" value={chosen} required onChange={(e) => setRulesetId(e.target.value)}>
          {choices.length === 0 ? <option value="">No ruleset found</option> : null}
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Pin to version"
        hint="A reviewed commit of the ruleset; empty: follow its latest version."
        {...field('version', 'rulesets')}
      />
      <TextField
        label="Applies to tags"
        hint="Separated by commas; with no tag and no scope it applies to every API."
        {...field('tags', 'matchTags')}
      />
      <TextField label="Applies to scopes" {...field('scopes', 'matchScopes')} />
      <ErrorMessage error={create.error} besideFields />
      <SubmitButton runs={create} disabled={!chosen}>
        Create profile
      </SubmitButton>
    </ActionForm>
  );
}
