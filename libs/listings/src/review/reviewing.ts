import type { RequestContext } from '@pc/contracts';
import { type Database, type DomainError, type Executor, notFound, requireAdmin } from '@pc/platform';
import type { Outbox } from '../outbox/outbox';
import type { SubmissionTable } from '../submissions/submission-table';

/** What a decision writes, in the deciding transaction: the submission it found waiting, by whom. */
export type DecisionWrite<Waiting, Decided> = (
  tx: Executor,
  waiting: Waiting,
  adminId: string,
) => Promise<Decided>;

/**
 * An administrator's decision on a submission waiting for review, for any kind: the submission is held
 * until the decision commits, so that an edit and a decision never interleave; the kind writes what its
 * decision changes in that transaction (the listing published at what the reviewer saw, its tabs, its
 * history, its ideas and events); the outbox is kicked after commit. A kind's review service extends it.
 */
export abstract class Reviewing<Waiting extends { status: string }, Decided, Result> {
  protected constructor(
    protected readonly db: Database,
    protected readonly outbox: Outbox,
    private readonly waiting: SubmissionTable<Waiting>,
    /** The kind's 409 for a submission no longer waiting. */
    private readonly notWaiting: (status: string) => DomainError,
  ) {}

  protected abstract present(decided: Decided): Result;

  /** Decides the waiting submission `id` as `write` says. */
  protected async decide(
    ctx: RequestContext,
    id: string,
    write: DecisionWrite<Waiting, Decided>,
  ): Promise<Result> {
    const admin = requireAdmin(ctx);
    const decided = await this.db.transaction(async (tx) =>
      write(tx, await this.lockWaiting(tx, id), admin.userId),
    );
    this.outbox.kick();
    return this.present(decided);
  }

  /** The submission, locked until the transaction ends: 404 when it is gone, 409 when it is not waiting. */
  private async lockWaiting(tx: Executor, id: string): Promise<Waiting> {
    const row = await this.waiting.findById(tx, id, true);
    if (!row) throw notFound('Submission');
    if (row.status !== 'submitted') throw this.notWaiting(row.status);
    return row;
  }
}
