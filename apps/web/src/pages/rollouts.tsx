// The caller's roll-outs, newest first, a page at a time: what each rolls out, its status and its steps
// drawn as progress, so a roll-out started from the deploy form can be found again.
import { api, ok } from '../api/client';
import { DeploymentsNav } from '../deployments-nav';
import { RolloutSteps } from '../rollout-steps';
import { Link } from '../router';
import { useCursorPages } from '../ui/async';
import { StatusBadge, When } from '../ui/display';
import { LoadMore, Page, Pending } from '../ui/page';

/** Roll-outs per page ("Load more" reads the next). */
const PAGE = 50;

export default function Rollouts() {
  const list = useCursorPages(
    async (cursor) => {
      const page = await ok(api.GET('/api/rollouts', { params: { query: { limit: PAGE, cursor } } }));
      return { items: page.rollouts, next: page.hasMore ? page.nextCursor : null };
    },
    [],
    (r) => r.id,
  );
  const rollouts = list.items;
  return (
    <Page
      title="Roll-outs"
      actions={
        <Link className="button" to="/deploy">
          Deploy or roll out
        </Link>
      }
    >
      <DeploymentsNav />
      <Pending state={list} />
      {list.data && rollouts.length === 0 ? (
        <p>
          No roll-outs yet. On the deploy form, choose “Roll out in steps” to deploy to many organizations a
          few at a time, each step gated on the platform’s health.
        </p>
      ) : null}
      {rollouts.length > 0 ? (
        <ul className="rollout-list" aria-label="Your roll-outs, newest first">
          {rollouts.map((r) => (
            <li key={r.id} className="panel">
              <h2>
                <Link to={`/rollouts/${r.id}`}>
                  {r.asset_name}
                  {r.requested_version ? ` ${r.requested_version}` : ''}
                </Link>{' '}
                <StatusBadge status={r.status} />
              </h2>
              <p className="hint">
                Started <When at={r.created_at} />
                {r.finished_at ? (
                  <>
                    , ended <When at={r.finished_at} />
                  </>
                ) : null}
              </p>
              {r.halt_reason ? (
                <p className={r.status === 'halted' ? 'field-error' : 'hint'}>{r.halt_reason}</p>
              ) : null}
              <RolloutSteps rollout={r} label={`Steps of the roll-out of ${r.asset_name}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore pages={list} label="Load older roll-outs" />
    </Page>
  );
}
