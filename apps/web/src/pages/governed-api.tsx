// A governed API: what it is and where its specification lives, its conformance over time, its history
// (who or what ran each evaluation, on which commit or digest, with which rulesets' versions), the
// findings of any evaluation, what changed between two evaluations, and its waivers. Members evaluate;
// the owner and admins also waive findings and remove waivers. Strangers read "not found".
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, ok, type Schemas } from '../api/client';
import { apiLine, ConformanceChart, lineSummary, percent, trendOf } from '../governance/conformance';
import { Link } from '../router';
import { useAction, useAsync, useCursorPages, type CursorPage, type CursorPages } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { Badge, DataTable, severityCounts, When } from '../ui/display';
import { ActionForm, SelectField, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, LoadMore, Page, Pending, PendingPage } from '../ui/page';
import { ConformanceBadge, NotFoundOr } from './governance';

type GovernedApi = Schemas['GovernedApiDto'];
type Workspace = Schemas['WorkspaceDetailDto'];
type Summary = Schemas['ApiEvaluationSummaryDto'];
type Finding = Schemas['KeptFindingDto'];
type Waiver = Schemas['WaiverDto'];

/** Evaluations of the history shown (and offered for findings and the diff). */
const HISTORY = 50;
/** Waivers read at a time ("Load more waivers" reads the next ones, by later expiry first). */
const WAIVERS_PAGE = 50;

export default function GovernedApiPage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const loaded = useAsync(async () => {
    const { api: governed } = await ok(api.GET('/api/governed-apis/{id}', { params: { path: { id } } }));
    const { workspace } = await ok(
      api.GET('/api/workspaces/{id}', { params: { path: { id: governed.workspace_id } } }),
    );
    return { governed, workspace };
  }, [id]);
  if (!loaded.data)
    return (
      <PendingPage
        title="API"
        state={loaded}
        failed={<NotFoundOr error={loaded.error} what="API" retry={loaded.reload} />}
      />
    );
  return (
    <GovernedApiView
      a={loaded.data.governed}
      w={loaded.data.workspace}
      reload={loaded.reload}
      reloadError={loaded.error}
    />
  );
}

