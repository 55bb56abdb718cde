// The audit log for administrators: newest first, filtered by action, a page at a time.
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { ErrorMessage, Loading, Page, SelectField, useAsync, When } from '../ui';

type Entry = Schemas['AuditEntryDto'];
type Action = Entry['action'];

const ACTIONS: Action[] = [
  'auth.signed_up',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'token.created',
  'token.revoked',
  'profile.updated',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
];

export default function Audit() {
  const [action, setAction] = useState<Action | ''>('');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = useAsync(
    () =>
      ok(
        api.GET('/api/admin/audit', {
          params: { query: { ...(action ? { action } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
    [action, cursor],
  );
  return (
    <Page title="Audit log">
      <p>Who did what, from where, with which credential. Entries cannot be changed or deleted.</p>
      <SelectField
        label="Action"
        value={action}
        onChange={(e) => {
          setAction(e.target.value as Action | '');
          setCursors([]);
        }}
        options={[['', 'every action'], ...ACTIONS.map((a): [string, string] => [a, a])]}
      />
      {page.loading ? <Loading /> : <ErrorMessage error={page.error} retry={page.reload} />}
      {page.data && page.data.entries.length === 0 ? <p>No entries.</p> : null}
      {page.data && page.data.entries.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">Actor</th>
                <th scope="col">Target</th>
                <th scope="col">From</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {page.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <When at={e.at} />
                  </td>
                  <td>{e.action}</td>
                  <td>
                    {e.actor_user_id ?? '—'} <span className="muted">({e.actor_via})</span>
                  </td>
                  <td>
                    {e.target_type} {e.target_id ?? ''}
                  </td>
                  <td>
                    {e.address}
                    <div className="muted">{e.user_agent}</div>
                  </td>
                  <td>
                    <code>{JSON.stringify(e.summary)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length === 0}
          onClick={() => setCursors([])}
        >
          Newest
        </button>
        <button
          type="button"
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          Older
        </button>
      </div>
    </Page>
  );
}
