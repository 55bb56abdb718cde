import { randomUUID } from 'node:crypto';
import type { DocTab, DocTabInput, IdeaDeclaration, RequestContext, UserCaller } from '@pc/contracts';
import { createServiceDataSource, Database, DomainError, type Executor, unprocessable } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import type { ListingKind } from '../listing-kind';
import { SubmissionTable } from './submission-table';
import { type SubmissionEdit, type Submitted, Submitting } from './submitting';

/**
 * Each kind's tables, as its service migrated them, and what its submissions need that the kernel does
 * not write: the listing row, a submission's required columns, its jsonb columns, its error code.
 */
const KINDS = [
  {
    assetType: 'policy',
    kind: {
      schema: 'catalog',
      tables: { listings: 'policies', submissions: 'policy_submissions' },
      idColumn: 'policy_id',
    },
    listing: `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
              VALUES ('p-' || gen_random_uuid(), 'P', $2, 'under_review', $1, 'https://source.example/o/p')
              RETURNING id`,
    required: {
      status: 'submitted',
      name: 'P',
      source_host_url: 'https://source.example/o/p',
      validation: {},
    },
    json: ['doc_tabs', 'validation'],
    invalid: 'CATALOG.SUBMISSION_REPOSITORY_INVALID',
  },
  {
    assetType: 'ruleset',
    kind: {
      schema: 'rulesets',
      tables: { listings: 'rulesets', submissions: 'ruleset_submissions' },
      idColumn: 'ruleset_id',
    },
    listing: `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url)
              VALUES ('R', $2, $1, $1, 'https://source.example/o/r') RETURNING id`,
    required: { name: 'R', category: 'Other', source_url: 'https://source.example/o/r', rule_counts: {} },
    json: ['doc_tabs', 'rule_counts'],
    invalid: 'RULESETS.VALIDATION_FAILED',
  },
] as const;

interface Row {
  id: string;
  owner_id: string;
  description: string;
  doc_tabs: DocTab[];
  created_at: Date;
}
/** A submission of the test kind: the repository named `bad` does not validate. */
interface Input {
  repo: string;
  description: string;
  docTabs?: DocTabInput[];
  deliversIdeaIds?: IdeaDeclaration[];
}
type Validation = { ok: boolean; errors: string[] };

const userCtx = (userId: string): RequestContext => ({
  requestId: randomUUID(),
  caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:write'], via: 'session' },
});
const idea = (ideaId: string): IdeaDeclaration => ({ ideaId });
const overview: DocTab = { key: 'overview', title: 'Overview', kind: 'predefined', bodyMd: '', sortOrder: 0 };

let testDb: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const url = testDb.url;
  dataSource = createServiceDataSource({ url, schema: 'public', entities: [], migrations: [], poolSize: 6 });
  await dataSource.initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
  await testDb?.drop();
});