/** `reloadError`: reading the API again (after an evaluation) failed; what was read before is shown. */
function GovernedApiView({
  a,
  w,
  reload,
  reloadError,
}: {
  a: GovernedApi;
  w: Workspace;
  reload: () => void;
  reloadError: unknown;
}) {
  const manage = (w.role === 'owner' || w.role === 'admin') && !w.archived_at;
  const member = w.role !== null && !w.archived_at;
  const path = { params: { path: { id: a.id } } };
  // A waiver added or removed changes the kept evaluations' findings: what shows them reads again.
  const [waiverChanges, setWaiverChanges] = useState(0);
  const history = useAsync(
    () =>
      ok(
        api.GET('/api/governed-apis/{id}/evaluations', {
          params: { path: { id: a.id }, query: { limit: HISTORY } },
        }),
      ),
    [a.id, a.last_evaluation_id, waiverChanges],
  );
  const waivers = useCursorPages(
    async (cursor) => {
      const page = await ok(
        api.GET('/api/governed-apis/{id}/waivers', {
          params: { path: { id: a.id }, query: { limit: WAIVERS_PAGE, cursor } },
        }),
      );
      return { items: page.waivers, next: page.hasMore ? page.nextCursor : null };
    },
    [a.id],
    (v) => v.id,
  );
  const [shown, setShown] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<{ rule: string; location: string } | null>(null);
  const evaluate = useAction(async () => {
    await ok(api.POST('/api/governed-apis/{id}/evaluations', { ...path, body: { trigger: 'manual' } }));
    setShown(null);
    reload();
  });
  const who = (userId: string): string => {
    const m = w.members.find((x) => x.user_id === userId);
    return m ? (m.name ?? m.username ?? 'a member') : 'a former member';
  };
  const evaluations = history.data?.evaluations ?? [];
  const threshold = history.data?.threshold ?? 70;
  const selected = shown ?? evaluations[0]?.id ?? null;
  const onWaiversChanged = (): void => {
    setWaiverChanges((n) => n + 1);
    waivers.reload();
    reload();
  };
  return (
    <Page
      title={a.name}
      actions={
        <>
          {member ? (
            <button type="button" onClick={() => void evaluate.run()} disabled={evaluate.busy}>
              {evaluate.busy ? 'Evaluating…' : 'Evaluate now'}
            </button>
          ) : null}
          <Link className="button secondary" to={`/workspaces/${w.id}/governance`}>
            {w.name}: governance
          </Link>
        </>
      }
    >
      <ErrorMessage error={evaluate.error} />
      <ErrorMessage error={reloadError} retry={reload} />
      {a.description ? <p className="lead">{a.description}</p> : null}
      <dl className="facts">
        <dt>Conformance</dt>
        <dd data-testid="api-conformance">
          {percent(a.conformance)} ({trendOf(a.conformance, a.previous_conformance)}){' '}
          <ConformanceBadge api={a} />
        </dd>
        <dt>Tags</dt>
        <dd>{a.tags.length ? a.tags.join(', ') : 'none'}</dd>
        <dt>Scope</dt>
        <dd>{a.scope ?? 'none'}</dd>
        <dt>Source</dt>
        <dd>
          {a.source ? (
            <>
              <code>{a.source.path}</code> in <a href={a.source.repo_url}>{a.source.repo_url}</a>
              {a.source.ref ? (
                <>
                  {' '}
                  at <code>{a.source.ref}</code>
                </>
              ) : null}
            </>
          ) : (
            `documents pushed (${a.documents} kept)`
          )}
        </dd>
        <dt>Last evaluated</dt>
        <dd>
          <When at={a.last_evaluated_at} />
        </dd>
      </dl>
      {!history.data ? (
        <Pending state={history} />
      ) : evaluations.length === 0 ? (
        <p>
          Not evaluated yet{member ? ': “Evaluate now” evaluates it against the profiles that apply.' : '.'}
        </p>
      ) : (
        <>
          <section aria-labelledby="api-trend" className="panel">
            <h2 id="api-trend">Conformance over time</h2>
            <p>
              {lineSummary(apiLine(evaluations))} At risk below {threshold}%.
            </p>
            <ConformanceChart points={apiLine(evaluations)} threshold={threshold} />
          </section>
          <History evaluations={evaluations} who={who} selected={selected} onSelect={setShown} />
          {selected ? (
            <Findings
              apiId={a.id}
              evaluationId={selected}
              refresh={waiverChanges}
              manage={manage}
              onWaive={(f) => setPrefill({ rule: f.rule, location: f.pointer ?? f.file ?? '' })}
            />
          ) : null}
          {evaluations.length > 1 ? (
            <Diff apiId={a.id} evaluations={evaluations} refresh={waiverChanges} />
          ) : null}
        </>
      )}
      <Waivers
        apiId={a.id}
        manage={manage}
        waivers={waivers}
        prefill={prefill}
        onChanged={onWaiversChanged}
      />
    </Page>
  );
}

/** "Spec abc1234", or its digest's start when no commit is known. */
function specOf(e: Summary): string {
  return e.specification.commit
    ? `commit ${e.specification.commit.slice(0, 12)}`
    : `digest ${e.specification.digest.slice(0, 12)}`;
}

const TRIGGERS: Record<Summary['trigger'], string> = {
  manual: 'by hand',
  ci: 'from CI',
  ruleset_published: 'a ruleset published a new version',
  ref_moved: 'its ref moved',
};

/** "by hand, Ann" or "a ruleset published a new version" (re-evaluations run on the registrar's behalf). */
function ranBy(e: Summary, who: (id: string) => string): string {
  return e.trigger === 'manual' || e.trigger === 'ci'
    ? `${TRIGGERS[e.trigger]}, ${who(e.run_by)}`
    : TRIGGERS[e.trigger];
}

function evaluationLabel(e: Summary): string {
  return `${new Date(e.created_at).toLocaleString()} (${percent(e.conformance)})`;
}

