import { CatalogRpc } from '@pc/contracts';
import { BUSES, catalogE2e, eventually, type Json } from './testing/catalog-e2e';

// Ideas: the administrator's decision, declaring ideas on a submission, delivery and its notification.
describe.each(BUSES)('catalog ideas through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, published, newIdea } = t;

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
      expect(
        (await t.http.get<Json>('/api/me/notifications', { token: user.token })).body.notifications,
      ).toEqual([]);
    });
  });
});
