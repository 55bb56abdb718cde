// Transfers offered to you (accept or reject) and by you (cancel), and your notifications.
import { api, ok, type Schemas } from '../api/client';
import { Link } from '../router';
import { useAction, useCursorPages } from '../ui/async';
import { StatusBadge, When } from '../ui/display';
import { ErrorMessage, LoadMore, Page, Pending } from '../ui/page';

type Transfer = Schemas['TransferDto'];

export default function Inbox() {
  const transfers = useCursorPages(
    async (cursor) => {
      const page = await ok(api.GET('/api/me/transfers', { params: { query: { cursor } } }));
      return { items: page.transfers, next: page.hasMore ? page.nextCursor : null };
    },
    [],
    (t) => t.id,
  );
  // The newest notifications first; "Load older notifications" reads on from the last page's cursor.
  const notifications = useCursorPages(
    async (cursor) => {
      const page = await ok(api.GET('/api/me/notifications', { params: { query: { cursor } } }));
      return { items: page.notifications, next: page.hasMore ? page.nextCursor : null };
    },
    [],
    (n) => n.id,
  );
  const decide = useAction(async (t: Transfer, decision: 'accept' | 'reject' | 'cancel') => {
    const path = { params: { path: { id: t.id } } };
    if (decision === 'accept') await ok(api.POST('/api/transfers/{id}/accept', path));
    else if (decision === 'reject') await ok(api.POST('/api/transfers/{id}/reject', { ...path, body: {} }));
    else await ok(api.POST('/api/transfers/{id}/cancel', path));
    transfers.reload();
  });
  const link = (t: Transfer) =>
    t.resource_type === 'policy' ? (
      <Link to={`/policies/${t.resource_id}`}>{t.resource_name}</Link>
    ) : t.resource_type === 'ruleset' ? (
      <Link to={`/rulesets/${t.resource_id}`}>{t.resource_name}</Link>
    ) : (
      t.resource_name
    );
  return (
    <Page title="Inbox">
      <h2>Transfers</h2>
      <Pending state={transfers} />
      {transfers.data && transfers.items.length === 0 ? <p>No transfers.</p> : null}
      <ul className="cards">
        {transfers.items.map((t) => (
          <li key={t.id} className="card">
            <h3>
              {t.resource_type} {link(t)}
            </h3>
            <p className="meta">
              <StatusBadge status={t.status} />{' '}
              {t.role === 'recipient'
                ? `from ${t.counterparty_name ?? 'someone'}`
                : `to ${t.counterparty_email ?? t.counterparty_name ?? 'someone'}`}{' '}
              · offered <When at={t.created_at} /> · expires <When at={t.expires_at} />
            </p>
            {t.feedback ? <p>{t.feedback}</p> : null}
            {t.status === 'pending' ? (
              <div className="row">
                {t.role === 'recipient' ? (
                  <>
                    <button type="button" disabled={decide.busy} onClick={() => void decide.run(t, 'accept')}>
                      Accept
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={decide.busy}
                      onClick={() => void decide.run(t, 'reject')}
                    >
                      Reject
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    disabled={decide.busy}
                    onClick={() => void decide.run(t, 'cancel')}
                  >
                    Cancel offer
                  </button>
                )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore pages={transfers} label="Load older transfers" />
      <ErrorMessage error={decide.error} />
      <h2>Notifications</h2>
      {<Pending state={notifications} />}
      <p className="hint">
        Notifications tell you when a review decides on what you submitted, when an idea you proposed is
        delivered, when a deployment of yours drifted and when a webhook endpoint was disabled.{' '}
        <Link to="/submissions">My submissions</Link> and{' '}
        <Link to="/ruleset-submissions">My ruleset submissions</Link> keep each status and the reviewer&apos;s
        feedback.
      </p>
      {notifications.data && notifications.items.length === 0 ? <p>No notifications.</p> : null}
      <ul aria-label="Notifications">
        {notifications.items.map((n) => (
          <li key={n.id}>
            <strong>{n.title}</strong> · <When at={n.created_at} />
            {n.kind === 'review_decided' ? <ReviewedLink data={n.data} /> : null}
            <p>{n.body}</p>
          </li>
        ))}
      </ul>
      <LoadMore pages={notifications} label="Load older notifications" />
    </Page>
  );
}

/** A review decision's entry links to what was decided on (its page, or the submitter's list). */
function ReviewedLink({ data }: { data: Record<string, unknown> }) {
  const id = typeof data.resourceId === 'string' ? data.resourceId : null;
  if (!id) return null;
  return (
    <>
      {' '}
      · <Link to={data.assetType === 'ruleset' ? `/rulesets/${id}` : `/policies/${id}`}>open it</Link>
    </>
  );
}
