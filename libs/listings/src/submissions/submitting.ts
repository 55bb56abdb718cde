import type { DocTab, ErrorCode, RequestContext, UserCaller } from '@pc/contracts';
import { type Database, DomainError, type Executor, notFound, requireUser } from '@pc/platform';
import { checkSourceUnchanged, visibleSubmission } from './submission-rules';
import type { SubmissionTable } from './submission-table';

/** A submission as the kernel reads it: with its listing's current owner, and its staged tabs. */
export interface SubmissionBase {
  id: string;
  owner_id: string;
  doc_tabs: DocTab[];
}

/** A kind's inspection of a repository, as far as the kernel reads it: whether it passed, and why not. */
export interface Inspection {
  ok: boolean;
  errors: string[];
}

/** What a kind's submissions are to the flow. */
export interface SubmissionFlow<Row, Source, Validation, Presented> {
  table: SubmissionTable<Row>;
  /** The kind's inspection of the repository at `source` (its own code, in its service). */
  inspect(source: Source): Promise<Validation>;
  /** The kind's 4xx for a repository that does not validate: its code, message, and the field named. */
  invalid: { code: ErrorCode; message: string; field: string };
  /** The columns saying where the listing is read from: what a validation was made against. */
  sourceColumns: ReadonlyArray<keyof Row>;
  present(row: Row): Presented;
}

/** An edit of a submission, as its kind writes it under the submission's lock. */
export interface SubmissionEdit<Row, Update, Validation, Prepared> {
  ctx: RequestContext;
  caller: UserCaller;
  locked: Row;
  request: Update;
  /** The repository validated again, when the edit changed where the listing is read from. */
  validation: Validation | undefined;
  prepared: Prepared;
}

/**
 * Submitting a listing's repository and editing its submission before review, for any kind: a
 * repository is inspected by the kind (a policy's definition and implementation, a ruleset's profile)
 * and refused whole with the kind's 4xx when it does not validate; a submission is seen by its listing's
 * owner and administrators (404 for anyone else); an edit is checked, its new source validated outside
 * any lock, then checked again under the submission's lock, refused (409) when another edit moved the
 * source meanwhile, and written by the kind. A kind's submissions service extends it.
 */
export abstract class Submitting<
  Row extends SubmissionBase,
  Source,
  Validation extends Inspection,
  Update extends { id: string },
  Prepared,
  Presented,
> {
  protected constructor(
    protected readonly db: Database,
    private readonly flow: SubmissionFlow<Row, Source, Validation, Presented>,
  ) {}

  /** Where the listing will be read from after the edit, when the edit changes it (else null). */
  protected abstract sourceAfter(current: Row, request: Update): Source | null;
  /** The kind's rules of who edits what in which state; checked before the edit and under its lock. */
  protected abstract checkEditable(caller: UserCaller, row: Row, request: Update): void;
  /** What an edit checks and builds before its transaction (the ideas it declares, its staged tabs). */
  protected abstract prepare(ctx: RequestContext, current: Row, request: Update): Promise<Prepared>;
  /** Writes the edit in the transaction holding the submission: the submission, its listing, its history. */
  protected abstract write(
    tx: Executor,
    edit: SubmissionEdit<Row, Update, Validation, Prepared>,
  ): Promise<Row>;

  async get(ctx: RequestContext, id: string): Promise<{ submission: Presented; docTabs: DocTab[] }> {
    const row = await this.visible(ctx, id);
    return { submission: this.flow.present(row), docTabs: row.doc_tabs };
  }

  async update(ctx: RequestContext, request: Update): Promise<{ submission: Presented }> {
    const caller = requireUser(ctx);
    const current = await this.visible(ctx, request.id);
    this.checkEditable(caller, current, request);
    const source = this.sourceAfter(current, request);
    const validation = source === null ? undefined : await this.validRepository(source);
    const prepared = await this.prepare(ctx, current, request);
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.flow.table.findById(tx, current.id, true);
      if (!locked) throw notFound('Submission');
      if (validation) checkSourceUnchanged(this.sourceOf(current), this.sourceOf(locked));
      this.checkEditable(caller, locked, request);
      return this.write(tx, { ctx, caller, locked, request, validation, prepared });
    });
    return { submission: this.flow.present(row) };
  }

  protected async visible(ctx: RequestContext, id: string): Promise<Row> {
    return visibleSubmission(ctx, await this.flow.table.findById(this.db.pool, id));
  }

  /**
   * The repository inspected at `source`; refused (nothing written) when invalid, with the kind's error
   * listing every problem and carrying the whole report.
   */
  protected async validRepository(source: Source): Promise<Validation> {
    const validation = await this.flow.inspect(source);
    if (validation.ok) return validation;
    const { code, message, field } = this.flow.invalid;
    const details = validation.errors.map((error) => ({ field, message: error }));
    throw new DomainError(code, message, details, undefined, { validation });
  }

  private sourceOf(row: Row): Partial<Row> {
    return Object.fromEntries(this.flow.sourceColumns.map((column) => [column, row[column]])) as Partial<Row>;
  }
}
