import { CatalogRpc } from '@pc/contracts';
import { BUSES, catalogE2e, eventually, QUOTA, type Json } from './testing/catalog-e2e';

// The wire of comments, likes, transfers and ideas: each route's success and error classes, the shapes
// of an idea declaration the gateway takes, and an idea's delivery with its notification (identity).
// Their rules (threads, moderation, the quota's count, races, what moves with a policy, which ideas may
// be declared, votes) are tested at the service level: apps/catalog/src/comments/, transfers/ and ideas/.
describe.each(BUSES)('catalog community through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, published, newIdea } = t;

  it('comments: 201, 200 on list, edit and delete; 403, 404, 409, 422 and 429 with Retry-After', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { policyId } = await published(owner.token);
    const comments = `/api/policies/${policyId}/comments`;
    const top = await t.http.post<Json>(comments, { body: 'Nice' }, { token: other.token });
    expect(top.status).toBe(201);
    const reply = await t.http.post<Json>(
      comments,
      { body: 'Thanks', parentId: top.body.comment.id },
      { token: owner.token },
    );
    expect(reply.status).toBe(201);
    const nested = await t.http.post<Json>(
      comments,
      { body: 'No', parentId: reply.body.comment.id },
      { token: other.token },
    );
    expect(nested.status).toBe(422);
    expect(nested.body.code).toBe('CATALOG.COMMENT_PARENT_INVALID');
    expect((await t.http.post(comments, { body: 'x'.repeat(10001) }, { token: other.token })).status).toBe(
      422,
    );
    const edit = `/api/comments/${top.body.comment.id}`;
    expect((await t.http.patch(edit, { body: 'y'.repeat(10001) }, { token: other.token })).status).toBe(422);
    expect(
      (await t.http.patch<Json>(edit, { body: 'Nicer' }, { token: other.token })).body.comment.body,
    ).toBe('Nicer');
    expect((await t.http.patch(edit, { body: 'Mine?' }, { token: owner.token })).status).toBe(403);
    expect((await t.http.delete(`${edit}?hard=true`, { token: other.token })).status).toBe(403);
    expect((await t.http.delete(edit, { token: other.token })).status).toBe(200);
    const deleted = await t.http.patch<Json>(edit, { body: 'x' }, { token: other.token });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('CATALOG.COMMENT_DELETED');
    const list = await t.http.get<Json>(comments);
    expect(list.status).toBe(200);
    expect(list.body.comments).toHaveLength(2);
    expect((await t.http.delete(`${edit}?hard=true`, { cookie: t.admin })).status).toBe(200);

    const { submission } = await submit(owner.token);
    expect(
      (
        await t.http.post(
          `/api/policies/${submission.policyId}/comments`,
          { body: 'hi' },
          { token: owner.token },
        )
      ).status,
    ).toBe(404);
    // The owner's reply above is one of the day's comments: three more use the quota up.
    for (let i = 1; i < QUOTA; i++) await t.http.post(comments, { body: `c${i}` }, { token: owner.token });
    const over = await t.http.post(comments, { body: 'more' }, { token: owner.token });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("likes: 200 with the caller's state, and the count on the policy", async () => {
    const user = await newUser();
    const { policyId } = await published(user.token);
    const liked = await t.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: user.token });
    expect(liked.status).toBe(200);
    expect(liked.body.liked).toBe(true);
    const { body } = await t.http.get<Json>(`/api/policies/${policyId}`, { token: user.token });
    expect(body.policy).toMatchObject({ liked: true, likes: 1 });
  });

  it('transfers: 201, 200 on each decision and the list; 400, 404, 409 and 422', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { policyId } = await published(owner.token);
    const transfers = `/api/policies/${policyId}/transfers`;
    const self = await t.http.post<Json>(transfers, { recipientEmail: owner.email }, { token: owner.token });
    expect(self.status).toBe(422);
    expect(self.body.code).toBe('CATALOG.TRANSFER_RECIPIENT_INVALID');
    expect(
      (await t.http.post(transfers, { recipientEmail: 'nobody@example.com' }, { token: owner.token })).status,
    ).toBe(404);
    const offer = await t.http.post<Json>(transfers, { recipientEmail: other.email }, { token: owner.token });
    expect(offer.status).toBe(201);
    const again = await t.http.post<Json>(
      transfers,
      { recipientUsername: other.username },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CATALOG.TRANSFER_PENDING');
    const reject = `/api/transfers/${offer.body.transfer.id}/reject`;
    expect((await t.http.post(reject, { feedback: 'n'.repeat(4001) }, { token: other.token })).status).toBe(
      400,
    );
    const rejected = await t.http.post<Json>(reject, { feedback: 'n'.repeat(4000) }, { token: other.token });
    expect(rejected.status).toBe(200);
    expect(rejected.body.transfer.feedback).toHaveLength(4000);
    const mine = await t.http.get<Json>('/api/me/transfers?role=recipient', { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.body.transfers[0]).toMatchObject({ id: offer.body.transfer.id, status: 'rejected' });

    const second = await t.http.post<Json>(
      transfers,
      { recipientUsername: other.username },
      { token: owner.token },
    );
    const accept = `/api/transfers/${second.body.transfer.id}/accept`;
    expect((await t.http.post(accept, {}, { token: other.token })).status).toBe(200);
    const decided = await t.http.post<Json>(
      `/api/transfers/${second.body.transfer.id}/cancel`,
      {},
      { token: owner.token },
    );
    expect(decided.status).toBe(409);
    expect(decided.body.code).toBe('CATALOG.TRANSFER_DECIDED');
    expect((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.owner_id).toBe(other.id);
    const third = await t.http.post<Json>(transfers, { recipientEmail: owner.email }, { token: other.token });
    expect(
      (await t.http.post(`/api/transfers/${third.body.transfer.id}/cancel`, {}, { token: other.token }))
        .status,
    ).toBe(200);
  });

  describe('ideas', () => {
    it('lets the administrator approve or reject an idea once; others get 403', async () => {
      const author = await newUser();
      const idea = await newIdea(author.id);
      expect(
        (await t.http.post(`/api/admin/ideas/${idea.id}/approve`, {}, { token: author.token })).status,
      ).toBe(403);
      const approved = await t.http.post<Json>(
        `/api/admin/ideas/${idea.id}/approve`,
        {},
        { cookie: t.admin },
      );
      expect(approved.body.idea).toMatchObject({ id: idea.id, status: 'approved' });
      expect((await t.http.post(`/api/admin/ideas/${idea.id}/reject`, {}, { cookie: t.admin })).status).toBe(
        409,
      );
      const other = await newIdea(author.id, 'reject');
      expect(other.status).toBe('rejected');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await t.http.post(`/api/admin/ideas/${unknown}/approve`, {}, { cookie: t.admin })).status).toBe(
        404,
      );
    });

    it('refuses with 422 an idea that may not be declared, and 400 a malformed declaration', async () => {
      const author = await newUser();
      const user = await newUser();
      const pending = await newIdea(author.id);
      const approved = await newIdea(author.id, 'approve');
      const url = await newRepo();
      const attempt = (fields: Json) =>
        t.http.post<Json>(
          '/api/submissions',
          {
            name: 'Idea Taker',
            description: 'Declares the ideas it delivers.',
            sourceHostUrl: url,
            ...fields,
          },
          { token: user.token },
        );
      // Which ideas may be declared is tested at the service level (ideas/ideas.integration-spec.ts).
      const res = await attempt({ deliversIdeaIds: [approved.id, pending.id] });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CATALOG.IDEA_DECLARATION_INVALID');
      expect(res.body.details[0].message).toContain(pending.id);
      expect((await attempt({ deliversIdeaIds: [approved.id, { ideaId: approved.id }] })).status).toBe(422);
      expect((await attempt({ deliversIdeaIds: [approved.id], deliversIdeaId: approved.id })).status).toBe(
        422,
      );
      expect((await attempt({ deliversIdeaId: pending.id })).status).toBe(422);
      expect((await attempt({ deliversIdeaIds: ['not-a-uuid'] })).status).toBe(400);
      expect((await attempt({ deliversIdeaIds: [{ ideaId: approved.id, coverage: 'most' }] })).status).toBe(
        400,
      );
      const mine = await t.http.get<Json>('/api/submissions', { token: user.token });
      expect(mine.body.submissions).toEqual([]);
    });

    it('accepts idea ids, {ideaId, coverage, scopeNote} objects and the legacy deliversIdeaId', async () => {
      const author = await newUser();
      const user = await newUser();
      const [a, b, c] = [
        await newIdea(author.id, 'approve'),
        await newIdea(author.id, 'approve'),
        await newIdea(author.id, 'approve'),
      ];
      const byId = await submit(user.token, { deliversIdeaIds: [a.id] });
      const byObject = await submit(user.token, {
        deliversIdeaIds: [{ ideaId: b.id, coverage: 'partial', scopeNote: 'Inbound only' }],
      });
      const legacy = await submit(user.token, { deliversIdeaId: c.id });
      const ideasOf = async (policyId: string): Promise<Json[]> =>
        (await t.http.get<Json>(`/api/policies/${policyId}`, { token: user.token })).body.policy
          .delivers_ideas;
      expect(await ideasOf(byId.submission.policyId)).toEqual([
        expect.objectContaining({ id: a.id, phase: 'declared', coverage: 'full', completes_idea: false }),
      ]);
      expect(await ideasOf(byObject.submission.policyId)).toEqual([
        expect.objectContaining({
          id: b.id,
          phase: 'declared',
          coverage: 'partial',
          scope_note: 'Inbound only',
        }),
      ]);
      expect(await ideasOf(legacy.submission.policyId)).toEqual([
        expect.objectContaining({ id: c.id, phase: 'declared', coverage: 'full' }),
      ]);
    });

    it('delivers an idea fully delivered by an approved policy and notifies its submitter', async () => {
      const author = await newUser();
      const user = await newUser();
      const full = await newIdea(author.id, 'approve');
      const partial = await newIdea(author.id, 'approve');
      const { policyId } = await published(user.token, {
        deliversIdeaIds: [full.id, { ideaId: partial.id, coverage: 'partial' }],
      });
      const policy = (await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy;
      const phases = Object.fromEntries(policy.delivers_ideas.map((d: Json) => [d.id, d.phase]));
      expect(phases).toEqual({ [full.id]: 'delivered', [partial.id]: 'declared' });
      const inbox = await eventually(
        async () => (await t.http.get<Json>('/api/me/notifications', { token: author.token })).body,
        (body) => body.notifications?.length > 0,
      );
      expect(inbox.notifications).toEqual([
        expect.objectContaining({
          kind: 'idea_delivered',
          data: { ideaId: full.id, resourceType: 'policy', resourceId: policyId },
        }),
      ]);
      const delivered = await t.bus.request(CatalogRpc.getIdea, t.asUser(user.id), { id: full.id });
      expect(delivered.idea.status).toBe('delivered');
      // The policy's submitter hears of its approval, not of the ideas it delivered.
      const theirs = (await t.http.get<Json>('/api/me/notifications', { token: user.token })).body
        .notifications as Json[];
      expect(theirs.filter((n) => n.kind === 'idea_delivered')).toEqual([]);
    });
  });
});
