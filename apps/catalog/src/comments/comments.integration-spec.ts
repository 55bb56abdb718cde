import { CatalogRpc } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { anonymous, catalogUnderTest, codeOf } from '../testing/catalog-under-test';

const QUOTA = 4;

// Comments and likes at the service level: threads, moderation, the quota, the body limits and exact
// like counts under concurrency (the routes' statuses stay in catalog-comments.e2e-spec.ts).
describe('catalog comments and likes', () => {
  const t = catalogUnderTest({ COMMENT_DAILY_QUOTA: String(QUOTA) });

  describe('comments', () => {
    it('threads one level and soft-deletes; only the author edits or soft-deletes, only an administrator hard-deletes', async () => {
      const owner = t.newUser();
      const other = t.newUser();
      const policyId = await t.publishedPolicy(owner.id);
      const { comment: top } = await t.request(CatalogRpc.createComment, other.ctx, {
        policyId,
        body: 'Nice',
      });
      const { comment: reply } = await t.request(CatalogRpc.createComment, owner.ctx, {
        policyId,
        body: 'Thanks',
        parentId: top.id,
      });
      expect(
        await codeOf(
          t.request(CatalogRpc.createComment, other.ctx, { policyId, body: 'No', parentId: reply.id }),
        ),
      ).toBe('CATALOG.COMMENT_PARENT_INVALID');
      expect(
        await codeOf(t.request(CatalogRpc.updateComment, owner.ctx, { id: top.id, body: 'Mine?' })),
      ).toBe('FORBIDDEN');
      expect(await codeOf(t.request(CatalogRpc.deleteComment, other.ctx, { id: top.id, hard: true }))).toBe(
        'FORBIDDEN',
      );
      await t.request(CatalogRpc.deleteComment, other.ctx, { id: top.id });
      expect(await codeOf(t.request(CatalogRpc.updateComment, other.ctx, { id: top.id, body: 'x' }))).toBe(
        'CATALOG.COMMENT_DELETED',
      );
      expect(
        await codeOf(
          t.request(CatalogRpc.createComment, owner.ctx, { policyId, body: 'Late', parentId: top.id }),
        ),
      ).toBe('CATALOG.COMMENT_PARENT_INVALID');
      const list = await t.request(CatalogRpc.listComments, anonymous(), { id: policyId });
      expect(list.comments).toMatchObject([
        { id: top.id, deleted: true, body: '', authorName: '', authorId: '' },
        { id: reply.id, parentId: top.id, body: 'Thanks' },
      ]);
      await t.request(CatalogRpc.deleteComment, t.admin, { id: top.id, hard: true });
      expect((await t.request(CatalogRpc.listComments, anonymous(), { id: policyId })).comments).toEqual([]);
    });

    it("refuses a reply to another policy's comment", async () => {
      const owner = t.newUser();
      const first = await t.publishedPolicy(owner.id);
      const second = await t.publishedPolicy(owner.id);
      const { comment } = await t.request(CatalogRpc.createComment, owner.ctx, {
        policyId: first,
        body: 'Hi',
      });
      expect(
        await codeOf(
          t.request(CatalogRpc.createComment, owner.ctx, {
            policyId: second,
            body: 'Re',
            parentId: comment.id,
          }),
        ),
      ).toBe('CATALOG.COMMENT_PARENT_INVALID');
    });

    it('answers RATE_LIMITED with a retry time once the daily quota is used', async () => {
      const user = t.newUser();
      const policyId = await t.publishedPolicy(user.id);
      for (let i = 0; i < QUOTA; i++)
        await t.request(CatalogRpc.createComment, user.ctx, { policyId, body: `c${i}` });
      const over = await t
        .request(CatalogRpc.createComment, user.ctx, { policyId, body: 'more' })
        .catch((e) => e);
      expect(over).toBeInstanceOf(RemoteError);
      expect((over as RemoteError).payload).toMatchObject({ code: 'RATE_LIMITED' });
      expect((over as RemoteError).payload.retryAfter).toBeGreaterThan(0);
    });

    it('refuses comments on a policy under review as not found', async () => {
      const user = t.newUser();
      const { policyId } = await t.policyUnderReview(user.id);
      expect(await codeOf(t.request(CatalogRpc.createComment, user.ctx, { policyId, body: 'hi' }))).toBe(
        'NOT_FOUND',
      );
    });

    it('holds comment bodies to 1 to 10000 characters, on a new comment as on an edit', async () => {
      const owner = t.newUser();
      const other = t.newUser();
      const policyId = await t.publishedPolicy(owner.id);
      const create = (body: string) => t.request(CatalogRpc.createComment, other.ctx, { policyId, body });
      expect(await codeOf(create('x'.repeat(10001)))).toBe('CATALOG.COMMENT_BODY_INVALID');
      expect(await codeOf(create('   '))).toBe('CATALOG.COMMENT_BODY_INVALID');
      const { comment } = await create('x'.repeat(10000));
      const edit = (body: string) => t.request(CatalogRpc.updateComment, other.ctx, { id: comment.id, body });
      expect(await codeOf(edit('y'.repeat(10001)))).toBe('CATALOG.COMMENT_BODY_INVALID');
      expect(await codeOf(edit('  '))).toBe('CATALOG.COMMENT_BODY_INVALID');
      expect((await edit('y'.repeat(10000))).comment.body).toHaveLength(10000);
    });

    it('counts a body in characters, as the OpenAPI maxLength does: 10000 emoji are a body, 10001 are not', async () => {
      const owner = t.newUser();
      const other = t.newUser();
      const policyId = await t.publishedPolicy(owner.id);
      const create = (body: string) => t.request(CatalogRpc.createComment, other.ctx, { policyId, body });
      // Each is one character (one code point) and two UTF-16 code units.
      const { comment } = await create('🙂'.repeat(10000));
      expect([...comment.body]).toHaveLength(10000);
      expect(await codeOf(create('🙂'.repeat(10001)))).toBe('CATALOG.COMMENT_BODY_INVALID');
      const edit = (body: string) => t.request(CatalogRpc.updateComment, other.ctx, { id: comment.id, body });
      expect([...(await edit('👍'.repeat(10000))).comment.body]).toHaveLength(10000);
      expect(await codeOf(edit('👍'.repeat(10001)))).toBe('CATALOG.COMMENT_BODY_INVALID');
    });
  });

  describe('likes', () => {
    it('toggles and keeps the count exact under concurrent toggles of one user', async () => {
      const user = t.newUser();
      const policyId = await t.publishedPolicy(user.id);
      await Promise.all(
        Array.from({ length: 6 }, () => t.request(CatalogRpc.toggleLike, user.ctx, { id: policyId })),
      );
      const { policy } = await t.request(CatalogRpc.getPolicy, user.ctx, { id: policyId });
      expect(policy).toMatchObject({ liked: false, likes: 0 });
      expect((await t.request(CatalogRpc.toggleLike, user.ctx, { id: policyId })).liked).toBe(true);
      expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy.likes).toBe(1);
    });

    it('keeps the like count exact when many users like and unlike at once', async () => {
      const owner = t.newUser();
      const policyId = await t.publishedPolicy(owner.id);
      const fans = Array.from({ length: 5 }, () => t.newUser());
      const toggleAll = () =>
        Promise.all(
          fans.flatMap((fan) =>
            [1, 2, 3].map(() => t.request(CatalogRpc.toggleLike, fan.ctx, { id: policyId })),
          ),
        );
      await toggleAll();
      expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy.likes).toBe(
        fans.length,
      );
      await toggleAll();
      expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy.likes).toBe(0);
    });
  });
});
