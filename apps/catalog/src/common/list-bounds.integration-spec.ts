import { CatalogRpc, type ListPoliciesRequest, type RequestContext } from '@pc/contracts';
import { MAX_PAYLOAD_BYTES } from '@pc/platform';
import { seedMaximalCatalog, WIDE } from '@pc/testing';
import { catalogUnderTest, codeOf, type TestUser } from '../testing/catalog-under-test';

/** An item of any list, read by its fields. */
type Item = Record<string, unknown>;

interface Paged {
  nextCursor: string | null;
  hasMore?: boolean;
}

/**
 * Every paged list of the catalog filled with maximal rows (far more than the bus carries in one message),
 * at the service level: each page is a reply within the bus's limit (the in-process bus refuses what NATS
 * would, `MAX_PAYLOAD_BYTES`), says whether more follow, and its cursor walks every row once, in the
 * list's order. The end-to-end file (apps/embedded/src/list-bounds.e2e-spec.ts) walks the largest lists
 * through the gateway over NATS.
 */
describe('lists of maximal rows (service level)', () => {
  const catalog = catalogUnderTest();
  let owner: TestUser;
  let other: TestUser;
  let policyId: string;

  beforeAll(async () => {
    owner = catalog.newUser(WIDE(50));
    other = catalog.newUser(WIDE(50));
    policyId = await seedMaximalCatalog((text, params) => catalog.sql(text, params), owner.id);
    // And the lists only this file walks: comments, 40 rejected revisions of max-1, transfers both ways.
    await catalog.sql(
      `INSERT INTO catalog.comments (policy_id, author_id, body, created_at)
       SELECT $1, $2, $3, now() - make_interval(secs => 1000 - i) FROM generate_series(1, 60) AS i`,
      [policyId, owner.id, WIDE(10_000)],
    );
    await catalog.sql(
      `INSERT INTO catalog.policy_revisions (policy_id, field, proposed_value, previous_value, status, submitted_by,
                                             submitted_at)
       SELECT $1, 'description', $3, $3, 'rejected', $2, now() - make_interval(secs => i) FROM generate_series(1, 40) AS i`,
      [policyId, owner.id, WIDE(20_000)],
    );
    await catalog.sql(
      `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id, status,
                                      created_at, expires_at)
       SELECT 'policy', $1, $4, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END,
              CASE WHEN i % 2 = 0 THEN $3::uuid ELSE $2::uuid END, 'rejected', now() - make_interval(secs => i), now()
         FROM generate_series(1, 300) AS i`,
      [policyId, owner.id, other.id, WIDE(110)],
    );
  }, 60_000);

  /** Follows nextCursor from the first page to the last: every page non-empty and within the bus limit. */
  async function walk<R extends Paged>(
    page: (cursor: string | undefined) => Promise<R>,
    items: (reply: R) => object[],
  ): Promise<Item[]> {
    const all: Item[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const reply = await page(cursor);
      expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(MAX_PAYLOAD_BYTES);
      expect(items(reply).length).toBeGreaterThan(0);
      if (reply.hasMore !== undefined) expect(reply.hasMore).toBe(reply.nextCursor !== null);
      all.push(...(items(reply) as Item[]));
      if (!reply.nextCursor) return all;
      cursor = reply.nextCursor;
    }
    throw new Error('more than 200 pages');
  }

  const distinct = (items: Item[]) => new Set(items.map((i) => i.id)).size;
  const times = (items: Item[], field: string) => items.map((i) => Date.parse(i[field] as string));
  const newestFirst = (t: number[]) => [...t].sort((a, b) => b - a);

  it('pages 120 maximal policies, fewer than asked per page, each once, in either order', async () => {
    const list = (ctx: RequestContext, sort?: 'submitted') => (cursor?: string) =>
      catalog.request(CatalogRpc.listPolicies, ctx, { limit: 200, cursor, sort, order: sort && 'desc' });
    const first = await list(owner.ctx)();
    expect(first.hasMore).toBe(true);
    expect(first.policies.length).toBeLessThan(120);
    const all = await walk(list(owner.ctx), (r) => r.policies);
    expect([all.length, distinct(all)]).toEqual([120, 120]);
    const newest = await walk(list(owner.ctx, 'submitted'), (r) => r.policies);
    expect(newest.map((p) => p.slug)).toEqual(Array.from({ length: 120 }, (_, i) => `max-${i + 1}`));
  });

  it("pages a policy's 60 maximal comments, each once", async () => {
    const all = await walk(
      (cursor) => catalog.request(CatalogRpc.listComments, owner.ctx, { id: policyId, limit: 200, cursor }),
      (r) => r.comments,
    );
    expect([all.length, distinct(all)]).toEqual([60, 60]);
  });

  it("pages the owner's 60 maximal submissions, each once", async () => {
    const all = await walk(
      (cursor) => catalog.request(CatalogRpc.listSubmissions, owner.ctx, { limit: 100, cursor }),
      (r) => r.submissions,
    );
    expect([all.length, distinct(all)]).toEqual([60, 60]);
  });

  it("pages a policy's 41 maximal revisions for its owner, newest first, each once", async () => {
    const page = (cursor?: string) =>
      catalog.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId, limit: 100, cursor });
    const first = await page();
    expect(first.hasMore).toBe(true);
    expect(first.revisions.length).toBeLessThan(41);
    const all = await walk(page, (r) => r.revisions);
    expect([all.length, distinct(all)]).toEqual([41, 41]); // the 40 and the one of the policy list's seed
    expect(times(all, 'submitted_at')).toEqual(newestFirst(times(all, 'submitted_at')));
  });

  it("pages the caller's 300 transfers, newest first, each once, and by role", async () => {
    const all = await walk(
      (cursor) => catalog.request(CatalogRpc.listMyTransfers, owner.ctx, { limit: 200, cursor }),
      (r) => r.transfers,
    );
    expect([all.length, distinct(all)]).toEqual([300, 300]);
    expect(times(all, 'created_at')).toEqual(newestFirst(times(all, 'created_at')));
    const received = await walk(
      (cursor) =>
        catalog.request(CatalogRpc.listMyTransfers, owner.ctx, { role: 'recipient', limit: 7, cursor }),
      (r) => r.transfers,
    );
    expect(received).toHaveLength(150);
    expect(received.every((t) => t.role === 'recipient')).toBe(true);
  });

  it('pages 250 large history entries, each once', async () => {
    const all = await walk(
      (before) =>
        catalog.request(CatalogRpc.getPolicyHistory, owner.ctx, { id: policyId, limit: 200, before }),
      (r) => r.entries,
    );
    expect([all.length, distinct(all)]).toEqual([250, 250]);
  });

  it('shows the review queue as summaries within the bus limit and says which kinds have more', async () => {
    const queue = await catalog.request(CatalogRpc.reviewQueue, catalog.admin, { limit: 100 });
    expect(Buffer.byteLength(JSON.stringify(queue))).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(queue.submissions).toHaveLength(60);
    expect(queue.submissions[0]).not.toHaveProperty('description');
    expect(queue.submissions[0]).not.toHaveProperty('validation');
    expect(queue.hasMore).toEqual({ submissions: false, revisions: true, ideas: true });
  });

  it('refuses a cursor it did not make, or one of another order, with BAD_REQUEST', async () => {
    const list = (request: ListPoliciesRequest) =>
      codeOf(catalog.request(CatalogRpc.listPolicies, owner.ctx, request));
    const page = await catalog.request(CatalogRpc.listPolicies, owner.ctx, { limit: 1 });
    expect(await list({ cursor: 'bm90LWEtY3Vyc29y' })).toBe('BAD_REQUEST');
    expect(await list({ sort: 'submitted', cursor: page.nextCursor! })).toBe('BAD_REQUEST');
    expect(await list({ offset: 5, cursor: page.nextCursor! })).toBe('BAD_REQUEST');
  });
});
