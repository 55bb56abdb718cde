// One roll-out: its steps and each organization's state, updated live from its event stream (the
// browser reconnects with Last-Event-ID), with pause, resume, abort and roll back. Each step's table
// scrolls inside its own box on a phone (DataTable), the page does not.
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { RolloutSteps } from '../rollout-steps';
import { Link } from '../router';
import { useAction, useAsync } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { DataTable, RunTimes, StatusBadge, When } from '../ui/display';
import { STREAM_STATE_WORDS, type StreamStops, useEventStream } from '../ui/event-stream';
import { ErrorMessage, Page, PendingPage } from '../ui/page';

type Rollout = Schemas['RolloutDto'];
type Action = 'pause' | 'resume' | 'abort' | 'rollback';

interface RolloutEvent {
  seq: number;
  message: string;
  at: string;
}

const ACTIVE: Rollout['status'][] = ['running', 'paused', 'rolling_back'];

/** What the page says when the roll-out's stream stopped before the roll-out ended. */
const STOPS: StreamStops = {
  refused:
    'Live updates stopped before the roll-out ended: the server refused or closed the stream (too many open streams, or the service is busy).',
  closed: {
    credentials_revoked: 'Live updates stopped: your session ended. Sign in again to follow the roll-out.',
    credentials_expired: 'Live updates stopped: your session expired. Sign in again to follow the roll-out.',
    slow_reader: 'Live updates stopped: they came faster than this page could read them.',
  },
};

export default function RolloutPage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const rollout = useAsync(() => ok(api.GET('/api/rollouts/{id}', { params: { path: { id } } })), [id]);
  // Each event, and the stream's end, makes the page read the roll-out again.
  const stream = useEventStream<RolloutEvent>(`/api/rollouts/${encodeURIComponent(id)}/events`, {
    event: 'rollout',
    key: (event) => String(event.seq),
    stops: STOPS,
    onItem: rollout.reload,
    onEnd: rollout.reload,
  });
  /** Opens the stream again, and reads what changed while it was stopped. */
  const retry = (): void => {
    stream.retry();
    rollout.reload();
  };
  const [confirm, setConfirmOpen] = useState<Action | null>(null);
  const act = useAction(async (action: Action) => {
    const path = { params: { path: { id } } };
    if (action === 'pause') await ok(api.POST('/api/rollouts/{id}/pause', path));
    else if (action === 'resume') await ok(api.POST('/api/rollouts/{id}/resume', path));
    else if (action === 'abort') await ok(api.POST('/api/rollouts/{id}/abort', path));
    else await ok(api.POST('/api/rollouts/{id}/rollback', path));
    setConfirmOpen(null);
    rollout.reload();
  });
  // A dialog opens without the error of an earlier action.
  const setConfirm = (action: Action | null): void => {
    act.setError(null);
    setConfirmOpen(action);
  };

  if (!rollout.data) return <PendingPage title="Roll-out" state={rollout} />;
  const r = rollout.data.rollout;
  const active = ACTIVE.includes(r.status);
  return (
    <Page title={`Roll-out of ${r.asset_name}${r.requested_version ? ` ${r.requested_version}` : ''}`}>
      <p className="status-line" role="status" aria-live="polite">
        Roll-out: <StatusBadge status={r.status} />
        {r.phase && active ? ` step ${(r.current_step ?? 0) + 1} of ${r.steps.length}, ${r.phase}` : ''}
        {r.halt_reason ? (
          <span className={r.status === 'halted' ? 'field-error' : 'hint'}> {r.halt_reason}</span>
        ) : null}
      </p>
      {/* A read after an event that failed: the page keeps what it read, and the next event reads again. */}
      <ErrorMessage error={rollout.error} retry={rollout.reload} />
      <dl className="facts">
        <dt>Bake time</dt>
        <dd>{r.bake_seconds} s</dd>
        <dt>Health timeout</dt>
        <dd>{r.health_timeout_seconds} s</dd>
        <RunTimes run={r} />
        <dt>Updates</dt>
        {/* A roll-out read as ended is complete, whatever its stream (closed, or a read that came first). */}
        <dd>{!active && stream.state !== 'live' ? 'complete' : STREAM_STATE_WORDS[stream.state]}</dd>
      </dl>
      {active ? <ErrorMessage error={stream.stopped} retry={retry} /> : null}
      {active ? (
        <div className="row">
          {r.status === 'running' ? (
            <button
              type="button"
              className="secondary"
              disabled={act.busy}
              onClick={() => void act.run('pause')}
            >
              Pause
            </button>
          ) : null}
          {r.status === 'paused' ? (
            <button type="button" disabled={act.busy} onClick={() => void act.run('resume')}>
              Resume
            </button>
          ) : null}
          {r.status !== 'rolling_back' ? (
            <>
              <button type="button" className="secondary" onClick={() => setConfirm('abort')}>
                Abort
              </button>
              <button type="button" className="danger" onClick={() => setConfirm('rollback')}>
                Roll back
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {/* A pause or resume failed here; an abort or roll-back says so in its open dialog. */}
      {confirm === null ? <ErrorMessage error={act.error} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'abort' ? 'Abort the roll-out?' : 'Roll back the roll-out?'}
        confirmLabel={confirm === 'abort' ? 'Abort' : 'Roll back'}
        busy={act.busy}
        onConfirm={() => void (confirm && act.run(confirm))}
        onCancel={() => setConfirm(null)}
      >
        <p>
          {confirm === 'abort'
            ? 'No further step starts; what was applied stays.'
            : 'No further step starts, and every organization changed gets back the version it ran before.'}
        </p>
        {confirm !== null ? <ErrorMessage error={act.error} /> : null}
      </ConfirmDialog>
      <RolloutSteps rollout={r} label="Progress" />
      {r.steps.map((step) => (
        <section key={step.index} className="panel" aria-labelledby={`step-${step.index}`}>
          <h2 id={`step-${step.index}`}>
            Step {step.index + 1} <StatusBadge status={step.state} />
          </h2>
          <DataTable
            caption={`Organizations of step ${step.index + 1}`}
            columns={['Organization', 'State', 'Health', 'Ran before', 'Deployment']}
          >
            {step.organizations.map((o) => (
              <tr key={o.organization_id}>
                <td>{o.organization_name ?? o.organization_id}</td>
                <td>
                  <StatusBadge status={o.state} />
                  {o.error ? <span className="field-error"> {o.error}</span> : null}
                </td>
                <td>{o.health ?? '–'}</td>
                <td>{o.previous_version ?? '–'}</td>
                <td>{o.deployment_id ? <Link to={`/deployments/${o.deployment_id}`}>log</Link> : '–'}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ))}
      <section className="panel" aria-labelledby="events-title">
        <h2 id="events-title">Events</h2>
        <ol aria-label="Roll-out events">
          {stream.items.map((e) => (
            <li key={e.seq}>
              <When at={e.at} /> {e.message}
            </li>
          ))}
        </ol>
      </section>
    </Page>
  );
}
