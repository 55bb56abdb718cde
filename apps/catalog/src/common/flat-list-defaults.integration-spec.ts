import { CatalogRpc } from '@pc/contracts';
import { catalogUnderTest, type TestUser } from '../testing/catalog-under-test';

/**
 * The spec shows these four lists flat, without `limit` or `cursor`: a client written to it sends neither
 * and must get every row a page can hold, not a small first page it does not know to follow. Each list
 * holds one row more than the page it used to answer by default (20 revisions, 50 transfers, 100
 * comments, 50 submissions) and is read without `limit`.
 */
describe('lists the spec shows flat, read without limit (service level)', () => {
  const catalog = catalogUnderTest();
  let owner: TestUser;
  let other: TestUser;
  let policyId: string;

  beforeAll(async () => {
    owner = catalog.newUser();
    other = catalog.newUser();
    policyId = await catalog.publishedPolicy(owner.id);
  });

  it("answers all 21 of the caller's revisions of a policy", async () => {
    await catalog.sql(
      `INSERT INTO catalog.policy_revisions (policy_id, field, proposed_value, previous_value, status, submitted_by,
                                             submitted_at)
       SELECT $1, 'description', 'Proposed ' || i, 'Previous', 'rejected', $2, now() - make_interval(secs => i)
         FROM generate_series(1, 21) AS i`,
      [policyId, owner.id],
    );
    const reply = await catalog.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId });
    expect([reply.revisions.length, reply.hasMore, reply.nextCursor]).toEqual([21, false, null]);
  });

  it("answers all 51 of the caller's transfers", async () => {
    await catalog.sql(
      `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id, status,
                                      created_at, expires_at)
       SELECT 'policy', $1, 'Scope Guard', $2, $3, 'rejected', now() - make_interval(secs => i), now()
         FROM generate_series(1, 51) AS i`,
      [policyId, owner.id, other.id],
    );
    const reply = await catalog.request(CatalogRpc.listMyTransfers, owner.ctx, {});
    expect([reply.transfers.length, reply.hasMore, reply.nextCursor]).toEqual([51, false, null]);
  });

  it("answers all 101 of a policy's comments", async () => {
    await catalog.sql(
      `INSERT INTO catalog.comments (policy_id, author_id, body, created_at)
       SELECT $1, $2, 'Comment ' || i, now() - make_interval(secs => 1000 - i) FROM generate_series(1, 101) AS i`,
      [policyId, other.id],
    );
    const reply = await catalog.request(CatalogRpc.listComments, owner.ctx, { id: policyId });
    expect([reply.comments.length, reply.hasMore, reply.nextCursor]).toEqual([101, false, null]);
  });

  it("answers all 51 of the caller's submissions", async () => {
    await catalog.sql(
      `WITH policies AS (
         INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url, created_at)
         SELECT 'flat-' || i, 'Flat ' || i, 'Rejects requests without the scopes they need.', 'under_review', $1,
                'https://source-host.test/community/flat-' || i, now() - make_interval(secs => i)
           FROM generate_series(1, 51) AS i
         RETURNING id, name, description, source_host_url, created_at)
       INSERT INTO catalog.policy_submissions (policy_id, submitted_by, status, name, description, source_host_url,
                                               validation, created_at)
       SELECT id, $1, 'submitted', name, description, source_host_url, '{}'::jsonb, created_at FROM policies`,
      [owner.id],
    );
    const reply = await catalog.request(CatalogRpc.listSubmissions, owner.ctx, {});
    expect([reply.submissions.length, reply.hasMore, reply.nextCursor]).toEqual([51, false, null]);
  });
});
