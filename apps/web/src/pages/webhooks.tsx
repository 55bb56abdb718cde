// Signed webhooks: subscribe a URL to event types (the signing secret is shown once), rotate it, send a
// test message, read an endpoint's delivery log and redeliver.
import { type FormEvent, useState } from 'react';
import { api, ApiError, ok, type Schemas } from '../api/client';
import {
  Checkbox,
  ConfirmDialog,
  ErrorMessage,
  Loading,
  Page,
  StatusBadge,
  TextField,
  useAction,
  useAsync,
  When,
} from '../ui';

type Endpoint = Schemas['WebhookEndpointDto'];
type EventType = Endpoint['event_types'][number];

const EVENT_TYPES: Array<[EventType, string]> = [
  ['deployment.succeeded', 'a deployment of yours succeeded'],
  ['idea.delivered', 'a policy or ruleset delivered your idea'],
  ['webhook.ping', 'test messages'],
];

export default function Webhooks() {
  const list = useAsync(() => ok(api.GET('/api/webhooks')), []);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>(['deployment.succeeded', 'webhook.ping']);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const create = useAction(async () => {
    const result = await ok(api.POST('/api/webhooks', { body: { url, description, event_types: types } }));
    setSecret({ secret: result.secret, url: result.endpoint.url });
    setUrl('');
    setDescription('');
    list.reload();
  });
  const rotate = useAction(async (endpoint: Endpoint) => {
    const result = await ok(
      api.POST('/api/webhooks/{id}/rotate-secret', {
        params: { path: { id: endpoint.id } },
        body: { overlap_seconds: 86_400 },
      }),
    );
    setSecret({ secret: result.secret, url: result.endpoint.url });
    list.reload();
  });
  const ping = useAction(async (endpoint: Endpoint) => {
    await ok(api.POST('/api/webhooks/{id}/ping', { params: { path: { id: endpoint.id } } }));
    setSelected(endpoint.id);
  });
  const toggleEnabled = useAction(async (endpoint: Endpoint) => {
    await ok(
      api.PATCH('/api/webhooks/{id}', {
        params: { path: { id: endpoint.id } },
        body: { enabled: endpoint.status !== 'active' },
      }),
    );
    list.reload();
  });
  const remove = useAction(async (endpoint: Endpoint) => {
    await ok(api.DELETE('/api/webhooks/{id}', { params: { path: { id: endpoint.id } } }));
    setDeleting(null);
    if (selected === endpoint.id) setSelected(null);
    list.reload();
  });
  const toggle = (type: EventType) => (e: { target: { checked: boolean } }) =>
    setTypes(e.target.checked ? [...new Set([...types, type])] : types.filter((t) => t !== type));
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void create.run();
  };
  const fieldError = (f: string) =>
    create.error instanceof ApiError ? create.error.fieldMessage(f) : undefined;
  return (
    <Page title="Webhooks">
      <p>
        Tell other systems what happened. Every message is signed (Standard Webhooks: <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>); verify it with the secret shown when
        you create or rotate it.
      </p>
      {secret ? (
        <div className="secret" role="status">
          <h2>Signing secret for {secret.url}</h2>
          <p>Copy it now: it is shown this once and cannot be read again.</p>
          <div className="row">
            <code className="token" data-testid="webhook-secret">
              {secret.secret}
            </code>
            <button type="button" className="secondary" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      <form className="form" onSubmit={submit} aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title">New endpoint</h2>
        <TextField
          label="URL"
          required
          type="url"
          maxLength={2048}
          hint="https, on a public address; redirects are not followed."
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={fieldError('url')}
        />
        <TextField
          label="Description"
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={fieldError('description')}
        />
        <fieldset>
          <legend>Events</legend>
          {EVENT_TYPES.map(([type, label]) => (
            <Checkbox
              key={type}
              label={`${type} (${label})`}
              checked={types.includes(type)}
              onChange={toggle(type)}
            />
          ))}
        </fieldset>
        <ErrorMessage error={create.error} />
        <button type="submit" disabled={create.busy || types.length === 0}>
          {create.busy ? 'Creating…' : 'Create endpoint'}
        </button>
      </form>
      <h2>Your endpoints</h2>
      {list.loading ? <Loading /> : <ErrorMessage error={list.error} retry={list.reload} />}
      <ErrorMessage error={rotate.error ?? ping.error ?? toggleEnabled.error} />
      {list.data && list.data.endpoints.length === 0 ? <p>No endpoints yet.</p> : null}
      {list.data && list.data.endpoints.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Your webhook endpoints</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <button
                      type="button"
                      className="small secondary"
                      onClick={() => void toggleEnabled.run(e)}
                    >
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
            </tbody>
          </table>
        </div>
      ) : null}
      {selected ? <Deliveries endpointId={selected} /> : null}
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
    </Page>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const log = useAsync(
    () => ok(api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id: endpointId } } })),
    [endpointId],
  );
  const redeliver = useAction(async (deliveryId: string) => {
    await ok(
      api.POST('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id: endpointId, deliveryId } },
      }),
    );
    log.reload();
  });
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log</h2>
      <button type="button" className="small secondary" onClick={log.reload}>
        Refresh
      </button>
      {log.loading ? <Loading /> : <ErrorMessage error={log.error} retry={log.reload} />}
      <ErrorMessage error={redeliver.error} />
      {log.data && log.data.deliveries.length === 0 ? <p>No deliveries yet.</p> : null}
      {log.data && log.data.deliveries.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Answer</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{d.event_type}</td>
                  <td>
                    <StatusBadge status={d.status} />
                  </td>
                  <td>{d.attempts}</td>
                  <td>
                    {d.response_status ?? '—'} {d.duration_ms !== null ? `(${d.duration_ms} ms)` : ''}
                    {d.response_excerpt ? (
                      <div className="muted">{d.response_excerpt.slice(0, 200)}</div>
                    ) : null}
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
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
