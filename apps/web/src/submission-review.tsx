// What a reviewer reads of a submission in the review queue before deciding, the same for a policy and a
// ruleset: who submitted it and when, its description, what validation found at the commit it read, and
// what changed on the source host since the last review. Each kind says where it reads them.
import { useState } from 'react';
import { api, ok, type Schemas } from './api/client';
import { ChangedFiles, changesSinceReview } from './review-pin';
import { useAction, useAsync } from './ui/async';
import { Clamped } from './ui/clamped';
import { Badge, severityCounts, When } from './ui/display';
import { ErrorMessage, Pending } from './ui/page';

export type QueuedSubmission = Schemas['QueuedSubmissionDto'] | Schemas['QueuedRulesetSubmissionDto'];

interface Findings {
  errors: string[];
  warnings: string[];
}

interface ReadAgain {
  why: string;
  at: string;
  read: () => Promise<Findings>;
}

/** A submission as a reviewer reads it, whatever its kind. */
interface SubmissionReview {
  kind: QueuedSubmission['kind'];
  /** The policy's or the ruleset's id. */
  listingId: string;
  /**
   * The listing's owner, who submitted it unless it changed hands since (`submitted`: false; the API
   * names the owner, not a former one).
   */
  owner: { name: string | null; username: string | null; submitted: boolean };
  submittedAt: string;
  description: string;
  /** The repository validation read, and what it read there ("version 1.2.3", "commit 0a1b2c3d4e5f"). */
  repository: string;
  facts: string[];
  ok: boolean;
  /** Its errors and warnings as kept with the submission; null where none are kept. */
  findings: Findings | null;
  /**
   * Where the submission keeps none of its warnings or not all of them, why, and how to read them again
   * at the commit it was validated at (`at`: that commit, else its ref, in words).
   */
  readAgain: ReadAgain | null;
  /** The listing has a reviewed commit: "changes since the last review" are read from it. */
  pinned: boolean;
}

/** The facts in order: a text as it is, a [label, value] as "label value" when it has a value. */
const factsOf = (facts: (string | [string, string | null | undefined])[]): string[] =>
  facts.flatMap((fact) => (typeof fact === 'string' ? [fact] : fact[1] ? [`${fact[0]} ${fact[1]}`] : []));

const short = (commit: string | null | undefined) => commit?.slice(0, 12);

/**
 * A policy submission: its validation report is kept with it (GET /api/submissions/{id}); its submitter
 * and pin are the policy's.
 */
async function readPolicySubmission(queued: Schemas['QueuedSubmissionDto']): Promise<SubmissionReview> {
  const path = (id: string) => ({ params: { path: { id } } });
  const [{ submission }, { policy }] = await Promise.all([
    ok(api.GET('/api/submissions/{id}', path(queued.id))),
    ok(api.GET('/api/policies/{id}', path(queued.policyId))),
  ]);
  const v = submission.validation;
  return {
    kind: 'policy',
    listingId: queued.policyId,
    owner: {
      name: policy.owner_name,
      username: policy.owner_username,
      submitted: policy.owner_id === queued.submittedBy,
    },
    submittedAt: submission.createdAt,
    description: submission.description,
    repository: submission.sourceHostUrl,
    facts: factsOf([
      `${v.projectType} project`,
      ['version', v.version],
      ['kit', v.kitVersion],
      ['ref', v.ref],
      ['commit', short(v.commit)],
      // A unified project's implementation is the same repository, at the same commit.
      ['implementation ref', v.projectType === 'split' ? v.implementationRef : null],
      ['implementation commit', v.projectType === 'split' ? short(v.implementationCommit) : null],
    ]),
    ok: v.ok,
    findings: { errors: v.errors, warnings: v.warnings },
    readAgain: null,
    pinned: policy.pin !== null,
  };
}

/**
 * A ruleset submission keeps what validation read (the file, the profile, its rules by severity, the
 * commit) and the warnings it found there, the first ones of many (it was kept only because validation
 * passed: no errors). Where it keeps none (submitted before they were kept) or not all, the reviewer has
 * them read again at that commit, on asking (the engine's check runs again, in the reviewer's share of the
 * evaluator). The queue names its ruleset's owner and pin: the ruleset's detail is not read (its every
 * answer counts a view, which a reviewer is not).
 */
