// The administrators' review queue: policy submissions, revisions, ruleset submissions and ideas, each
// approved or sent back with feedback (ruleset submissions also "needs improvement"). A submission's
// card, of either kind, shows who submitted it, its description, its validation report and what changed
// since the last review (SubmissionDetails), an edited ruleset submission what its last edit changed; a
// long text shows four lines until "Show more". Every decision is confirmed first, and the submitter is
// told (inbox, webhooks). Each card's controls are named by its item ("Approve: <name>", "Feedback on
// <name>"), and once decided the focus stays in the card, on what it says.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { Link } from '../router';
import { SubmissionDetails } from '../submission-review';
import { useAction, useAsync } from '../ui/async';
import { Clamped } from '../ui/clamped';
import { ConfirmDialog } from '../ui/dialogs';
import { StatusBadge } from '../ui/display';
import { TextArea } from '../ui/fields';
import { ErrorMessage, Page, PendingPage } from '../ui/page';

type Decision = 'approve' | 'reject' | 'needs-improvement';

const LABELS: Record<Decision, string> = {
  approve: 'Approve',
  reject: 'Reject',
  'needs-improvement': 'Needs improvement',
};

/** What each decision does, said in its confirmation. */
const CONSEQUENCES: Record<Decision, string> = {
  approve: 'It is published (or the change applied), and the submitter is told in their inbox and webhooks.',
  reject: 'This is final. The submitter gets your feedback in their inbox and webhooks.',
  'needs-improvement':
    'The submitter gets your feedback in their inbox and webhooks, and may edit and resubmit it.',
};

/** A rejected policy submission is not final: its submitter may edit and resubmit it (PATCH). */
const POLICY_SUBMISSION_CONSEQUENCES: Partial<Record<Decision, string>> = {
  reject:
    'The submitter gets your feedback in their inbox and webhooks; they may edit the submission and resubmit it.',
};

function ReviewItem({
  title,
  name,
  children,
  decisions,
  decide,
  consequences = {},
}: {
  title: ReactNode;
  /** The item's name, for the confirmation's question. */
  name: string;
  children: ReactNode;
  decisions: Decision[];
  decide: (decision: Decision, feedback: string) => Promise<unknown>;
  /** What a decision does here, where it differs from CONSEQUENCES. */
  consequences?: Partial<Record<Decision, string>>;
}) {
  const [feedback, setFeedback] = useState('');
  const [done, setDone] = useState<Decision | null>(null);
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const action = useAction(async (decision: Decision) => {
    await decide(decision, feedback.trim());
    setConfirm(null);
    setDone(decision);
  });
  // The decision's buttons and its dialog go once it is made: the keyboard's focus goes to what the card
  // says instead of the page's start.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  return (
    <li className="card">
      <h3>{title}</h3>
      {children}
      {done ? (
        <p role="status" ref={status} tabIndex={-1}>
          <StatusBadge
            status={done === 'approve' ? 'approved' : done === 'reject' ? 'rejected' : 'needs_improvement'}
          />{' '}
          Done. The submitter is told.
        </p>
      ) : (
        <>
          <TextArea
            label="Feedback"
            aria-label={`Feedback on ${name}`}
            hint="Required to reject or ask for improvements."
            rows={2}
            maxLength={4000}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
          <div className="row">
            {decisions.map((d) => (
              <button
                key={d}
                type="button"
                aria-label={`${LABELS[d]}: ${name}`}
                className={d === 'approve' ? '' : d === 'reject' ? 'danger' : 'secondary'}
                disabled={action.busy || (d !== 'approve' && !feedback.trim())}
                onClick={() => setConfirm(d)}
              >
                {LABELS[d]}
              </button>
            ))}
          </div>
          <ConfirmDialog
            open={confirm !== null}
            title={confirm ? `${LABELS[confirm]}: ${name}?` : ''}
            confirmLabel={confirm ? LABELS[confirm] : ''}
            busy={action.busy}
            onConfirm={() => void (confirm && action.run(confirm))}
            onCancel={() => setConfirm(null)}
          >
            <p>{confirm ? (consequences[confirm] ?? CONSEQUENCES[confirm]) : null}</p>
            {feedback.trim() ? (
              <p>
                <strong>Your feedback:</strong> {feedback.trim()}
              </p>
            ) : null}
            <ErrorMessage error={action.error} />
          </ConfirmDialog>
        </>
      )}
    </li>
  );
}

/** A value replaced by another, as the queue shows every change it reviews. */
function BeforeAfter({ before, after }: { before: string; after: string }) {
  return (
    <>
      <del>{before}</del> → <ins>{after}</ins>
    </>
  );
}

type QueuedRulesetSubmission = Schemas['QueuedRulesetSubmissionDto'];
type RulesetSnapshot = Schemas['RulesetSnapshotDto'];

