import type {
  DocTab,
  DocTabInput,
  ErrorCode,
  IdeaDeclaration,
  PageInfo,
  PageRequest,
  RequestContext,
  UserCaller,
} from '@pc/contracts';
import {
  type Database,
  decodeKeyset,
  DomainError,
  type Executor,
  notFound,
  pageOf,
  requireUser,
} from '@pc/platform';
import { checkSourceUnchanged, visibleSubmission } from './submission-rules';
import type { SubmissionTable } from './submission-table';

/** A submission as the kernel reads it: with its listing's current owner, and its staged tabs. */
export interface SubmissionBase {
  id: string;
  owner_id: string;
  description: string;
  doc_tabs: DocTab[];
}

/** What a submission and an edit of one send that the kernel reads: the ideas declared, the tabs staged. */
export interface SubmittedFields {
  description?: string;
  docTabs?: DocTabInput[];
  deliversIdeaIds?: IdeaDeclaration[];
}

/** A kind's inspection of a repository, as far as the kernel reads it: whether it passed, and why not. */
export interface Inspection {
  ok: boolean;
  errors: string[];
}

/** What a kind's submissions are to the flow. */
export interface SubmissionFlow<Row, Source, Validation, Create, Presented> {
  table: SubmissionTable<Row>;
  /** Where the listing is read from, as a submission names it. */
  sourceOf(input: Create, caller: UserCaller): Source;
  /** The kind's inspection of the repository at `source` (its own code, in its service). */
  inspect(source: Source): Promise<Validation>;
  /** The kind's 4xx for a repository that does not validate: its code, message, and the field named. */
  invalid: { code: ErrorCode; message: string; field: string };
  /** The columns saying where the listing is read from: what a validation was made against. */
  sourceColumns: ReadonlyArray<keyof Row>;
  /** The ideas declared: checked before any write, declared last in the transaction (a refusal undoes it). */
  ideas: {
    check(ctx: RequestContext, declared: IdeaDeclaration[]): Promise<unknown>;
    declare(tx: Executor, ctx: RequestContext, row: Row, declared: IdeaDeclaration[]): Promise<void>;
  };
  /** The tabs sent, staged by the kind (its 4xx otherwise); at submission, with the repository's report. */
  stageTabs(input: DocTabInput[], description: string, validation?: Validation): DocTab[];
  /** The caller's own submissions: the ordering their cursors belong to, and the page sizes. */
  mine: { ordering: string; limits: { default: number; max: number } };
  present(row: Row): Presented;
}

/** A repository submitted, validated, with what the kernel checked and staged: the kind writes it. */
export interface Submitted<Create, Validation> {
  caller: UserCaller;
  input: Create;
  validation: Validation;
  stagedTabs: DocTab[];
}

/** An edit of a submission, as its kind writes it under the submission's lock. */
export interface SubmissionEdit<Row, Update, Validation> {
  caller: UserCaller;
  locked: Row;
  request: Update;
  /** The repository validated again, when the edit changed where the listing is read from. */
  validation: Validation | undefined;
  /** The tabs the edit sent, staged; undefined when it sent none. */
  stagedTabs: DocTab[] | undefined;
}

/**
 * Submitting a listing's repository and editing its submission before review, for any kind: a
 * repository is inspected by the kind (a policy's definition and implementation, a ruleset's profile)
 * and refused whole with the kind's 4xx when it does not validate; the ideas declared are checked and the
 * tabs staged before any write; a submission is seen by its listing's owner and administrators (404 for
 * anyone else), and listed for its owner, newest first; an edit is checked, its new source validated
 * outside any lock, then checked again under the submission's lock, refused (409) when another edit moved
 * the source meanwhile, and written by the kind. A kind's submissions service extends it.
 */
export abstract class Submitting<
  Row extends SubmissionBase,
  Source,
  Validation extends Inspection,
  Create extends SubmittedFields & { description: string },
  Update extends SubmittedFields & { id: string },
  Presented,
