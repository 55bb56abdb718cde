import { useState } from 'react';
import { api, ok } from '../api/client';
import { DeploymentsNav } from '../deployments-nav';
import { HealFailureBadge } from '../heal-failure';
import { Link } from '../router';
import { useAction, useCursorPages } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { StatusBadge, When } from '../ui/display';
import { ErrorMessage, LoadMore, Page, Pending } from '../ui/page';

export default function Deployments() {
  const list = useCursorPages(
    async (cursor) => {
      const page = await ok(api.GET('/api/deployments', { params: { query: { limit: 50, cursor } } }));
      return { items: page.deployments, next: page.pagination.next_cursor };
    },
    [],
    (d) => d.id,
  );
  const [confirm, setConfirm] = useState(false);
  const deleteFailed = useAction(async () => {
    await ok(api.POST('/api/deployments/delete-failed', { body: {} }));
    setConfirm(false);
    list.reload();
  });
  const all = list.items;
  return (
    <Page
      title="Deployments"
      actions={
        <>
          <Link className="button" to="/deploy">
            Deploy a policy or ruleset
          </Link>
          {/* Offered while there is a failed one: "Delete failed", greyed out, read as an error. */}
          {all.some((d) => d.status === 'failed') ? (
            <>
              {' '}
              <button type="button" className="secondary" onClick={() => setConfirm(true)}>
                Delete failed deployments
              </button>
            </>
          ) : null}
        </>
      }
    >
      <DeploymentsNav />
      <Pending state={list} />
      {list.data && all.length === 0 ? <p>No deployments yet.</p> : null}
      {all.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Your deployments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col">Organization</th>
                <th scope="col">Status</th>
                <th scope="col">Version</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {all.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`/deployments/${d.id}`}>{d.asset_name}</Link>
                  </td>
                  <td>{d.platform_org_name ?? d.platform_org_id}</td>
                  <td>
                    <StatusBadge status={d.status} />
                    {d.drifted ? (
                      <>
                        {' '}
                        <StatusBadge status="drifted" />
                        <HealFailureBadge failure={d.drift?.heal_failure} />
                      </>
                    ) : null}
                  </td>
                  <td>{d.version ?? d.requested_version ?? '–'}</td>
                  <td>
                    <When at={d.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LoadMore pages={list} />
      <ConfirmDialog
        open={confirm}
        title="Delete every failed deployment?"
        confirmLabel="Delete failed deployments"
        busy={deleteFailed.busy}
        onConfirm={() => void deleteFailed.run()}
        onCancel={() => setConfirm(false)}
      >
        <p>Their records, jobs and logs are removed. Nothing on the platform changes.</p>
        <ErrorMessage error={deleteFailed.error} />
      </ConfirmDialog>
    </Page>
  );
}
