import { BUSES, catalogE2e, QUOTA, type Json } from './testing/catalog-e2e';

// Comments (threads, soft delete, quota, limits) and likes.
describe.each(BUSES)('catalog comments and likes through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, submit, published } = t;

  describe('comments', () => {
    it('threads one level, soft-deletes, refuses a reply to a reply with 422 and an edit of a deleted one with 409', async () => {
      const user = await newUser();
      const other = await newUser();
      const { policyId } = await published(user.token);
      const top = await t.http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'Nice' },
        { token: other.token },
      );
      expect(top.status).toBe(201);
      const reply = await t.http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'Thanks', parentId: top.body.comment.id },
        { token: user.token },
      );
      expect(reply.status).toBe(201);
      const nested = await t.http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'No', parentId: reply.body.comment.id },
        { token: other.token },
      );
      expect(nested.status).toBe(422);
      expect(
        (await t.http.patch(`/api/comments/${top.body.comment.id}`, { body: 'Mine?' }, { token: user.token }))
          .status,
      ).toBe(403);
      expect(
        (await t.http.delete(`/api/comments/${top.body.comment.id}?hard=true`, { token: other.token }))
          .status,
      ).toBe(403);
      expect(
        (await t.http.delete(`/api/comments/${top.body.comment.id}`, { token: other.token })).status,
      ).toBe(200);
      expect(
        (await t.http.patch(`/api/comments/${top.body.comment.id}`, { body: 'x' }, { token: other.token }))
          .status,
      ).toBe(409);
      const list = await t.http.get<Json>(`/api/policies/${policyId}/comments`);
      expect(list.body.comments).toMatchObject([
        { id: top.body.comment.id, deleted: true, body: '', authorName: '', authorId: '' },
        { id: reply.body.comment.id, parentId: top.body.comment.id, body: 'Thanks' },
      ]);
      expect(
        (await t.http.delete(`/api/comments/${top.body.comment.id}?hard=true`, { cookie: t.admin })).status,
      ).toBe(200);
      expect((await t.http.get<Json>(`/api/policies/${policyId}/comments`)).body.comments).toEqual([]);
    });

    it('answers 429 with Retry-After once the daily quota is used', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      for (let i = 0; i < QUOTA; i++) {
        expect(
          (await t.http.post(`/api/policies/${policyId}/comments`, { body: `c${i}` }, { token: user.token }))
            .status,
        ).toBe(201);
      }
      const over = await t.http.post(
        `/api/policies/${policyId}/comments`,
        { body: 'more' },
        { token: user.token },
      );
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('refuses comments on a policy under review with 404', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const res = await t.http.post(
        `/api/policies/${submission.policyId}/comments`,
        { body: 'hi' },
        { token: user.token },
      );
      expect(res.status).toBe(404);
    });
  });

  describe('likes', () => {
    it('toggles and keeps the count exact under concurrent toggles', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: user.token }),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const { body } = await t.http.get<Json>(`/api/policies/${policyId}`, { token: user.token });
      expect(body.policy.liked).toBe(false);
      expect(body.policy.likes).toBe(0);
      const liked = await t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: user.token });
      expect(liked.body.liked).toBe(true);
      expect((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(1);
    });
  });

  describe('races', () => {
    it('keeps the like count exact when many users like and unlike at once', async () => {
      const owner = await newUser();
      const { policyId } = await published(owner.token);
      const fans = await Promise.all(Array.from({ length: 5 }, () => newUser()));
      const toggleAll = () =>
        Promise.all(
          fans.flatMap((fan) => [
            t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
            t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
            t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
          ]),
        );
      expect((await toggleAll()).every((r) => r.status === 200)).toBe(true);
      expect((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(fans.length);
      await toggleAll();
      expect((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(0);
    });
  });

  // The limits are the gateway's validation and the service's, not the bus's: once is enough.
  if (kind === 'nats') {
    describe('limits', () => {
      it('holds comment bodies to 10000 characters', async () => {
        const owner = await newUser();
        const other = await newUser();
        const { policyId } = await published(owner.token);
        const comments = `/api/policies/${policyId}/comments`;
        expect(
          (await t.http.post(comments, { body: 'x'.repeat(10001) }, { token: other.token })).status,
        ).toBe(422);
        expect((await t.http.post(comments, { body: '   ' }, { token: other.token })).status).toBe(422);
        const ok = await t.http.post<Json>(comments, { body: 'x'.repeat(10000) }, { token: other.token });
        expect(ok.status).toBe(201);
        const edit = `/api/comments/${ok.body.comment.id}`;
        // An invalid comment body is a 422, on an edit as on a new comment (the spec's status).
        expect((await t.http.patch(edit, { body: 'y'.repeat(10001) }, { token: other.token })).status).toBe(
          422,
        );
        expect((await t.http.patch(edit, { body: '  ' }, { token: other.token })).status).toBe(422);
        expect((await t.http.patch(edit, { body: 'y'.repeat(10000) }, { token: other.token })).status).toBe(
          200,
        );
      });
    });
  }
});