function rulesetSubmission(queued: Schemas['QueuedRulesetSubmissionDto']): SubmissionReview {
  const ref = queued.source_commit ?? queued.source_ref;
  const kept = queued.validation_warnings;
  const omitted = queued.validation_warnings_omitted;
  const at = queued.source_commit
    ? `commit ${short(queued.source_commit)}`
    : (queued.source_ref ?? 'its default branch');
  const readAgain = (why: string): ReadAgain => ({
    why: `${why} Validation reads the repository again at ${at}.`,
    at,
    read: async () => {
      const { validation } = await ok(
        api.POST('/api/ruleset-submissions/validate', {
          body: {
            repoUrl: queued.source_url,
            ...(ref ? { ref } : {}),
            ...(queued.ruleset_path ? { rulesetPath: queued.ruleset_path } : {}),
          },
        }),
      );
      return { errors: validation.errors, warnings: validation.warnings };
    },
  });
  return {
    kind: 'ruleset',
    listingId: queued.ruleset_id,
    owner: {
      name: queued.owner_name,
      username: queued.owner_username,
      submitted: queued.owner_id === queued.submitted_by,
    },
    submittedAt: queued.created_at,
    description: queued.description,
    repository: queued.source_url,
    facts: factsOf([
      ['file', queued.ruleset_path],
      ['profile', queued.profile_name],
      `${severityCounts(queued.rule_counts)} rules`,
      ['ref', queued.source_ref],
      ['commit', short(queued.source_commit)],
    ]),
    ok: true,
    findings: kept ? { errors: [], warnings: kept } : null,
    readAgain: !kept
      ? readAgain('Its warnings were not kept: it was submitted before submissions kept them.')
      : omitted > 0
        ? readAgain(
            `${omitted} more ${omitted === 1 ? 'warning was' : 'warnings were'} found than the submission keeps.`,
          )
        : null,
    pinned: queued.pin !== null,
  };
}

const readSubmission = (queued: QueuedSubmission): Promise<SubmissionReview> =>
  queued.kind === 'policy' ? readPolicySubmission(queued) : Promise.resolve(rulesetSubmission(queued));

/** The errors and warnings of a validation, each on a line, or that there were none. */
function FindingList({ findings }: { findings: Findings }) {
  if (findings.errors.length + findings.warnings.length === 0)
    return <p className="meta">No errors, no warnings.</p>;
  return (
    <ul>
      {findings.errors.map((e) => (
        <li key={`e-${e}`} className="field-error">
          Error: {e}
        </li>
      ))}
      {findings.warnings.map((w) => (
        <li key={`w-${w}`}>Warning: {w}</li>
      ))}
    </ul>
  );
}

/**
 * The findings kept with the submission; where it keeps none or not all, why, and a button that reads
 * them all again (they then replace the kept ones).
 */
function SubmissionFindings({ kept, readAgain }: { kept: Findings | null; readAgain: ReadAgain | null }) {
  const [readNow, setReadNow] = useState<Findings | null>(null);
  const action = useAction(async (again: ReadAgain) => setReadNow(await again.read()));
  const findings = readNow ?? kept;
  return (
    <>
      {findings && <FindingList findings={findings} />}
      {readAgain && !readNow && (
        <>
          <p className="meta">{readAgain.why}</p>
          <button
            type="button"
            className="secondary small"
            disabled={action.busy}
            onClick={() => void action.run(readAgain)}
          >
            {action.busy ? 'Validating…' : `Validate again at ${readAgain.at}`}
          </button>
        </>
      )}
      <ErrorMessage error={action.error} />
    </>
  );
}

/** Who submitted it, what it is, what validation found and what changed since the last review. */
export function SubmissionDetails({ submission }: { submission: QueuedSubmission }) {
  const read = useAsync(() => readSubmission(submission), [submission]);
  const review = read.data;
  const changes = useAsync(
    () => (review?.pinned ? changesSinceReview(review.kind, review.listingId) : Promise.resolve(null)),
    [review?.kind, review?.listingId, review?.pinned],
  );
  if (!review) return <Pending state={read} />;
  const { owner } = review;
  const source = changes.data?.source;
  return (
    <>
      <p className="meta">
        Submitted by {owner.submitted ? '' : 'a former owner; now owned by '}
        <strong>{owner.name ?? owner.username ?? 'an unnamed user'}</strong>
        {owner.username ? ` (@${owner.username})` : ''} · <When at={review.submittedAt} />
      </p>
      <Clamped>{review.description}</Clamped>
      <section aria-label={`Validation report of ${submission.name}`}>
        <h4>
          Validation <Badge tone={review.ok ? 'good' : 'bad'}>{review.ok ? 'ok' : 'not ok'}</Badge>
        </h4>
        <p className="meta">
          <a href={review.repository}>repository</a>
          {review.facts.map((fact) => ` · ${fact}`).join('')}
        </p>
        <SubmissionFindings key={review.readAgain?.at} kept={review.findings} readAgain={review.readAgain} />
      </section>
      <section aria-label={`Changes since the last review of ${submission.name}`}>
        <h4>Changes since the last review</h4>
        {!review.pinned ? (
          <p className="meta">First review: nothing of this {review.kind} was reviewed before.</p>
        ) : source ? (
          source.ahead_by === 0 ? (
            <p className="meta">None: {source.ref} is still the reviewed commit.</p>
          ) : (
            <details>
              <summary>
                {source.ahead_by} {source.ahead_by === 1 ? 'commit' : 'commits'} on {source.ref},{' '}
                {source.files.length}
                {source.files_truncated ? '+' : ''} {source.files.length === 1 ? 'file' : 'files'} changed
              </summary>
              <ChangedFiles files={source.files} />
            </details>
          )
        ) : (
          <ErrorMessage error={changes.error} retry={changes.reload} />
        )}
      </section>
    </>
  );
}
