// One deployment: its status, its jobs (a self-heal told from a deploy), the live log (Server-Sent
// Events; the browser reconnects with Last-Event-ID and gets exactly what it missed), and sync, cancel,
// unpublish, delete release, delete.
import { useEffect, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { HealFailureBadge, HealFailureNote } from '../heal-failure';
import { Link, navigate } from '../router';
import { useAction, useAsync } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { DataTable, RunTimes, StatusBadge, When } from '../ui/display';
import { STREAM_STATE_WORDS, type StreamStops, useEventStream } from '../ui/event-stream';
import { ErrorMessage, Loading, Page, PendingPage } from '../ui/page';

type Deployment = Schemas['DeploymentDto'];
type Job = Schemas['DeploymentJobDto'];

interface LogLine {
  seq: number;
  job_id: string;
  step: string | null;
  level: 'info' | 'warn' | 'error';
  text: string;
  at: string;
}

interface EndEvent {
  status: 'succeeded' | 'failed' | 'cancelled';
  error: string | null;
}

const FINISHED = ['succeeded', 'failed', 'cancelled', 'removed'];
/** What each kind of job does, as the jobs table names it. */
const JOB_WORDS: Record<Job['kind'], string> = {
  deploy: 'Deploy',
  unpublish: 'Unpublish',
  'delete-release': 'Delete release',
  restore: 'Restore (roll-out)',
};
/** The log's element, which a failed self-heal's note links to when the log is that heal's. */
const LOG_ID = 'deployment-log';

/** What the log says when its stream stopped before the job ended. */
const STOPS: StreamStops = {
  refused:
    'The log stopped before the deployment ended: the server refused or closed the stream (too many open log streams, or the service is busy).',
  closed: {
    credentials_revoked: 'The log stopped: your session ended. Sign in again to follow it.',
    credentials_expired: 'The log stopped: your session expired. Sign in again to follow it.',
    slow_reader: 'The log stopped: it came faster than this page could read it.',
  },
};

export default function DeploymentPage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const path = { params: { path: { id } } };
  const deployment = useAsync(() => ok(api.GET('/api/deployments/{id}', path)), [id]);
  const history = useAsync(() => ok(api.GET('/api/deployments/{id}/history', path)), [id]);
  const [end, setEnd] = useState<EndEvent | null>(null);
  // The lines shown, by job and sequence: each once, those replayed by a stream opened again included.
  const stream = useEventStream<LogLine, EndEvent>(`/api/deployments/${encodeURIComponent(id)}/logs`, {
    event: 'log',
    key: (line) => `${line.job_id}:${line.seq}`,
    stops: STOPS,
    onEnd: (e) => {
      setEnd(e);
      deployment.reload();
      history.reload();
    },
  });
  const d: Deployment | undefined = deployment.data?.deployment;
  const running = d ? !FINISHED.includes(d.status) : false;
  const healFailure = d?.drift?.heal_failure;

  // Status changes (queued → running) between log lines: ask again every few seconds while in flight.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      deployment.reload();
      history.reload();
    }, 3000);
    return () => clearInterval(timer);
  }, [running, deployment.reload, history.reload]);

  const [confirm, setConfirm] = useState<'unpublish' | 'delete-release' | 'delete' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const cancel = useAction(async () => {
    const r = await ok(api.POST('/api/deployments/{id}/cancel', path));
    setNote(r.ok ? 'Cancelled.' : 'Nothing was in flight.');
    deployment.reload();
  });
  const sync = useAction(async () => {
    const r = await ok(api.POST('/api/deployments/{id}/sync', path));
    setNote(
      {
        in_sync: 'In sync: applied on the platform.',
        deleted: 'No longer on the platform.',
        unknown: 'Unknown: not deployed, or the platform could not be asked.',
      }[r.result],
    );
    deployment.reload();
  });
  const act = useAction(async (what: 'unpublish' | 'delete-release' | 'delete') => {
    if (what === 'delete') {
      await ok(api.DELETE('/api/deployments/{id}', path));
      navigate('/deployments');
      return;
    }
    const r = await ok(
      what === 'unpublish'
        ? api.POST('/api/deployments/{id}/unpublish', path)
        : api.POST('/api/deployments/{id}/delete-release', path),
    );
    setConfirm(null);
    setNote(r.job ? 'A removal job is queued: the log below follows it.' : 'There was nothing to remove.');
    if (r.job) {
      setEnd(null);
      stream.restart();
    }
    deployment.reload();
    history.reload();
  });

  if (!d) return <PendingPage title="Deployment" state={deployment} />;
  return (
    <Page title={`${d.asset_name} → ${d.platform_org_name ?? d.platform_org_id}`}>
      <p className="status-line" role="status" aria-live="polite">
        Status: <StatusBadge status={d.status} />
        {d.status === 'failed' && d.error ? <span className="field-error"> {d.error}</span> : null}
        {d.drifted ? (
          <>
            {' '}
            <StatusBadge status="drifted" />
            <HealFailureBadge failure={healFailure} />
          </>
        ) : null}
        {d.rollback_pinned ? <span className="badge"> rolled back by a roll-out (pinned)</span> : null}
      </p>
      {/* A poll that failed: the page keeps what it read, and the next poll tries again. */}
      <ErrorMessage error={deployment.error} retry={deployment.reload} />
      {d.rollout_id ? (
        <p>
          A change of <Link to={`/rollouts/${d.rollout_id}`}>a roll-out</Link>.
        </p>
      ) : null}
      {d.drift ? (
        <section className="panel" aria-labelledby="drift-title">
          <h2 id="drift-title">Drift</h2>
          <p className="hint">
            Found <When at={d.drift.detected_at} />: the platform no longer runs what this deployment applied.
          </p>
          {healFailure ? (
            <HealFailureNote
              failure={healFailure}
              logId={stream.items.some((line) => line.job_id === healFailure.job_id) ? LOG_ID : null}
            />
          ) : null}
          <table>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Applied</th>
                <th scope="col">On the platform</th>
              </tr>
            </thead>
            <tbody>
              {d.drift.differences.map((x) => (
                <tr key={x.field}>
                  <td>{x.field === 'presence' ? 'the item' : x.field}</td>
                  <td>
                    <code>{JSON.stringify(x.expected)}</code>
                  </td>
                  <td>{x.actual === null ? 'absent' : <code>{JSON.stringify(x.actual)}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="hint">
            Whether a drifted deployment is applied again by itself is up to{' '}
            <Link to={`/workspaces/${d.workspace_id}`}>the workspace&apos;s self-heal setting</Link>.
          </p>
        </section>
      ) : null}
      <dl className="facts">
        <dt>Mode</dt>
        <dd>
          {d.mode}
          {d.do_publish || d.do_release
            ? ` (${[d.do_publish && 'publish -dev', d.do_release && 'release'].filter(Boolean).join(', ')})`
            : ''}
        </dd>
        <dt>Version</dt>
        <dd>{d.version ?? d.requested_version ?? '–'}</dd>
        <dt>Commit</dt>
        <dd>
          {d.commit_sha ? <code>{d.commit_sha.slice(0, 12)}</code> : '–'}
          {d.reviewed === false ? (
            <span className="badge warn"> not reviewed: a dev build</span>
          ) : d.reviewed ? (
            <span className="badge"> the reviewed commit</span>
          ) : null}
        </dd>
        <RunTimes run={d} />
      </dl>
      <div className="row">
        {running ? (
          <button type="button" className="danger" disabled={cancel.busy} onClick={() => void cancel.run()}>
            Cancel
          </button>
        ) : null}
        <button type="button" className="secondary" disabled={sync.busy} onClick={() => void sync.run()}>
          Sync with the platform
        </button>
        {d.status === 'succeeded' ? (
          <>
            <button type="button" className="secondary" onClick={() => setConfirm('unpublish')}>
              Unpublish
            </button>
            {d.do_release ? (
              <button type="button" className="secondary" onClick={() => setConfirm('delete-release')}>
                Delete release
              </button>
            ) : null}
          </>
        ) : null}
        {d.status === 'failed' ? (
          <button type="button" className="danger" onClick={() => setConfirm('delete')}>
            Delete
          </button>
        ) : null}
      </div>
      {note ? <p role="status">{note}</p> : null}
      <ErrorMessage error={cancel.error ?? sync.error} />
      {d.status === 'succeeded' ? <ProvenancePanel id={id} /> : null}
      {history.data ? (
        <JobsPanel jobs={history.data.jobs} />
      ) : (
        <ErrorMessage error={history.error} retry={history.reload} />
      )}
      <h2>
        Log <span className="muted">({STREAM_STATE_WORDS[stream.state]})</span>
      </h2>
      <ErrorMessage error={stream.stopped} retry={stream.retry} />
      <pre
        id={LOG_ID}
        className="log"
        aria-label="Deployment log"
        tabIndex={0}
        data-received={stream.received}
      >
        {stream.items.length === 0 ? 'Waiting for the first line…\n' : null}
        {stream.items.map((l) => (
          <span key={`${l.job_id}:${l.seq}`} className={l.level}>
            {new Date(l.at).toLocaleTimeString()} [{l.step ?? '-'}] {l.text}
            {'\n'}
          </span>
        ))}
        {end ? `— ${end.status}${end.error ? `: ${end.error}` : ''}\n` : null}
      </pre>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'unpublish'
            ? 'Unpublish this deployment?'
            : confirm === 'delete-release'
              ? 'Delete the released version?'
              : 'Delete this failed deployment?'
        }
        confirmLabel={
          confirm === 'unpublish' ? 'Unpublish' : confirm === 'delete-release' ? 'Delete release' : 'Delete'
        }
        busy={act.busy}
        onConfirm={() => confirm && void act.run(confirm)}
        onCancel={() => setConfirm(null)}
      >
        <p>
          {confirm === 'unpublish'
            ? 'The policy is removed from the organization, and its -dev versions from the registry.'
            : confirm === 'delete-release'
              ? 'The released version is deleted from the registry; organizations that use it keep what is applied.'
              : 'Its record, jobs and logs are removed.'}
        </p>
        <ErrorMessage error={act.error} />
      </ConfirmDialog>
    </Page>
  );
}

/**
 * The deployment's jobs, newest first: its deploy, a self-heal after drift (a deploy job the drift check
 * queued, told apart by `self_heal`), a removal, a roll-out's restore; each with its status and times.
 */
function JobsPanel({ jobs }: { jobs: Job[] }) {
  return (
    <section aria-labelledby="jobs-title">
      <h2 id="jobs-title">Jobs</h2>
      <DataTable
        caption="The deployment's jobs, newest first"
        columns={['Job', 'Status', 'Started', 'Finished']}
      >
        {jobs.map((job) => (
          <tr key={job.id}>
            <td>{job.kind === 'deploy' && job.self_heal ? 'Self-heal after drift' : JOB_WORDS[job.kind]}</td>
            <td>
              <StatusBadge status={job.status} />
              {job.error ? <span className="field-error"> {job.error}</span> : null}
            </td>
            <td>
              <When at={job.started_at} />
            </td>
            <td>
              <When at={job.finished_at} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/**
 * The deployment's signed provenance as the service verified it: "built from the reviewed commit <sha>,
 * signature verified", or exactly what does not hold (each check of the signature, the artifact's digest
 * and the source against the review's pin).
 */
function ProvenancePanel({ id }: { id: string }) {
  const provenance = useAsync(
    () => ok(api.GET('/api/deployments/{id}/provenance', { params: { path: { id } } })),
    [id],
  );
  const v = provenance.data?.provenance.verification;
  return (
    <section aria-label="Provenance" className="provenance">
      <h2>Provenance</h2>
      {provenance.loading && !v ? <Loading /> : null}
      {v ? (
        <>
          <p role="status" className={v.ok ? 'ok' : 'field-error'}>
            {v.ok ? `✓ ${v.summary}` : `✗ ${v.summary}`}
          </p>
          <ul className="checks">
            {v.checks.map((c) => (
              <li key={c.name}>
                {c.ok ? '✓' : '✗'} {c.name}: {c.message}
              </li>
            ))}
          </ul>
          <p className="muted">
            Signed by key <code>{v.key_id ?? '?'}</code>; check it yourself with{' '}
            <code>npm run verify-provenance</code> and the keys at <code>/api/provenance/keys</code>.
          </p>
        </>
      ) : (
        <ErrorMessage error={provenance.error} retry={provenance.reload} />
      )}
    </section>
  );
}