describe.each(KINDS)(
  "the kernel's submitting for a $assetType (PostgreSQL)",
  ({ kind: tables, listing, required, json, invalid }) => {
    const kind = tables as unknown as ListingKind;
    const listingIdOf = (row: Row): string => (row as unknown as Record<string, string>)[kind.idColumn];
    /** What the kind's ideas were told, by listing: the last declaration wins. */
    const declared = new Map<string, string[]>();

    class Table extends SubmissionTable<Row> {
      constructor() {
        super(kind, ['owner_id'], new Set<string>(json));
      }
    }

    /** The smallest kind: its repository, tabs and ideas as plain rules, its writes its tables'. */
    class TestSubmissions extends Submitting<
      Row,
      string,
      Validation,
      Input,
      Partial<Input> & { id: string },
      Row
    > {
      constructor(readonly table: Table) {
        super(new Database(dataSource), {
          table,
          sourceOf: (input) => input.repo,
          inspect: (repo) =>
            Promise.resolve({
              ok: repo !== 'bad',
              errors: repo === 'bad' ? ['no profile', 'no licence'] : [],
            }),
          invalid: { code: invalid, message: 'Not a valid repository', field: 'repo' },
          sourceColumns: [],
          ideas: {
            check: (_ctx, ideas) =>
              ideas.some((i) => i.ideaId === 'unknown')
                ? Promise.reject(unprocessable('An idea is not approved'))
                : Promise.resolve(),
            declare: (_tx, _ctx, row, ideas) => {
              // The catalog refusing a declaration it checked before (an idea closed meanwhile).
              if (ideas.some((i) => i.ideaId === 'closed'))
                return Promise.reject(unprocessable('The idea was closed'));
              declared.set(
                listingIdOf(row),
                ideas.map((i) => i.ideaId),
              );
              return Promise.resolve();
            },
          },
          stageTabs: (input, description) => {
            if (input.some((tab) => tab.key === 'bad')) throw unprocessable('A tab is refused');
            const custom = input.map((tab, i) => ({ ...tab, kind: 'custom' as const, sortOrder: i + 1 }));
            return [{ ...overview, bodyMd: description }, ...custom];
          },
          mine: { ordering: `${tables.schema}-test-submissions`, limits: { default: 2, max: 3 } },
          present: (row) => row,
        });
      }

      protected async insert(
        tx: Executor,
        { caller, input, stagedTabs }: Submitted<Input, Validation>,
      ): Promise<Row> {
        const [{ id }] = await tx.query<Array<{ id: string }>>(listing, [caller.userId, input.description]);
        return this.table.insert(tx, {
          ...required,
          [kind.idColumn]: id,
          submitted_by: caller.userId,
          description: input.description,
          doc_tabs: stagedTabs,
        } as unknown as Partial<Row>);
      }

      protected sourceAfter(): string | null {
        return null;
      }

      protected checkEditable(_caller: UserCaller): void {}

      protected write(
        tx: Executor,
        { locked, request, stagedTabs }: SubmissionEdit<Row, Partial<Input>, Validation>,
      ): Promise<Row> {
        return this.table.update(tx, locked.id, { description: request.description, doc_tabs: stagedTabs });
      }
    }

    const table = new Table();
    let submissions: TestSubmissions;
    beforeAll(() => {
      submissions = new TestSubmissions(table);
    });
    const count = async (): Promise<number> =>
      Number(
        (await dataSource.query(`SELECT count(*) AS n FROM ${kind.schema}.${kind.tables.listings}`))[0].n,
      );
    const errorOf = (promise: Promise<unknown>): Promise<DomainError> =>
      promise.then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: DomainError) => error,
      );

    it("refuses a repository that does not validate with the kind's error, each problem and the whole report, and writes nothing", async () => {
      const before = await count();
      const refused = await errorOf(
        submissions.submit(userCtx(randomUUID()), { repo: 'bad', description: 'D' }),
      );
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused.code).toBe(invalid);
      expect(refused.details).toEqual([
        { field: 'repo', message: 'no profile' },
        { field: 'repo', message: 'no licence' },
      ]);
      expect(refused.extra).toEqual({ validation: { ok: false, errors: ['no profile', 'no licence'] } });
      expect(await count()).toBe(before);
    });

    it('writes nothing when an idea or a tab is refused, or when declaring the ideas is refused in the transaction', async () => {
      const before = await count();
      const ctx = userCtx(randomUUID());
      for (const input of [
        { repo: 'good', description: 'D', deliversIdeaIds: [idea('unknown')] },
        { repo: 'good', description: 'D', docTabs: [{ key: 'bad', title: 'Bad', bodyMd: 'x' }] },
        { repo: 'good', description: 'D', deliversIdeaIds: [idea('closed')] },
      ]) {
        expect((await errorOf(submissions.submit(ctx, input))).code).toBe('UNPROCESSABLE');
      }
      expect(await count()).toBe(before);
      expect((await submissions.list(ctx, {})).submissions).toEqual([]);
    });

    it('declares the ideas with the submission and replaces them on an edit ([] clears); stages the tabs with the description', async () => {
      const ctx = userCtx(randomUUID());
      const tab = { key: 'usage', title: 'Usage', bodyMd: 'Run it' };
      const { submission } = await submissions.submit(ctx, {
        repo: 'good',
        description: 'First',
        docTabs: [tab],
        deliversIdeaIds: [idea('a'), idea('b')],
      });
      const listingId = listingIdOf(submission);
      expect(declared.get(listingId)).toEqual(['a', 'b']);
      expect((await submissions.get(ctx, submission.id)).docTabs).toEqual([
        { ...overview, bodyMd: 'First' },
        { ...tab, kind: 'custom', sortOrder: 1 },
      ]);

      await submissions.update(ctx, { id: submission.id, description: 'Second', docTabs: [] });
      expect(declared.get(listingId)).toEqual(['a', 'b']);
      expect((await submissions.get(ctx, submission.id)).docTabs).toEqual([
        { ...overview, bodyMd: 'Second' },
      ]);
      await submissions.update(ctx, { id: submission.id, deliversIdeaIds: [] });
      expect(declared.get(listingId)).toEqual([]);
      expect(
        (await errorOf(submissions.update(ctx, { id: submission.id, deliversIdeaIds: [idea('closed')] })))
          .code,
      ).toBe('UNPROCESSABLE');
      expect((await submissions.get(ctx, submission.id)).docTabs).toHaveLength(1);
    });

    it("lists the caller's own submissions newest first, page by page, the new owner's after a transfer, no one else's", async () => {
      const [owner, other] = [randomUUID(), randomUUID()];
      const made: string[] = [];
      for (const description of ['one', 'two', 'three', 'four'])
        made.unshift((await submissions.submit(userCtx(owner), { repo: 'good', description })).submission.id);
      await submissions.submit(userCtx(other), { repo: 'good', description: 'theirs' });

      const first = await submissions.list(userCtx(owner), {});
      expect(first.submissions.map((s) => s.id)).toEqual(made.slice(0, 2));
      expect(first.hasMore).toBe(true);
      const rest = await submissions.list(userCtx(owner), { cursor: first.nextCursor!, limit: 10 });
      expect(rest.submissions.map((s) => s.id)).toEqual(made.slice(2));
      expect(rest.hasMore).toBe(false);

      const moved = (await submissions.get(userCtx(owner), made[0])).submission;
      await dataSource.query(
        `UPDATE ${kind.schema}.${kind.tables.listings} SET owner_id = $2 WHERE id = $1`,
        [listingIdOf(moved), other],
      );
      const theirs = await submissions.list(userCtx(other), { limit: 10 });
      expect(theirs.submissions.map((s) => s.description)).toEqual(
        expect.arrayContaining(['four', 'theirs']),
      );
      expect(theirs.submissions).toHaveLength(2);
      expect((await submissions.list(userCtx(owner), { limit: 10 })).submissions.map((s) => s.id)).toEqual(
        made.slice(1),
      );
      expect((await errorOf(submissions.get(userCtx(owner), made[0]))).code).toBe('NOT_FOUND');
    });
  },
);
