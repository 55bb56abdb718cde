// Signed webhooks: subscribe a URL to event types (the signing secret is shown once), rotate it, send a
// test message, read an endpoint's delivery log and redeliver. The same endpoints list serves a user's
// own endpoints (this page) and a workspace's (its owner, on the workspace page).
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, WORKSPACE_WEBHOOK_EVENT_TYPES } from '@pc/contracts';
import { useEffect, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { useAction, useAsync, useCursorPages } from '../ui/async';
import { ConfirmDialog, SecretOnce } from '../ui/dialogs';
import { DataTable, StatusBadge, When } from '../ui/display';
import { ActionForm, CheckboxSet, SubmitButton, TextField, useFields } from '../ui/fields';
import { ErrorMessage, LoadMore, Loading, Page, Pending } from '../ui/page';

type Endpoint = Schemas['WebhookEndpointDto'];

/** What each event type tells, as the form lists it. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  'submission.decided': 'a submission of yours was approved, rejected or sent back',
  'version.published': 'a new reviewed version of something you follow or deployed',
  'deployment.succeeded': 'a deployment succeeded',
  'deployment.failed': 'a deployment failed',
  'deployment.drift_detected': 'a deployment was found removed from the platform, or back',
  'rollout.halted': 'a roll-out halted (what it changed is being restored)',
  'transfer.offered': 'someone offered you a policy, idea or ruleset',
  'comment.created': 'someone commented on your policy',
  'idea.delivered': 'a policy or ruleset delivered your idea',
  'governed_api.threshold_crossed': "a governed API crossed its workspace's at-risk threshold",
  'governed_api.waiver_expired': 'a waiver of governance findings expired',
  'governed_api.conformance_changed':
    "a followed ruleset's new version changed the conformance of the workspace's APIs",
  'webhook.ping': 'test messages',
};

/** The form's label of each field the API names in a refusal. */
const FIELD_LABELS = { url: 'URL', description: 'Description', event_types: 'Events' };

export default function Webhooks() {
  return (
    <Page title="Webhooks">
      <p>
        Tell other systems what happened. Every message is signed (Standard Webhooks: <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>); verify it with the secret shown when
        you create or rotate it.
      </p>
      <WebhookEndpoints />
    </Page>
  );
}

/** What an event tells a workspace's endpoint (it follows nothing: it hears of what was deployed in it) or a user's. */
function eventLabel(type: WebhookEventType, workspace: boolean): string {
  return workspace && type === 'version.published'
    ? 'a new reviewed version of something deployed in this workspace'
    : EVENT_LABELS[type];
}

/** A user's own endpoints, or (with `workspaceId`) a workspace's, for its owner. */
export function WebhookEndpoints({ workspaceId }: { workspaceId?: string }) {
  const eventTypes: readonly WebhookEventType[] = workspaceId
    ? WORKSPACE_WEBHOOK_EVENT_TYPES
    : WEBHOOK_EVENT_TYPES;
  const list = useAsync(
    () =>
      ok(
        workspaceId
          ? api.GET('/api/workspaces/{id}/webhooks', { params: { path: { id: workspaceId } } })
          : api.GET('/api/webhooks'),
      ),
    [workspaceId],
  );
  const fields = useFields({ url: '', description: '' });
  const [types, setTypes] = useState<WebhookEventType[]>(['deployment.succeeded', 'webhook.ping']);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const create = useAction(async () => {
    const body = { ...fields.values, event_types: types };
    const result = await ok(
      workspaceId
        ? api.POST('/api/workspaces/{id}/webhooks', { params: { path: { id: workspaceId } }, body })
        : api.POST('/api/webhooks', { body }),
    );
    setSecret({ secret: result.secret, url: result.endpoint.url });
    fields.setValues({ url: '', description: '' });
    list.reload();
  });
  const path = (endpoint: Endpoint) => ({ params: { path: { id: endpoint.id } } });
  const rotate = useAction(async (endpoint: Endpoint) => {
    const result = await ok(
      api.POST('/api/webhooks/{id}/rotate-secret', { ...path(endpoint), body: { overlap_seconds: 86_400 } }),
    );
    setSecret({ secret: result.secret, url: result.endpoint.url });
    list.reload();
  });
  /** Test messages sent: each one makes the delivery log read again (it has a new delivery). */
  const [sent, setSent] = useState(0);
  const ping = useAction(async (endpoint: Endpoint) => {
    await ok(api.POST('/api/webhooks/{id}/ping', path(endpoint)));
    setSelected(endpoint.id);
    setSent((n) => n + 1);
  });
  const toggleEnabled = useAction(async (endpoint: Endpoint) => {
    await ok(
      api.PATCH('/api/webhooks/{id}', { ...path(endpoint), body: { enabled: endpoint.status !== 'active' } }),
    );
    list.reload();
  });
  const remove = useAction(async (endpoint: Endpoint) => {
    await ok(api.DELETE('/api/webhooks/{id}', path(endpoint)));
    setDeleting(null);
    if (selected === endpoint.id) setSelected(null);
    list.reload();
  });
  const field = fields.bind(create.error);
  const owner = workspaceId ? 'The workspace' : 'Your';
  return (
    <section aria-label={workspaceId ? 'Workspace webhooks' : 'Webhooks'}>
      {secret ? (
        <SecretOnce
          title={`Signing secret for ${secret.url}`}
          secret={secret.secret}
          testId="webhook-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      <ActionForm className="form" aria-label="New endpoint" runs={create}>
        <h3>New endpoint</h3>
        <TextField
          label="URL"
          required
          type="url"
          maxLength={2048}
          hint="https, on a public address; redirects are not followed."
          {...field('url')}
        />
        <TextField label="Description" maxLength={200} {...field('description')} />
        <CheckboxSet
          legend="Events"
          options={eventTypes}
          label={(type) => `${type} (${eventLabel(type, workspaceId !== undefined)})`}
          value={types}
          onChange={setTypes}
        />
        <ErrorMessage error={create.error} labels={FIELD_LABELS} />
        <SubmitButton runs={create} busy="Creating…" disabled={types.length === 0}>
          Create endpoint
        </SubmitButton>
      </ActionForm>
      <h3>{owner} endpoints</h3>
      <Pending state={list} />
      <ErrorMessage error={rotate.error ?? ping.error ?? toggleEnabled.error} />
      {list.data && list.data.endpoints.length === 0 ? <p>No endpoints yet.</p> : null}
      {list.data && list.data.endpoints.length > 0 ? (
        <DataTable caption={`${owner} webhook endpoints`} columns={['URL', 'Events', 'Status', '']}>
          {list.data.endpoints.map((e) => (
            <tr key={e.id}>
              <td>
                <code>{e.url}</code>
                {e.description ? <div className="muted">{e.description}</div> : null}
              </td>
              <td>{e.event_types.join(', ')}</td>
              <td>
                <StatusBadge status={e.status} />
                {e.disabled_reason ? <div className="muted">{e.disabled_reason}</div> : null}
              </td>
              <td className="row">
                <button type="button" className="small" onClick={() => setSelected(e.id)}>
                  Deliveries
                </button>
                <button type="button" className="small secondary" onClick={() => void ping.run(e)}>
                  Send test
                </button>
                <button type="button" className="small secondary" onClick={() => void rotate.run(e)}>
                  Rotate secret
                </button>
                <button type="button" className="small secondary" onClick={() => void toggleEnabled.run(e)}>
                  {e.status === 'active' ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="danger small"
                  onClick={() => setDeleting(e)}
                  aria-label={`Delete ${e.url}`}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {selected ? <Deliveries endpointId={selected} sent={sent} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the endpoint ${deleting?.url ?? ''}?`}
        confirmLabel="Delete endpoint"
        busy={remove.busy}
        onConfirm={() => deleting && void remove.run(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>No more messages go to it, and its delivery log is deleted.</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}

/** How often the log reads again while a delivery is still on its way. */
const UNDER_WAY_POLL_MS = 2000;

/**
 * An endpoint's delivery log: read again after a test message is sent or a delivery is redelivered,
 * and every few seconds while one is pending or sending, so its outcome shows without a reload.
 */
function Deliveries({ endpointId, sent }: { endpointId: string; sent: number }) {
  const log = useCursorPages(
    async (cursor) => {
      const page = await ok(
        api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id: endpointId }, query: { cursor } } }),
      );
      return { items: page.deliveries, next: page.hasMore ? page.nextCursor : null };
    },
    [endpointId, sent],
    (d) => d.id,
  );
  const underWay = log.items.some((d) => d.status === 'pending' || d.status === 'sending');
  useEffect(() => {
    if (!underWay || log.loading) return;
    const timer = setTimeout(log.reload, UNDER_WAY_POLL_MS);
    return () => clearTimeout(timer);
  }, [underWay, log.loading, log.items]);
  const redeliver = useAction(async (deliveryId: string) => {
    await ok(
      api.POST('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id: endpointId, deliveryId } },
      }),
    );
    log.reload();
  });
  return (
    <section aria-label="Delivery log">
      <h3>Delivery log</h3>
      <button type="button" className="small secondary" onClick={() => log.reload()}>
        Refresh
      </button>
      {log.loading && !log.data ? <Loading /> : <ErrorMessage error={log.error} retry={() => log.reload()} />}
      <ErrorMessage error={redeliver.error} />
      {log.data && log.items.length === 0 ? <p>No deliveries yet.</p> : null}
      {log.items.length > 0 ? (
        <DataTable
          caption="Deliveries, newest first"
          columns={['Event', 'Status', 'Attempts', 'Answer', 'Created', '']}
        >
          {log.items.map((d) => (
            <tr key={d.id}>
              <td>{d.event_type}</td>
              <td>
                <StatusBadge status={d.status} />
              </td>
              <td>{d.attempts}</td>
              <td>
                {d.response_status ?? '—'} {d.duration_ms !== null ? `(${d.duration_ms} ms)` : ''}
                {d.response_excerpt ? <div className="muted">{d.response_excerpt.slice(0, 200)}</div> : null}
              </td>
              <td>
                <When at={d.created_at} />
              </td>
              <td>
                <button
                  type="button"
                  className="small secondary"
                  disabled={d.status === 'sending' || redeliver.busy}
                  onClick={() => void redeliver.run(d.id)}
                >
                  Redeliver
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <LoadMore pages={log} label="Load older deliveries" />
    </section>
  );
}
