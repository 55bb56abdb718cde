// The audit log, newest first, filtered by action, a page at a time: everything for administrators
// (/admin/audit), one's own security events (/audit), a workspace's entries for its owner (on the
// workspace page).
import { AUDIT_ACTIONS, type AuditAction } from '@pc/contracts';
import { useState } from 'react';
import { api, ok } from '../api/client';
import { useLocation } from '../router';
import { DataTable, ErrorMessage, Loading, Page, SelectField, useAsync, useCursorPages, When } from '../ui';

export type AuditScope = { kind: 'all' } | { kind: 'mine' } | { kind: 'workspace'; workspaceId: string };

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

export function AuditLog({ scope }: { scope: AuditScope }) {
  const [action, setAction] = useState<AuditAction | ''>('');
  const pages = useCursorPages();
  const key = scope.kind === 'workspace' ? scope.workspaceId : scope.kind;
  const page = useAsync(() => {
    const query = { ...(action ? { action } : {}), ...(pages.cursor ? { cursor: pages.cursor } : {}) };
    return ok(
      scope.kind === 'workspace'
        ? api.GET('/api/workspaces/{id}/audit', { params: { path: { id: scope.workspaceId }, query } })
        : scope.kind === 'all'
          ? api.GET('/api/admin/audit', { params: { query } })
          : api.GET('/api/me/audit', { params: { query } }),
    );
  }, [key, action, pages.cursor]);
  return (
    <section aria-label="Audit entries">
      <SelectField
        label="Action"
        value={action}
        onChange={(e) => {
          setAction(e.target.value as AuditAction | '');
          pages.newest();
        }}
        options={[['', 'every action'], ...AUDIT_ACTIONS.map((a): [string, string] => [a, a])]}
      />
      {page.loading ? <Loading /> : <ErrorMessage error={page.error} retry={page.reload} />}
      {page.data && page.data.entries.length === 0 ? <p>No entries.</p> : null}
      {page.data && page.data.entries.length > 0 ? (
        <DataTable
          caption="Audit entries, newest first"
          columns={['When', 'Action', 'Actor', 'Target', 'From', 'Summary']}
        >
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
        </DataTable>
      ) : null}
      <div className="row">
        <button type="button" className="secondary" disabled={pages.atNewest} onClick={pages.newest}>
          Newest
        </button>
        <button
          type="button"
          disabled={!page.data?.nextCursor}
          onClick={() => pages.older(page.data?.nextCursor)}
        >
          Older
        </button>
      </div>
    </section>
  );
}
