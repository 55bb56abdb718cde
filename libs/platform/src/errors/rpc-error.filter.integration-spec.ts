import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { Client } from 'pg';
import { toRpcError } from './rpc-error.filter';

/** What a handler's PostgreSQL failures become on the bus, with errors from a real server. */
describe('database errors on the bus', () => {
  let db: TestDatabase;
  const clients: Client[] = [];
  const client = async (): Promise<Client> => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const c = await client();
    await c.query('CREATE TABLE public.rows (id int PRIMARY KEY, v int)');
    await c.query('INSERT INTO public.rows VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await db.drop();
  });

  it('a deadlock victim answers 503 with Retry-After (try again), never INTERNAL', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query('UPDATE public.rows SET v = 1 WHERE id = 1');
    await b.query('UPDATE public.rows SET v = 1 WHERE id = 2');
    const outcomes = await Promise.allSettled([
      a.query('UPDATE public.rows SET v = 2 WHERE id = 2'),
      b.query('UPDATE public.rows SET v = 2 WHERE id = 1'),
    ]);
    await Promise.all([a.query('ROLLBACK'), b.query('ROLLBACK')]);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(toRpcError(failed[0].reason)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 1 });
  });

  it('a value PostgreSQL refuses is bad input (400), another failure INTERNAL without internals', async () => {
    const c = await client();
    const refused = await c.query('SELECT $1::text', ['a\u0000']).catch((e: unknown) => e);
    expect(toRpcError(refused).code).toBe('BAD_REQUEST');
    const broken = await c.query('SELECT * FROM public.nowhere').catch((e: unknown) => e);
    expect(toRpcError(broken)).toEqual({ code: 'INTERNAL', message: 'Internal error' });
  });
});
