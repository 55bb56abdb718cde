// What a page shows of its data: badges (a status's tone), times, a list as a table, counts.
import type { ReactNode } from 'react';

export function Badge({ tone = 'neutral', children }: { tone?: string; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const TONES: Record<string, string> = {
  published: 'good',
  approved: 'good',
  succeeded: 'good',
  accepted: 'good',
  under_review: 'warn',
  submitted: 'warn',
  pending: 'warn',
  queued: 'warn',
  running: 'info',
  needs_improvement: 'warn',
  rejected: 'bad',
  failed: 'bad',
  cancelled: 'neutral',
  expired: 'neutral',
  // Roll-outs, their steps and organizations, drift.
  completed: 'good',
  done: 'good',
  healthy: 'good',
  restored: 'neutral',
  halted: 'bad',
  degraded: 'bad',
  paused: 'warn',
  rolling_back: 'warn',
  restoring: 'warn',
  drifted: 'warn',
  active: 'info',
  deploying: 'info',
  applied: 'info',
};

/**
 * A status said otherwise than its value: a submission waiting for review (`submitted`) is "under review",
 * as its policy's or ruleset's page (`under_review`) and the API's contract say of it: one state, one name
 * wherever the user meets it.
 */
const WORDS: Record<string, string> = { submitted: 'under review' };

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{WORDS[status] ?? status.replace(/_/g, ' ')}</Badge>;
}

export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <>–</>;
  const date = new Date(at);
  return <time dateTime={at}>{date.toLocaleString()}</time>;
}

/** When a run (a deployment, a roll-out) started and finished, as two facts of a `dl`. */
export function RunTimes({ run }: { run: { created_at: string; finished_at?: string | null } }) {
  return (
    <>
      <dt>Started</dt>
      <dd>
        <When at={run.created_at} />
      </dd>
      <dt>Finished</dt>
      <dd>
        <When at={run.finished_at} />
      </dd>
    </>
  );
}

/**
 * A list as a table: a caption for screen readers, one header per column (an empty one is an actions
 * column, named for screen readers only), and the rows the caller renders. A table wider than the
 * screen scrolls inside its box, which keyboards can focus (and so scroll) and screen readers name.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={`${i}-${column}`} scope="col">
                {column || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A count with its noun: "1 violation", "2 violations" (`many` for an irregular plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A ruleset's rules by severity, or an evaluation's findings: "2 violations, 1 warning, 1 info". */
export function severityCounts(counts: { violation: number; warning: number; info: number }): string {
  return `${plural(counts.violation, 'violation')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`;
}
