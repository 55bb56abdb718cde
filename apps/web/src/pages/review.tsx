// The administrators' review queue: policy submissions, revisions, ruleset submissions and ideas, each
// approved or sent back with feedback (ruleset submissions also "needs improvement").
import { type ReactNode, useState } from 'react';
import { api, ok } from '../api/client';
import { Link } from '../router';
import { ErrorMessage, Loading, Page, StatusBadge, TextArea, useAction, useAsync, When } from '../ui';

type Decision = 'approve' | 'reject' | 'needs-improvement';

function ReviewItem({
  title,
  children,
  decisions,
  decide,
}: {
  title: ReactNode;
  children: ReactNode;
  decisions: Decision[];
  decide: (decision: Decision, feedback: string) => Promise<unknown>;
}) {
  const [feedback, setFeedback] = useState('');
  const [done, setDone] = useState<Decision | null>(null);
  const action = useAction(async (decision: Decision) => {
    await decide(decision, feedback.trim());
    setDone(decision);
  });
  const labels: Record<Decision, string> = {
    approve: 'Approve',
    reject: 'Reject',
    'needs-improvement': 'Needs improvement',
  };
  return (
    <li className="card">
      <h3>{title}</h3>
      {children}
      {done ? (
        <p role="status">
          <StatusBadge
            status={done === 'approve' ? 'approved' : done === 'reject' ? 'rejected' : 'needs_improvement'}
          />{' '}
          Done.
        </p>
      ) : (
        <>
          <TextArea
            label="Feedback"
            hint="Required to reject or ask for improvements."
            rows={2}
            maxLength={4000}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
          <ErrorMessage error={action.error} />
          <div className="row">
            {decisions.map((d) => (
              <button
                key={d}
                type="button"
                className={d === 'approve' ? '' : d === 'reject' ? 'danger' : 'secondary'}
                disabled={action.busy || (d !== 'approve' && !feedback.trim())}
                onClick={() => void action.run(d)}
              >
                {labels[d]}
              </button>
            ))}
          </div>
        </>
      )}
    </li>
  );
}

export default function Review() {
  const queue = useAsync(() => ok(api.GET('/api/admin/queue', { params: { query: { limit: 50 } } })), []);
  if (queue.loading && !queue.data)
    return (
      <Page title="Review queue">
        <Loading />
      </Page>
    );
  if (!queue.data)
    return (
      <Page title="Review queue">
        <ErrorMessage error={queue.error} retry={queue.reload} />
      </Page>
    );
  const q = queue.data;
  const path = (id: string) => ({ params: { path: { id } } });
  return (
    <Page
      title="Review queue"
      actions={
        <button type="button" className="secondary" onClick={queue.reload}>
          Refresh
        </button>
      }
    >
      <h2>
        Policy submissions ({q.submissions.length}
        {q.hasMore.submissions ? '+' : ''})
      </h2>
      {q.submissions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.submissions.map((s) => (
          <ReviewItem
            key={s.id}
            title={<Link to={`/policies/${s.policyId}`}>{s.name}</Link>}
            decisions={['approve', 'reject']}
            decide={(d, feedback) =>
              d === 'approve'
                ? ok(
                    api.POST('/api/admin/submissions/{id}/approve', {
                      ...path(s.id),
                      body: feedback ? { feedback } : {},
                    }),
                  )
                : ok(api.POST('/api/admin/submissions/{id}/reject', { ...path(s.id), body: { feedback } }))
            }
          >
            <p className="meta">
              submitted <When at={s.createdAt} /> · <a href={s.sourceHostUrl}>repository</a>
              {s.sourceRef ? ` · ref ${s.sourceRef}` : ''}
              {s.sourceCommit ? ` · commit ${s.sourceCommit.slice(0, 12)}` : ''}
            </p>
          </ReviewItem>
        ))}
      </ul>
      <h2>Revisions ({q.revisions.length})</h2>
      {q.revisions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.revisions.map((r) => (
          <ReviewItem
            key={r.id}
            title={
              <>
                <Link to={`/policies/${r.policy_id}`}>{r.policy_name}</Link>: {r.field.replace(/_/g, ' ')}
              </>
            }
            decisions={['approve', 'reject']}
            decide={(d, feedback) =>
              d === 'approve'
                ? ok(
                    api.POST('/api/admin/revisions/{id}/approve', {
                      ...path(r.id),
                      body: feedback ? { feedback } : {},
                    }),
                  )
                : ok(api.POST('/api/admin/revisions/{id}/reject', { ...path(r.id), body: { feedback } }))
            }
          >
            <p>
              <del>{r.previous_value}</del> → <ins>{r.proposed_value}</ins>
            </p>
          </ReviewItem>
        ))}
      </ul>
      <h2>Ruleset submissions ({q.rulesetSubmissions.length})</h2>
      {q.rulesetSubmissions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.rulesetSubmissions.map((s) => (
          <ReviewItem
            key={s.id}
            title={<Link to={`/rulesets/${s.ruleset_id}`}>{s.name}</Link>}
            decisions={['approve', 'needs-improvement', 'reject']}
            decide={(d, feedback) =>
              d === 'approve'
                ? ok(
                    api.POST('/api/admin/ruleset-submissions/{id}/approve', {
                      ...path(s.id),
                      body: feedback ? { feedback } : {},
                    }),
                  )
                : d === 'reject'
                  ? ok(
                      api.POST('/api/admin/ruleset-submissions/{id}/reject', {
                        ...path(s.id),
                        body: { feedback },
                      }),
                    )
                  : ok(
                      api.POST('/api/admin/ruleset-submissions/{id}/needs-improvement', {
                        ...path(s.id),
                        body: { feedback },
                      }),
                    )
            }
          >
            <p>{s.description}</p>
            <p className="meta">
              {s.category} · {s.rule_counts.violation} violations, {s.rule_counts.warning} warnings,{' '}
              {s.rule_counts.info} info rules · <a href={s.source_url}>source</a>
              {s.source_ref ? ` · ref ${s.source_ref}` : ''}
              {s.source_commit ? ` · commit ${s.source_commit.slice(0, 12)}` : ''} · submitted{' '}
              <When at={s.created_at} />
              {s.revision_count ? ` · ${s.revision_count} edit(s)` : ''}
            </p>
            {s.review_feedback ? (
              <p>
                <strong>Earlier feedback:</strong> {s.review_feedback}
              </p>
            ) : null}
          </ReviewItem>
        ))}
      </ul>
      <h2>Ideas ({q.ideas.length})</h2>
      {q.ideas.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.ideas.map((i) => (
          <ReviewItem
            key={i.id}
            title={i.title}
            decisions={['approve', 'reject']}
            decide={(d, feedback) =>
              d === 'approve'
                ? ok(
                    api.POST('/api/admin/ideas/{id}/approve', {
                      ...path(i.id),
                      body: feedback ? { feedback } : {},
                    }),
                  )
                : ok(api.POST('/api/admin/ideas/{id}/reject', { ...path(i.id), body: { feedback } }))
            }
          >
            <p>{i.description}</p>
          </ReviewItem>
        ))}
      </ul>
    </Page>
  );
}
