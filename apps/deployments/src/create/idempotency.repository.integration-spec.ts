import { randomUUID } from 'node:crypto';
import type { Database } from '@pc/platform';
import { openTestSchema, type TestSchema } from '@pc/testing';
import { IdempotencyRepository } from './idempotency.repository';

/** Idempotency keys on real PostgreSQL: the primary key decides, not a read. */
describe('the idempotency repository', () => {
  let schema: TestSchema;
  let database: Database;

  beforeAll(async () => {
    schema = await openTestSchema('deployments');
    database = schema.database;
  });

  afterAll(async () => {
    await schema.close();
  });

  it('lets twenty concurrent requests with one Idempotency-Key claim it once', async () => {
    const idempotency = new IdempotencyRepository();
    const user = randomUUID();
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.transaction(async (tx) => {
          const claim = await idempotency.claim(tx, user, 'k', 'h');
          if (claim.claimed) await idempotency.store(tx, user, 'k', { status: 201, results: [] });
          return claim;
        }),
      ),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    for (const c of claims.filter((c) => !c.claimed))
      expect(c).toEqual({ claimed: false, requestHash: 'h', response: { status: 201, results: [] } });
  });
});
