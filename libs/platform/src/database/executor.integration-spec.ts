import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { createServiceDataSource } from './database';
import { Database, type Executor } from './executor';

/** The one transaction helper, against a real server: a deadlock's victim is run again. */
describe('Database.transactionRetried', () => {
  let db: TestDatabase;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const source = createServiceDataSource({ url: db.url, schema: 'public', migrations: [], poolSize: 4 });
    await source.initialize();
    close = () => source.destroy();
    database = new Database(source);
    await database.pool.query('CREATE TABLE public.counters (id int PRIMARY KEY, v int NOT NULL)');
    await database.pool.query('INSERT INTO public.counters VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  /** Two transactions that lock the rows in opposite orders, each waiting until the other holds its first row. */
  function crossed(run: (work: (tx: Executor) => Promise<void>) => Promise<void>) {
    let held = 0;
    const bothHold = new Promise<void>((resolve) => {
      const check = setInterval(() => held >= 2 && (clearInterval(check), resolve()), 5);
    });
    const work = (first: number, second: number) => {
      let attempt = 0;
      return run(async (tx) => {
        attempt += 1;
        await tx.query('UPDATE public.counters SET v = v + 1 WHERE id = $1', [first]);
        if (attempt === 1) {
          held += 1;
          await bothHold;
        }
        await tx.query('UPDATE public.counters SET v = v + 1 WHERE id = $1', [second]);
      });
    };
    return Promise.allSettled([work(1, 2), work(2, 1)]);
  }

  it('a plain transaction leaves the deadlock to its caller: one of two crossed ones fails, its writes undone', async () => {
    const outcomes = await crossed((work) => database.transaction(work));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rows = await database.pool.query('SELECT v FROM public.counters ORDER BY id');
    expect(rows.map((r: { v: number }) => r.v)).toEqual([1, 1]);
  });

  it('runs the victim again: both crossed transactions commit, each once', async () => {
    await database.pool.query('UPDATE public.counters SET v = 0');
    const outcomes = await crossed((work) => database.transactionRetried(work));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await database.pool.query('SELECT v FROM public.counters ORDER BY id');
    expect(rows.map((r: { v: number }) => r.v)).toEqual([2, 2]);
  });

  it('does not run again what failed for another reason', async () => {
    let attempts = 0;
    const failed = await database
      .transactionRetried(async (tx) => {
        attempts += 1;
        await tx.query('SELECT * FROM public.nowhere');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(attempts).toBe(1);
  });
});