function History({
  evaluations,
  who,
  selected,
  onSelect,
}: {
  evaluations: Summary[];
  who: (id: string) => string;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <DataTable
        caption="Evaluations, newest first"
        columns={['When', 'Conformance', 'Ran', 'Specification', 'Rulesets', 'Findings', '']}
      >
        {evaluations.map((e) => (
          <tr key={e.id} aria-current={e.id === selected ? 'true' : undefined}>
            <td>
              <When at={e.created_at} />
            </td>
            <td>
              {percent(e.conformance)} ({e.passed_rules}/{e.applicable_rules} rules)
            </td>
            <td>{ranBy(e, who)}</td>
            <td>
              <code>{specOf(e)}</code>
              {e.specification.ref ? <div className="meta">ref {e.specification.ref}</div> : null}
            </td>
            <td>
              {e.rulesets.map((r) => (
                <div key={r.ruleset_id}>
                  <Link to={`/rulesets/${r.ruleset_id}`}>{r.name}</Link>{' '}
                  <span className="meta">
                    {r.version ? r.version.slice(0, 7) : 'unversioned'} ({r.follows})
                  </span>
                </div>
              ))}
            </td>
            <td>
              {severityCounts(e.counts)}
              {e.waived ? `, ${e.waived} waived` : ''}
            </td>
            <td>
              {e.id === selected ? (
                <span className="meta">Shown below</span>
              ) : (
                <button type="button" className="small secondary" onClick={() => onSelect(e.id)}>
                  Findings<span className="visually-hidden"> of {evaluationLabel(e)}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function Findings({
  apiId,
  evaluationId,
  refresh,
  manage,
  onWaive,
}: {
  apiId: string;
  evaluationId: string;
  refresh: number;
  manage: boolean;
  onWaive: (finding: Finding) => void;
}) {
  const evaluation = useAsync(
    () =>
      ok(
        api.GET('/api/governed-apis/{id}/evaluations/{evaluationId}', {
          params: { path: { id: apiId, evaluationId } },
        }),
      ),
    [apiId, evaluationId, refresh],
  );
  const source = useEvaluatedDocument(apiId, evaluationId);
  const e = evaluation.data?.evaluation;
  return (
    <section aria-labelledby="findings-title">
      <h2 id="findings-title">Findings{e ? ` of ${evaluationLabel(e)}` : ''}</h2>
      {!e ? (
        <Pending state={evaluation} />
      ) : e.findings.length === 0 ? (
        <p>No finding: every applicable rule passed.</p>
      ) : (
        <>
          {e.findings_truncated ? (
            <p className="meta">
              The first {e.findings.length} findings are kept; the counts ({severityCounts(e.counts)}) are
              complete.
            </p>
          ) : null}
          <FindingList findings={e.findings} source={source} manage={manage} onWaive={onWaive} />
        </>
      )}
    </section>
  );
}

const SEVERITY_TONES: Record<string, string> = { violation: 'bad', warning: 'warn', info: 'info' };
/** Lines shown on each side of a finding's line. */
const CONTEXT_LINES = 2;

/** A document an evaluation read: its file name and lines. */
interface Source {
  filename: string;
  lines: string[];
}

/**
 * The document the evaluation read, when the API still keeps it (a pushed document); undefined
 * otherwise (read from the source host, or no longer kept): findings then show no lines.
 */
function useEvaluatedDocument(apiId: string, evaluationId: string): Source | undefined {
  const read = useAsync(
    () =>
      ok(
        api.GET('/api/governed-apis/{id}/evaluations/{evaluationId}/document', {
          params: { path: { id: apiId, evaluationId } },
        }),
      ).then(
        ({ document }) => ({ filename: document.filename, lines: document.content.split(/\r?\n/) }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        },
      ),
    [apiId, evaluationId],
  );
  return read.data;
}

/** The document's lines around the finding's, the finding's marked; nothing when it names no line there. */
function Snippet({ finding, source }: { finding: Finding; source: Source | undefined }) {
  if (!source || finding.line === null || (finding.file !== null && finding.file !== source.filename))
    return null;
  const at = finding.line;
  if (at > source.lines.length) return null;
  const first = Math.max(1, at - CONTEXT_LINES);
  const last = Math.min(source.lines.length, at + CONTEXT_LINES);
  const width = String(last).length;
  const numbered = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <figure className="snippet">
      <figcaption className="visually-hidden">
        {source.filename}, lines {first} to {last}; line {at} is the finding&apos;s
      </figcaption>
      {/* It scrolls sideways on a narrow screen: the keyboard can focus (and so scroll) it. */}
      <pre tabIndex={0}>
        <code>
          {numbered.map((n) => {
            const text = `${String(n).padStart(width)}  ${source.lines[n - 1]}`;
            return n === at ? (
              <mark key={n} className="hit">
                {text}
                {'\n'}
              </mark>
            ) : (
              <span key={n}>
                {text}
                {'\n'}
              </span>
            );
          })}
        </code>
      </pre>
    </figure>
  );
}

function FindingList({
  findings,
  source,
  manage = false,
  onWaive,
}: {
  findings: Finding[];
  source?: Source;
  manage?: boolean;
  onWaive?: (finding: Finding) => void;
}) {
  return (
    <ul className="findings">
      {findings.map((f, i) => (
        <li key={`${f.ruleset_id}:${f.rule}:${f.pointer ?? ''}:${f.line ?? ''}:${i}`}>
          <div className="row">
            <Badge tone={SEVERITY_TONES[f.severity] ?? 'neutral'}>{f.severity}</Badge>
            <strong>{f.rule}</strong>
            {f.waiver_id ? <Badge tone="neutral">waived</Badge> : null}
          </div>
          <p>{f.message}</p>
          <p className="meta">
            {f.file ? (
              <>
                <code>
                  {f.file}
                  {f.line ? `:${f.line}` : ''}
                  {f.line && f.column ? `:${f.column}` : ''}
                </code>{' '}
              </>
            ) : null}
            {f.pointer ? <code>{f.pointer}</code> : null}
          </p>
          <Snippet finding={f} source={source} />
          {manage && onWaive && !f.waiver_id ? (
            <button type="button" className="small secondary" onClick={() => onWaive(f)}>
              Waive
              <span className="visually-hidden">
                {' '}
                {f.rule} at {f.pointer ?? f.file ?? ''}
              </span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Diff({ apiId, evaluations, refresh }: { apiId: string; evaluations: Summary[]; refresh: number }) {
  const [to, setTo] = useState(evaluations[0].id);
  const [from, setFrom] = useState(evaluations[1].id);
  const diff = useAsync(async () => {
    if (from === to) return null;
    const [changes, later] = await Promise.all([
      ok(
        api.GET('/api/governed-apis/{id}/evaluations/{evaluationId}/diff', {
          params: { path: { id: apiId, evaluationId: to }, query: { against: from } },
        }),
      ),
      ok(
        api.GET('/api/governed-apis/{id}/evaluations/{evaluationId}', {
          params: { path: { id: apiId, evaluationId: to } },
        }),
      ),
    ]);
    return { changes, waived: later.evaluation.findings.filter((f) => f.waiver_id !== null) };
  }, [apiId, from, to, refresh]);
  const later = useEvaluatedDocument(apiId, to);
  const earlier = useEvaluatedDocument(apiId, from);
  const options: Array<[string, string]> = evaluations.map((e) => [e.id, evaluationLabel(e)]);
  const d = diff.data;
  return (
    <section aria-labelledby="diff-title">
      <h2 id="diff-title">Compare two evaluations</h2>
      <div className="filters">
        <SelectField
          label="Earlier evaluation"
          options={options}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <SelectField
          label="Later evaluation"
          options={options}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      {from === to ? (
        <p>Choose two different evaluations.</p>
      ) : !d ? (
        <Pending state={diff} />
      ) : (
        <>
          <p data-testid="diff-summary">
            Conformance {percent(d.changes.from.conformance)} → {percent(d.changes.to.conformance)}
            {d.changes.conformance_delta !== null
              ? ` (${d.changes.conformance_delta >= 0 ? '+' : ''}${d.changes.conformance_delta} points)`
              : ''}
            : {d.changes.introduced.length} new, {d.changes.resolved.length} fixed, {d.waived.length} waived,{' '}
            {d.changes.unchanged} unchanged.
          </p>
          <h3>New</h3>
          {d.changes.introduced.length ? (
            <FindingList findings={d.changes.introduced} source={later} />
          ) : (
            <p>None.</p>
          )}
          <h3>Fixed</h3>
          {d.changes.resolved.length ? (
            <FindingList findings={d.changes.resolved} source={earlier} />
          ) : (
            <p>None.</p>
          )}
          <h3>Waived</h3>
          {d.waived.length ? <FindingList findings={d.waived} source={later} /> : <p>None.</p>}
        </>
      )}
    </section>
  );
}

/** A date a week ahead (the waiver form's first expiry), as an input of type date wants it. */
function aWeekAhead(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

function Waivers({
  apiId,
  manage,
  waivers,
  prefill,
  onChanged,
}: {
  apiId: string;
  manage: boolean;
  waivers: CursorPages<CursorPage<Waiver>>;
  prefill: { rule: string; location: string } | null;
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState<Waiver | null>(null);
  const remove = useAction(async () => {
    if (!removing) return;
    await ok(
      api.DELETE('/api/governed-apis/{id}/waivers/{waiverId}', {
        params: { path: { id: apiId, waiverId: removing.id } },
      }),
    );
    setRemoving(null);
    onChanged();
  });
  const list = waivers.data ? waivers.items : undefined;
  return (
    <section aria-labelledby="waivers-title">
      <h2 id="waivers-title">Waivers</h2>
      <p className="meta">
        A waiver accepts a rule's findings at a location until it expires: they are shown as waived and do not
        count against conformance.
      </p>
      {!list ? (
        <Pending state={waivers} />
      ) : list.length === 0 ? (
        <p>No waiver.</p>
      ) : (
        <DataTable
          caption="Waivers"
          columns={['Rule', 'Location', 'Reason', 'Expires', ...(manage ? [''] : [])]}
        >
          {list.map((v) => (
            <tr key={v.id}>
              <td>{v.rule}</td>
              <td>
                <code>{v.location}</code>
              </td>
              <td>{v.reason}</td>
              <td>
                <When at={v.expires_at} /> {v.expired ? <Badge>expired</Badge> : null}
              </td>
              {manage ? (
                <td>
                  <button type="button" className="small danger" onClick={() => setRemoving(v)}>
                    Remove
                    <span className="visually-hidden">
                      {' '}
                      the waiver of {v.rule} at {v.location}
                    </span>
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {list ? <LoadMore pages={waivers} label="Load more waivers" /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this waiver?"
        confirmLabel="Remove waiver"
        busy={remove.busy}
        onConfirm={() => void remove.run()}
        onCancel={() => setRemoving(null)}
      >
        <p>Its findings count again: the latest evaluation's conformance is computed again without it.</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
      {manage ? (
        <WaiverForm
          key={prefill ? `${prefill.rule}@${prefill.location}` : 'empty'}
          apiId={apiId}
          prefill={prefill}
          onCreated={onChanged}
        />
      ) : null}
    </section>
  );
}

function WaiverForm({
  apiId,
  prefill,
  onCreated,
}: {
  apiId: string;
  prefill: { rule: string; location: string } | null;
  onCreated: () => void;
}) {
  const fields = useFields({
    rule: prefill?.rule ?? '',
    location: prefill?.location ?? '',
    reason: '',
    expires: aWeekAhead(),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // "Waive" on a finding fills the form in: the keyboard goes on to it.
  useEffect(() => {
    if (prefill) heading.current?.focus();
  }, [prefill]);
  const create = useAction(async () => {
    const { rule, location, reason, expires } = fields.values;
    await ok(
      api.POST('/api/governed-apis/{id}/waivers', {
        params: { path: { id: apiId } },
        body: { rule, location, reason, expiresAt: new Date(`${expires}T23:59:59`).toISOString() },
      }),
    );
    fields.setValues((values) => ({ ...values, reason: '' }));
    onCreated();
  });
  const field = fields.bind(create.error);
  return (
    <ActionForm className="form" aria-labelledby="waive-title" runs={create}>
      <h3 id="waive-title" tabIndex={-1} ref={heading}>
        Add a waiver
      </h3>
      <TextField label="Rule" required {...field('rule')} />
      <TextField
        label="Location"
        hint="A JSON pointer (#/paths/~1pets/post: it and everything below it, * for one segment) or a file pattern."
        required
        {...field('location')}
      />
      <TextField label="Reason" required {...field('reason')} />
      <TextField
        label="Expires on"
        hint="At the end of that day, at most a year ahead."
        type="date"
        required
        {...field('expires', 'expiresAt')}
      />
      <ErrorMessage error={create.error} besideFields />
      <SubmitButton runs={create}>Add waiver</SubmitButton>
    </ActionForm>
  );
}