> {
  protected constructor(
    protected readonly db: Database,
    private readonly flow: SubmissionFlow<Row, Source, Validation, Create, Presented>,
  ) {}

  /** Writes the listing, its submission and its history, in the transaction given. */
  protected abstract insert(tx: Executor, submitted: Submitted<Create, Validation>): Promise<Row>;
  /** Where the listing will be read from after the edit, when the edit changes it (else null). */
  protected abstract sourceAfter(current: Row, request: Update): Source | null;
  /** The kind's rules of who edits what in which state; checked before the edit and under its lock. */
  protected abstract checkEditable(caller: UserCaller, row: Row, request: Update): void;
  /** Writes the edit in the transaction holding the submission: the submission, its listing, its history. */
  protected abstract write(tx: Executor, edit: SubmissionEdit<Row, Update, Validation>): Promise<Row>;

  /** Nothing is written when the repository (the kind's 4xx with the report), an idea or a tab is refused. */
  async submit(
    ctx: RequestContext,
    input: Create,
  ): Promise<{ submission: Presented; validation: Validation }> {
    const caller = requireUser(ctx);
    const validation = await this.validRepository(this.flow.sourceOf(input, caller));
    const declared = input.deliversIdeaIds ?? [];
    await this.flow.ideas.check(ctx, declared);
    const stagedTabs = this.flow.stageTabs(input.docTabs ?? [], input.description, validation);
    const row = await this.db.transaction(async (tx) => {
      const row = await this.insert(tx, { caller, input, validation, stagedTabs });
      if (declared.length > 0) await this.flow.ideas.declare(tx, ctx, row, declared);
      return row;
    });
    return { submission: this.flow.present(row), validation };
  }

  /** One page, newest first: at most `limit` submissions and at most the reply budget in bytes. */
  async list(ctx: RequestContext, request: PageRequest): Promise<{ submissions: Presented[] } & PageInfo> {
    const caller = requireUser(ctx);
    const { ordering, limits } = this.flow.mine;
    const limit = Math.min(request.limit ?? limits.default, limits.max);
    const after = decodeKeyset(request.cursor, ordering);
    const rows = await this.flow.table.pageBy(this.db.pool, caller.userId, limit, after);
    const page = await pageOf(rows, limit, ordering, (head) => head.map((row) => this.flow.present(row)));
    return { submissions: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  async get(ctx: RequestContext, id: string): Promise<{ submission: Presented; docTabs: DocTab[] }> {
    const row = await this.visible(ctx, id);
    return { submission: this.flow.present(row), docTabs: row.doc_tabs };
  }

  /** `deliversIdeaIds` replaces the ideas declared (`[]` clears them); `docTabs` the staged tabs. */
  async update(ctx: RequestContext, request: Update): Promise<{ submission: Presented }> {
    const caller = requireUser(ctx);
    const current = await this.visible(ctx, request.id);
    this.checkEditable(caller, current, request);
    const source = this.sourceAfter(current, request);
    const validation = source === null ? undefined : await this.validRepository(source);
    const declared = request.deliversIdeaIds;
    if (declared) await this.flow.ideas.check(ctx, declared);
    const description = request.description ?? current.description;
    const stagedTabs = request.docTabs && this.flow.stageTabs(request.docTabs, description);
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.flow.table.findById(tx, current.id, true);
      if (!locked) throw notFound('Submission');
      if (validation) checkSourceUnchanged(this.sourceColumnsOf(current), this.sourceColumnsOf(locked));
      this.checkEditable(caller, locked, request);
      const written = await this.write(tx, { caller, locked, request, validation, stagedTabs });
      if (declared) await this.flow.ideas.declare(tx, ctx, locked, declared);
      return written;
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
  private async validRepository(source: Source): Promise<Validation> {
    const validation = await this.flow.inspect(source);
    if (validation.ok) return validation;
    const { code, message, field } = this.flow.invalid;
    const details = validation.errors.map((error) => ({ field, message: error }));
    throw new DomainError(code, message, details, undefined, { validation });
  }

  private sourceColumnsOf(row: Row): Partial<Row> {
    return Object.fromEntries(this.flow.sourceColumns.map((column) => [column, row[column]])) as Partial<Row>;
  }
}
