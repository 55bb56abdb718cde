// The audit log, newest first, a page at a time (Load older entries): everything for administrators (/admin/audit), one's own
// security events (/audit), a workspace's entries for its owner (on the workspace page). Actors and
// targets by name; filters by actor, action (grouped by area), target and time; where and with what a
// request came (address, user agent, request id) and its summary in each entry's details; administrators
// download the entries matching the filters as CSV.
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, AUDIT_EXPORT_PAGE, type AuditActionGroup } from '@pc/contracts';
import { useId } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { useLocation } from '../router';
import { useCursorPages, useDebounced } from '../ui/async';
import { DataTable, When } from '../ui/display';
import { TextField, useFields } from '../ui/fields';
import { LoadMore, Page, Pending } from '../ui/page';

export type AuditScope = { kind: 'all' } | { kind: 'mine' } | { kind: 'workspace'; workspaceId: string };
type Entry = Schemas['AuditEntryDto'];

export default function AuditPage() {
  const { path } = useLocation();
  const all = path.startsWith('/admin/');
  return (
    <Page title={all ? 'Audit log' : 'Your security events'}>
      <p>
        {all
          ? 'Who did what, from where, with which credential. Entries cannot be changed or deleted.'
          : 'Sign-ins, tokens, profile and webhook changes and everything else you did, from where and with which credential.'}
      </p>
      <AuditLog scope={all ? { kind: 'all' } : { kind: 'mine' }} />
    </Page>
  );
}

/** The filters as the API takes them (empty ones left out). */
interface Filters {
  actor_name?: string;
  action?: (typeof AUDIT_ACTIONS)[number];
  action_group?: AuditActionGroup;
  target?: string;
  since?: string;
  until?: string;
}

/** A `datetime-local` value (the browser's local time) as an ISO instant; undefined when empty. */
const instant = (local: string): string | undefined =>
  local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : undefined;

export function AuditLog({ scope }: { scope: AuditScope }) {
  const fields = useFields({ actor: '', action: '', target: '', since: '', until: '' });
  const { actor, action, target, since, until } = fields.values;
  const key = scope.kind === 'workspace' ? scope.workspaceId : scope.kind;
  const typed = { actor: useDebounced(actor.trim(), 300), target: useDebounced(target.trim(), 300) };
  const filters: Filters = {
    ...(scope.kind !== 'mine' && typed.actor ? { actor_name: typed.actor } : {}),
    ...(action.startsWith('group:')
      ? { action_group: action.slice('group:'.length) as AuditActionGroup }
      : action
        ? { action: action as Filters['action'] }
        : {}),
    ...(typed.target ? { target: typed.target } : {}),
    ...(instant(since) ? { since: instant(since) } : {}),
    ...(instant(until) ? { until: instant(until) } : {}),
  };
  const filterKey = JSON.stringify(filters);
  // A changed filter reads its first page again.
  const page = useCursorPages(
    async (cursor) => {
      const query = { ...filters, ...(cursor ? { cursor } : {}) };
      const answer = await ok(
        scope.kind === 'workspace'
          ? api.GET('/api/workspaces/{id}/audit', { params: { path: { id: scope.workspaceId }, query } })
          : scope.kind === 'all'
            ? api.GET('/api/admin/audit', { params: { query } })
            : api.GET('/api/me/audit', { params: { query } }),
      );
      return { items: answer.entries, next: answer.nextCursor };
    },
    [key, filterKey],
    (e) => e.id,
  );
  const field = fields.bind();
  const csv = `/api/admin/audit/export?${new URLSearchParams({ ...filters, format: 'csv' }).toString()}`;
  return (
    <section aria-label="Audit entries">
      <div className="filters wide-fields" role="group" aria-label="Filters">
        {scope.kind !== 'mine' ? (
          <TextField
            label="Actor"
            hint="Email, username or the start of a name"
            maxLength={200}
            {...field('actor')}
          />
        ) : null}
        <ActionSelect value={action} onChange={field('action').onChange} />
        <TextField
          label="Target"
          hint="Its id, or the start of its name"
          maxLength={200}
          {...field('target')}
        />
        <TextField label="From" type="datetime-local" {...field('since')} />
        <TextField label="Until" type="datetime-local" {...field('until')} />
      </div>
      {scope.kind === 'all' ? (
        <p>
          <a className="button secondary" href={csv} download>
            Download CSV
          </a>{' '}
          <span className="hint">The {AUDIT_EXPORT_PAGE.default} newest entries matching these filters.</span>
        </p>
      ) : null}
      <Pending state={page} />
      {page.data && page.items.length === 0 ? <p>No entries.</p> : null}
      {page.items.length > 0 ? (
        <DataTable
          caption="Audit entries, newest first"
          columns={['When', 'Actor', 'Action', 'Target', 'Details']}
        >
          {page.items.map((e) => (
            <tr key={e.id}>
              <td>
                <When at={e.at} />
              </td>
              <td>
                <ActorCell entry={e} />
              </td>
              <td>{e.action}</td>
              <td>
                <TargetCell entry={e} />
              </td>
              <td>
                <details>
                  <summary>
                    Details<span className="visually-hidden"> of {e.action}</span>
                  </summary>
                  <dl className="facts">
                    <dt>From</dt>
                    <dd>{e.address}</dd>
                    <dt>User agent</dt>
                    <dd>{e.user_agent || '–'}</dd>
                    <CodeFact term="Request" value={e.request_id} />
                    <CodeFact term="Actor id" value={e.actor_user_id} />
                    <CodeFact term="Target id" value={e.target_id} />
                    <CodeFact term="Summary" value={JSON.stringify(e.summary)} />
                  </dl>
                </details>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <LoadMore pages={page} label="Load older entries" />
    </section>
  );
}

const VIA: Record<Entry['actor_via'], string> = {
  session: 'signed in',
  token: 'with a token',
  anonymous: 'not signed in',
};

function ActorCell({ entry }: { entry: Entry }) {
  const who = entry.actor_name ?? (entry.actor_user_id ? 'a removed account' : 'nobody signed in');
  return (
    <>
      {who} <span className="muted">({VIA[entry.actor_via]})</span>
    </>
  );
}

function TargetCell({ entry }: { entry: Entry }) {
  const type = entry.target_type.replace(/_/g, ' ');
  return (
    <>
      <span className="muted">{type}</span>{' '}
      {entry.target_name ?? (entry.target_id ? <code>{short(entry.target_id)}</code> : '')}
    </>
  );
}

/** An id cut to its first block (the whole one is in the details). */
const short = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** Actions grouped by area: a whole area, or one action of it. */
function ActionSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Action</label>
      <select id={id} value={value} onChange={onChange}>
        <option value="">Every action</option>
        {AUDIT_ACTION_GROUPS.map((group) => (
          <optgroup key={group} label={group.replace(/_/g, ' ')}>
            <option value={`group:${group}`}>Every {group.replace(/_/g, ' ')} action</option>
            {AUDIT_ACTIONS.filter((a) => a.startsWith(`${group}.`)).map((a) => (
              <option key={a} value={a}>
                {a.slice(group.length + 1).replace(/_/g, ' ')}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** A fact of an entry whose value is code (an id, a request id, the summary); none when it has none. */
function CodeFact({ term, value }: { term: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </>
  );
}