/** The fields of a ruleset submission an edit may change, in the words of the submission form. */
const RULESET_FIELDS: [keyof Omit<RulesetSnapshot, 'snapshotted_at'>, string][] = [
  ['name', 'Name'],
  ['description', 'Description'],
  ['category', 'Category'],
  ['source_url', 'Repository'],
  ['source_ref', 'Ref'],
  ['ruleset_path', 'Ruleset file'],
  ['profile_name', 'Profile'],
  ['rule_names', 'Rules'],
  ['target_scopes', 'Target scopes'],
  ['registry_asset_id', 'Registry asset id'],
  ['tags', 'Tags'],
  ['video_tutorial_url', 'Video tutorial'],
  ['examples_url', 'Examples'],
];

const shown = (value: string | string[] | null): string =>
  Array.isArray(value) ? value.join(', ') || 'none' : (value ?? 'none');

/**
 * What the submitter's last edit changed (a resubmission after "needs improvement", or an update of a
 * published ruleset), field by field, from the snapshot taken before it: the reviewer need not compare
 * the submission with their memory of it.
 */
function RulesetEditChanges({ submission }: { submission: QueuedRulesetSubmission }) {
  const before = submission.previous_snapshot;
  if (!before) return null;
  const changed = RULESET_FIELDS.filter(([key]) => shown(before[key]) !== shown(submission[key]));
  const title = `What the last edit of ${submission.name} changed`;
  return (
    <section aria-label={title}>
      <h4>What the last edit changed</h4>
      {changed.length === 0 ? (
        <p className="meta">Nothing in the submission's fields (its documentation tabs may differ).</p>
      ) : (
        <ul>
          {changed.map(([key, label]) => (
            <li key={key}>
              {label}: <BeforeAfter before={shown(before[key])} after={shown(submission[key])} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Items of each kind the queue shows (the oldest waiting). */
const QUEUE_PAGE = 50;

/** How many of a kind are shown, "+" when more wait behind them. */
const waiting = (shown: number, more: boolean): string => `(${shown}${more ? '+' : ''})`;

export default function Review() {
  const queue = useAsync(
    () => ok(api.GET('/api/admin/queue', { params: { query: { limit: QUEUE_PAGE } } })),
    [],
  );
  if (!queue.data) return <PendingPage title="Review queue" state={queue} />;
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
      <ErrorMessage error={queue.error} retry={queue.reload} />
      {Object.values(q.hasMore).some(Boolean) ? (
        <p className="hint">
          Each kind shows its oldest {QUEUE_PAGE} waiting; “+”: more wait behind them, and come in as these
          are decided (Refresh).
        </p>
      ) : null}
      <h2>Policy submissions {waiting(q.submissions.length, q.hasMore.submissions)}</h2>
      {q.submissions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.submissions.map((s) => (
          <ReviewItem
            key={s.id}
            name={s.name}
            title={<Link to={`/policies/${s.policyId}`}>{s.name}</Link>}
            decisions={['approve', 'reject']}
            consequences={POLICY_SUBMISSION_CONSEQUENCES}
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
            <SubmissionDetails submission={s} />
          </ReviewItem>
        ))}
      </ul>
      <h2>Revisions {waiting(q.revisions.length, q.hasMore.revisions)}</h2>
      {q.revisions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.revisions.map((r) => (
          <ReviewItem
            key={r.id}
            name={`${r.policy_name}: ${r.field.replace(/_/g, ' ')}`}
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
            <Clamped>
              <BeforeAfter before={r.previous_value} after={r.proposed_value} />
            </Clamped>
          </ReviewItem>
        ))}
      </ul>
      <h2>Ruleset submissions {waiting(q.rulesetSubmissions.length, q.hasMore.rulesetSubmissions)}</h2>
      {q.rulesetSubmissions.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.rulesetSubmissions.map((s) => (
          <ReviewItem
            key={s.id}
            name={s.name}
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
            <SubmissionDetails submission={s} />
            <p className="meta">
              Category {s.category}
              {s.revision_count ? ` · ${s.revision_count} edit(s)` : ''}
            </p>
            {s.review_feedback ? (
              <p>
                <strong>Earlier feedback:</strong> {s.review_feedback}
              </p>
            ) : null}
            <RulesetEditChanges submission={s} />
          </ReviewItem>
        ))}
      </ul>
      <h2>Ideas {waiting(q.ideas.length, q.hasMore.ideas)}</h2>
      {q.ideas.length === 0 ? <p>Nothing waiting.</p> : null}
      <ul className="cards">
        {q.ideas.map((i) => (
          <ReviewItem
            key={i.id}
            name={i.title}
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
            <Clamped>{i.description}</Clamped>
          </ReviewItem>
        ))}
      </ul>
    </Page>
  );
}
