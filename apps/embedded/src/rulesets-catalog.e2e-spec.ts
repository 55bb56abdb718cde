import { RulesetOwnershipRpc, RulesetsRpc } from '@pc/contracts';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';
import { waitFor } from '@pc/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * The wire of reading, listing, documentation tabs, likes, reviewers and transfers of rulesets: each
 * route's success and error classes, through the gateway over NATS on real PostgreSQL. The rules behind
 * them are tested at the service level (apps/rulesets/src/rulesets, docs), the limits of every parameter
 * in apps/gateway/src/rulesets/ruleset-schemas.spec.ts.
 */
describe('rulesets: reading, listing, docs, likes and transfers through the gateway over NATS', () => {
  const h = new RulesetsHarness();
  let owner: TestUser;
  let other: TestUser;
  let rulesetId: string;
  const word = `quetzal${Date.now().toString(36)}`;

  beforeAll(async () => {
    await h.start();
    owner = await h.newUser();
    other = await h.newUser();
    ({ rulesetId } = await h.published(owner.token, {
      name: `Alpha ${word} Guard`,
      category: 'Security',
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The rules.' }],
    }));
  }, 60_000);
  afterAll(() => h.stop());

  describe('GET /rulesets', () => {
    it('answers 200 with filters and pages, 400 to a parameter out of its limits, 401 to a bad token', async () => {
      const found = await h.http.get<Json>(
        `/api/rulesets?q=${word.slice(0, 6)}&category=Security&scope=rest-api&limit=1`,
      );
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({
        rulesets: [expect.objectContaining({ id: rulesetId })],
        hasMore: false,
      });
      for (const query of ['limit=0', 'limit=abc', 'scope=soap', 'source=partner'])
        expect([(await h.http.get(`/api/rulesets?${query}`)).status, query]).toEqual([400, query]);
      expect((await h.http.get('/api/rulesets', { token: 'pcat_not-a-token' })).status).toBe(401);
    });

    it('counts the detail views the gateway answered and sorts by them', async () => {
      const before = (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.views as number;
      for (let i = 0; i < 3; i++) await h.http.get(`/api/rulesets/${rulesetId}`);
      // The gateway sends the views it answered about once a second.
      await waitFor(
        async () => (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.views > before,
        5000,
        'the views to be counted',
      );
      await waitFor(
        async () =>
          (await h.http.get<Json>('/api/rulesets?sort=views&order=desc')).body.rulesets[0].id === rulesetId,
        5000,
        'the most viewed ruleset first',
      );
    });

    it('lists and reads vendor rulesets: 200, 404 for an unknown slug, 400 for a malformed one; reloads the index', async () => {
      const vendor = await h.http.get<Json>('/api/rulesets?source=vendor&q=owasp');
      expect(vendor.body.rulesets.map((r: Json) => r.slug)).toEqual(['owasp-api-top-ten']);
      const one = await h.http.get<Json>('/api/vendor-rulesets/owasp-api-top-ten');
      expect(one.status).toBe(200);
      expect(one.body.ruleset.body_md).toContain('security');
      expect((await h.http.get('/api/vendor-rulesets/no-such-ruleset')).status).toBe(404);
      expect((await h.http.get('/api/vendor-rulesets/Not_A_Slug')).status).toBe(400);
      const reload = await h.http.post<Json>('/api/admin/vendor-index/reload', {}, { cookie: h.admin });
      expect(reload.body).toMatchObject({ rulesets: 3, errors: [] });
      expect(reload.body.policies).toBeGreaterThan(0);
    });
  });

  describe('GET and PATCH /rulesets/{id}', () => {
    it('GET: 200 once published, 404 for unknown or unpublished ones, 400 for a bad id', async () => {
      expect((await h.http.get(`/api/rulesets/${rulesetId}`)).status).toBe(200);
      expect((await h.http.get(`/api/rulesets/${UNKNOWN}`)).status).toBe(404);
      expect((await h.http.get('/api/rulesets/not-a-uuid')).status).toBe(400);
      const { submission } = await h.submit(owner.token);
      expect(
        (await h.http.get(`/api/rulesets/${submission.ruleset_id}`, { token: other.token })).status,
      ).toBe(404);
    });

    it('PATCH: 200 for the owner, 400 without either link or with null, 401, 403 others, 404 unknown', async () => {
      const set = await h.http.patch<Json>(
        `/api/rulesets/${rulesetId}`,
        { videoTutorialUrl: 'https://video.example/v', examplesUrl: '' },
        { token: owner.token },
      );
      expect(set.body.ruleset).toMatchObject({
        video_tutorial_url: 'https://video.example/v',
        examples_url: null,
      });
      for (const body of [{}, { examplesUrl: null }])
        expect([
          (await h.http.patch(`/api/rulesets/${rulesetId}`, body, { token: owner.token })).status,
          body,
        ]).toEqual([400, body]);
      const clear = { examplesUrl: '' };
      expect((await h.http.patch(`/api/rulesets/${rulesetId}`, clear)).status).toBe(401);
      expect((await h.http.patch(`/api/rulesets/${rulesetId}`, clear, { token: other.token })).status).toBe(
        403,
      );
      expect((await h.http.patch(`/api/rulesets/${UNKNOWN}`, clear, { token: owner.token })).status).toBe(
        404,
      );
    });
  });

  describe('likes and reviewers/me', () => {
    it('like: 200 toggles, 401 anonymous, 404 unknown', async () => {
      const like = `/api/rulesets/${rulesetId}/like`;
      expect((await h.http.post<Json>(like, {}, { token: other.token })).body).toEqual({ liked: true });
      expect((await h.http.get<Json>(like, { token: other.token })).body).toEqual({ liked: true });
      expect((await h.http.post<Json>(like, {}, { token: other.token })).body).toEqual({ liked: false });
      expect((await h.http.post(like, {})).status).toBe(401);
      expect((await h.http.post(`/api/rulesets/${UNKNOWN}/like`, {}, { token: other.token })).status).toBe(
        404,
      );
    });

    it('reviewers/me: 200 with the role, 401 anonymous, 404 unknown', async () => {
      const me = `/api/rulesets/${rulesetId}/reviewers/me`;
      expect((await h.http.get<Json>(me, { cookie: h.admin })).body).toEqual({
        isReviewer: true,
        role: 'editor',
      });
      expect((await h.http.get(me)).status).toBe(401);
      expect((await h.http.get(`/api/rulesets/${UNKNOWN}/reviewers/me`, { token: other.token })).status).toBe(
        404,
      );
    });
  });

  describe('documentation tabs', () => {
    const docs = (id = rulesetId) => `/api/rulesets/${id}/docs`;
    const tab = (key: string, bodyMd = 'Body.') => ({ key, title: key.toUpperCase(), bodyMd });

    it('GET: 200 with what the caller may see, 404 unknown', async () => {
      const theirs = await h.http.get<Json>(docs(), { token: other.token });
      expect(theirs.body).toMatchObject({
        canEdit: false,
        completeness: { filled: 2, total: 4, ratio: 0.5 },
      });
      expect((await h.http.get(docs(UNKNOWN))).status).toBe(404);
    });

    it('POST: 200 replaces the set, 400 past 50 tabs sent, 403 others, 422 without an overview', async () => {
      const sent = (n: number) => [tab('overview'), ...Array.from({ length: n - 1 }, (_, i) => tab(`k${i}`))];
      const fifty = await h.http.post<Json>(docs(), { tabs: sent(50) }, { token: owner.token });
      expect(fifty.status).toBe(200);
      expect(fifty.body.tabs).toHaveLength(53);
      const refused = await h.http.post<Json>(docs(), { tabs: sent(51) }, { token: owner.token });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'tabs', message: expect.stringContaining('50') }),
      ]);
      expect((await h.http.post(docs(), { tabs: [tab('overview')] }, { token: other.token })).status).toBe(
        403,
      );
      const noOverview = await h.http.post<Json>(docs(), { tabs: [tab('faq')] }, { token: owner.token });
      expect(noOverview.status).toBe(422);
      expect(noOverview.body.code).toBe('RULESETS.OVERVIEW_REQUIRED');
      expect(
        (await h.http.post(docs(), { tabs: [tab('overview'), tab('rules')] }, { token: owner.token })).status,
      ).toBe(200);
    });

    it('PUT and DELETE one tab: 200, 400 for a bad key, 403 others, 404 unknown, 422 for the overview', async () => {
      const put = await h.http.put<Json>(
        `${docs()}/changelog`,
        { title: 'Changelog' },
        { token: owner.token },
      );
      expect(put.status).toBe(200);
      expect(put.body.tab).toMatchObject({ key: 'changelog', kind: 'custom' });
      expect((await h.http.put(`${docs()}/Bad_Key`, { title: 'x' }, { token: owner.token })).status).toBe(
        400,
      );
      expect((await h.http.put(`${docs()}/faq`, { title: 'x' }, { token: other.token })).status).toBe(403);
      expect((await h.http.put(`${docs(UNKNOWN)}/faq`, { title: 'x' }, { token: owner.token })).status).toBe(
        404,
      );
      expect((await h.http.delete(`${docs()}/overview`, { token: owner.token })).status).toBe(422);
      expect((await h.http.delete(`${docs()}/changelog`, { token: other.token })).status).toBe(403);
      expect((await h.http.delete<Json>(`${docs()}/changelog`, { token: owner.token })).body).toEqual({
        ok: true,
      });
      expect((await h.http.delete(`${docs()}/changelog`, { token: owner.token })).status).toBe(404);
      expect((await h.http.delete(`${docs()}/Bad_Key`, { token: owner.token })).status).toBe(400);
    });
  });

  describe('POST /rulesets/{id}/transfers', () => {
    it('offers to a recipient: 400 without one, 403 not the owner, 404 unknown ruleset or recipient, 409 pending, 422 self', async () => {
      const path = `/api/rulesets/${rulesetId}/transfers`;
      expect((await h.http.post(path, {}, { token: owner.token })).status).toBe(400);
      expect(
        (await h.http.post(path, { recipientEmail: 'not-an-email' }, { token: owner.token })).status,
      ).toBe(400);
      expect((await h.http.post(path, { recipientUsername: null }, { token: owner.token })).status).toBe(400);
      expect(
        (await h.http.post(path, { recipientUsername: other.username }, { token: other.token })).status,
      ).toBe(403);
      expect(
        (await h.http.post(path, { recipientUsername: 'nobody-here' }, { token: owner.token })).status,
      ).toBe(404);
      expect(
        (
          await h.http.post(
            `/api/rulesets/${UNKNOWN}/transfers`,
            { recipientUsername: other.username },
            { token: owner.token },
          )
        ).status,
      ).toBe(404);
      expect(
        (await h.http.post(path, { recipientUsername: owner.username }, { token: owner.token })).status,
      ).toBe(422);
      const offer = await h.http.post<Json>(path, { recipientEmail: other.email }, { token: owner.token });
      expect(offer.status).toBe(201);
      expect((await h.http.post(path, { recipientEmail: other.email }, { token: owner.token })).status).toBe(
        409,
      );
      const mine = await h.http.get<Json>('/api/me/transfers?role=recipient', { token: other.token });
      expect(mine.body.transfers[0]).toMatchObject({
        resource_type: 'ruleset',
        resource_id: rulesetId,
        policy_id: null,
      });
      const rejected = await h.http.post<Json>(
        `/api/transfers/${offer.body.transfer.id}/reject`,
        {},
        { token: other.token },
      );
      expect(rejected.body.transfer.status).toBe('rejected');
      expect((await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.owner_username).toBe(
        owner.username,
      );
    });

    it('cancels the pending transfer of a ruleset withdrawn before publication, for both sides', async () => {
      const { submission } = (await h.submit(owner.token)) as {
        submission: { id: string; ruleset_id: string };
      };
      const offer = await h.http.post<Json>(
        `/api/rulesets/${submission.ruleset_id}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      expect(offer.status).toBe(201);
      const transferId = offer.body.transfer.id as string;
      const withdrawn = await h.http.delete(`/api/ruleset-submissions/${submission.id}`, {
        token: owner.token,
      });
      expect(withdrawn.status).toBe(200);
      const statusFor = async (user: TestUser, role: string) =>
        (
          (await h.http.get<Json>(`/api/me/transfers?role=${role}`, { token: user.token })).body
            .transfers as Json[]
        ).find((t) => t.id === transferId);
      // The catalog hears of the withdrawal after its commit (the rulesets service's durable event).
      await waitFor(
        async () => (await statusFor(other, 'recipient'))?.status === 'cancelled',
        10_000,
        'the transfer to be cancelled',
      );
      expect(await statusFor(owner, 'initiator')).toMatchObject({
        status: 'cancelled',
        feedback: expect.stringContaining('withdrawn'),
      });
      const accepted = await h.http.post<Json>(
        `/api/transfers/${transferId}/accept`,
        {},
        { token: other.token },
      );
      expect([accepted.status, accepted.body.code]).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
    });

    /** `owner`'s offer of the ruleset to `other` (201): its transfer's id. */
    const offered = async (rulesetId: string): Promise<string> => {
      const offer = await h.http.post<Json>(
        `/api/rulesets/${rulesetId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      expect(offer.status).toBe(201);
      return offer.body.transfer.id as string;
    };

    /** The recipient's accept: its status and error code. */
    const acceptCode = async (transferId: string) => {
      const accepted = await h.http.post<Json>(
        `/api/transfers/${transferId}/accept`,
        {},
        { token: other.token },
      );
      return [accepted.status, accepted.body.code];
    };

    /** The recipient's accept is 409 saying `why`, and both sides see the transfer cancelled for it. */
    const refusedAndCancelled = async (transferId: string, why: string) => {
      const accepted = await h.http.post<Json>(
        `/api/transfers/${transferId}/accept`,
        {},
        { token: other.token },
      );
      expect([accepted.status, accepted.body.code]).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
      expect(accepted.body.message).toContain(why);
      for (const [user, role] of [
        [owner, 'initiator'],
        [other, 'recipient'],
      ] as const)
        expect(
          (
            (await h.http.get<Json>(`/api/me/transfers?role=${role}`, { token: user.token })).body
              .transfers as Json[]
          ).find((t) => t.id === transferId),
        ).toMatchObject({ status: 'cancelled', feedback: expect.stringContaining(why) });
    };

    /** The ruleset's transfers, as the catalog keeps them. */
    const transfersOf = async (rulesetId: string) => {
      const pg = new Client({ connectionString: h.db.url });
      await pg.connect();
      try {
        return (
          await pg.query<{ id: string; status: string }>(
            `SELECT id, status FROM catalog.transfers WHERE resource_type = 'ruleset' AND resource_id = $1`,
            [rulesetId],
          )
        ).rows;
      } finally {
        await pg.end();
      }
    };

    it('leaves no transfer pending when the ruleset is withdrawn while the offer is recorded: accepting is 409, never 404', async () => {
      const { submission } = (await h.submit(owner.token)) as {
        submission: { id: string; ruleset_id: string };
      };
      const rulesetId = submission.ruleset_id;
      // The offer's write waits behind another uncommitted offer of the ruleset (one pending per ruleset),
      // as a slow database would hold it, after the rulesets service said the ruleset was the owner's.
      const holder = new Client({ connectionString: h.db.url });
      await holder.connect();
      let offer: Promise<{ status: number; body: Json }>;
      try {
        await holder.query('BEGIN');
        await holder.query(
          `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id,
             expires_at) VALUES ('ruleset', $1, 'held', $2, $3, now() + interval '1 day')`,
          [rulesetId, owner.id, other.id],
        );
        offer = h.http.post<Json>(
          `/api/rulesets/${rulesetId}/transfers`,
          { recipientUsername: other.username },
          { token: owner.token },
        );
        await waitFor(
          async () =>
            (
              await holder.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rows[0].n > 0,
          10_000,
          'the offer to wait',
        );
        // Meanwhile the owner withdraws it, and the catalog hears of it (the withdrawal's event).
        const withdrawn = await h.http.delete(`/api/ruleset-submissions/${submission.id}`, {
          token: owner.token,
        });
        expect(withdrawn.status).toBe(200);
        await waitFor(
          async () =>
            (
              await holder.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM rulesets.outbox
                  WHERE pattern = 'rulesets.ruleset.withdrawn.v1' AND payload->>'ruleset_id' = $1
                    AND published_at IS NOT NULL`,
                [rulesetId],
              )
            ).rows[0].n > 0,
          10_000,
          'the withdrawal to be published',
        );
        await new Promise((resolve) => setTimeout(resolve, 1500));
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      const answered = await offer;
      // Refused (the ruleset is gone), or recorded and then cancelled: never pending for good.
      expect([201, 404]).toContain(answered.status);
      await waitFor(
        async () => (await transfersOf(rulesetId)).every((t) => t.status !== 'pending'),
        10_000,
        'no pending transfer of the withdrawn ruleset',
      );
      if (answered.status === 201) {
        const accepted = await h.http.post<Json>(
          `/api/transfers/${answered.body.transfer.id}/accept`,
          {},
          { token: other.token },
        );
        expect([accepted.status, accepted.body.code]).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
      }
      expect((await transfersOf(rulesetId)).map((t) => t.status)).not.toContain('pending');
    });

    it('cancels on accept a pending transfer of a ruleset the rulesets service no longer has: 409 with why, for both sides', async () => {
      // What a withdrawal whose event never reached the catalog leaves (one from before the event existed).
      const rulesetId = randomUUID();
      const pg = new Client({ connectionString: h.db.url });
      await pg.connect();
      let transferId: string;
      try {
        transferId = (
          await pg.query<{ id: string }>(
            `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id,
               expires_at) VALUES ('ruleset', $1, 'Gone', $2, $3, now() + interval '1 day') RETURNING id`,
            [rulesetId, owner.id, other.id],
          )
        ).rows[0].id;
      } finally {
        await pg.end();
      }
      await refusedAndCancelled(transferId, 'withdrawn');
      // Accepting again: still 409.
      expect(await acceptCode(transferId)).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
    });

    it('cancels on accept a transfer of a ruleset that changed hands since the offer: 409 with why, for both sides, the ruleset where it was', async () => {
      const { rulesetId: moved } = await h.published(owner.token);
      const transferId = await offered(moved);
      // Meanwhile the rulesets service moves it to someone else, as the move of an earlier transfer does
      // when it is carried out after the catalog stopped waiting for it.
      const holder = await h.newUser();
      await h.bus.request(RulesetOwnershipRpc.move, h.asUser(holder.id), {
        transferId: randomUUID(),
        rulesetId: moved,
        fromUserId: owner.id,
        toUserId: holder.id,
      });
      await refusedAndCancelled(transferId, 'changed hands');
      expect((await h.http.get<Json>(`/api/rulesets/${moved}`)).body.ruleset.owner_username).toBe(
        holder.username,
      );
      // Accepting again: still 409.
      expect(await acceptCode(transferId)).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
      // Nothing is left pending: whose it is now may offer it, and the recipient may take it.
      await h.transfer('ruleset', moved, holder, other);
      expect((await h.http.get<Json>(`/api/rulesets/${moved}`)).body.ruleset.owner_username).toBe(
        other.username,
      );
    });

    /**
     * An offer of a new ruleset of `owner` to `other` whose accept the catalog stopped waiting for: the
     * ruleset's row is held (as a slow write holds it), so the rulesets service's move waits past the
     * bus's wait (10 s here), the accept answers 504 and the catalog rolls it back, the offer pending for
     * it. `release` lets the move go on and resolves once it was carried out or refused.
     */
    const acceptTimedOut = async () => {
      const { rulesetId } = await h.published(owner.token);
      const transferId = await offered(rulesetId);
      const holder = new Client({ connectionString: h.db.url });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM rulesets.rulesets WHERE id = $1 FOR UPDATE', [rulesetId]);
      const accepted = await h.http.post<Json>(
        `/api/transfers/${transferId}/accept`,
        {},
        { token: other.token },
      );
      expect(accepted.status).toBe(504);
      // The transfer's row is the accept's until the catalog gave up on the move and rolled back.
      const pg = new Client({ connectionString: h.db.url });
      await pg.connect();
      try {
        const { rows } = await pg.query<{ status: string }>(
          'SELECT status FROM catalog.transfers WHERE id = $1 FOR UPDATE',
          [transferId],
        );
        expect(rows[0].status).toBe('pending');
      } finally {
        await pg.end();
      }
      const release = async () => {
        await holder.query('ROLLBACK');
        // The move takes the row as no one waits for a row any more; it is ours again once the move was
        // carried out or refused.
        await waitFor(
          async () =>
            (
              await holder.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event IN ('transactionid', 'tuple')`,
              )
            ).rows[0].n === 0,
          10_000,
          'the move to take the row',
        );
        await holder.query('SELECT 1 FROM rulesets.rulesets WHERE id = $1 FOR UPDATE', [rulesetId]);
        await holder.end();
      };
      return { rulesetId, transferId, release };
    };

    /** The offer's expiry passes. */
    const runOut = async (transferId: string) => {
      const pg = new Client({ connectionString: h.db.url });
      await pg.connect();
      try {
        await pg.query(
          `UPDATE catalog.transfers SET expires_at = now() - interval '1 minute' WHERE id = $1`,
          [transferId],
        );
      } finally {
        await pg.end();
      }
    };

    /** Whose the ruleset is, as the rulesets service holds it. */
    const ownerOf = async (rulesetId: string) =>
      (await h.bus.request(RulesetsRpc.get, h.asUser(owner.id), { id: rulesetId })).ruleset.owner_id;

    /** The transfer as `user` lists it. */
    const listed = async (user: TestUser, transferId: string) =>
      ((await h.http.get<Json>('/api/me/transfers', { token: user.token })).body.transfers as Json[]).find(
        (t) => t.id === transferId,
      );

    it('accepts for both sides a transfer whose move was carried out after its accept timed out: a cancel or reject then answers 409, an accept 200, and past its expiry it shows accepted', async () => {
      const staged = await Promise.all([acceptTimedOut(), acceptTimedOut(), acceptTimedOut()]);
      const [cancelled, expired, retried] = staged;
      await Promise.all(staged.map((t) => t.release()));
      // The rulesets service carried out the moves after the catalog stopped waiting.
      for (const { rulesetId } of staged) expect(await ownerOf(rulesetId)).toBe(other.id);

      const cancel = await h.http.post<Json>(
        `/api/transfers/${cancelled.transferId}/cancel`,
        {},
        { token: owner.token },
      );
      expect([cancel.status, cancel.body.code]).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);
      expect(cancel.body.message).toContain('already accepted');
      const reject = await h.http.post<Json>(
        `/api/transfers/${cancelled.transferId}/reject`,
        { feedback: 'no' },
        { token: other.token },
      );
      expect([reject.status, reject.body.code]).toEqual([409, 'CATALOG.TRANSFER_DECIDED']);

      // Another offer runs out before anyone decides: it shows accepted, as the ruleset moved. And the
      // recipient who accepts again is answered as the ruleset moved, past the expiry too.
      await runOut(expired.transferId);
      await runOut(retried.transferId);
      const again = await h.http.post<Json>(
        `/api/transfers/${retried.transferId}/accept`,
        {},
        { token: other.token },
      );
      expect([again.status, again.body.transfer?.status]).toEqual([200, 'accepted']);
      for (const { transferId, rulesetId } of staged) {
        for (const user of [owner, other])
          expect(await listed(user, transferId)).toMatchObject({ status: 'accepted', feedback: null });
        expect(await ownerOf(rulesetId)).toBe(other.id);
      }
      // Whose it is now may offer it again.
      await h.transfer('ruleset', expired.rulesetId, other, owner);
      expect(await ownerOf(expired.rulesetId)).toBe(owner.id);
    });

    it("refuses the late move of a transfer cancelled or expired while the move waited: the ruleset stays the initiator's", async () => {
      const [cancelled, expired] = await Promise.all([acceptTimedOut(), acceptTimedOut()]);
      try {
        // While the moves still wait for the rulesets' rows, the initiator cancels one and the other runs out.
        const cancel = await h.http.post<Json>(
          `/api/transfers/${cancelled.transferId}/cancel`,
          {},
          { token: owner.token },
        );
        expect([cancel.status, cancel.body.transfer?.status]).toEqual([200, 'cancelled']);
        await runOut(expired.transferId);
        expect(await listed(other, expired.transferId)).toMatchObject({ status: 'expired' });
      } finally {
        await Promise.all([cancelled.release(), expired.release()]);
      }
      for (const [{ transferId, rulesetId }, status] of [
        [cancelled, 'cancelled'],
        [expired, 'expired'],
      ] as const) {
        expect(await ownerOf(rulesetId)).toBe(owner.id);
        for (const user of [owner, other]) expect(await listed(user, transferId)).toMatchObject({ status });
        const accepted = await h.http.post<Json>(
          `/api/transfers/${transferId}/accept`,
          {},
          { token: other.token },
        );
        expect(accepted.status).toBe(409);
        expect(await ownerOf(rulesetId)).toBe(owner.id);
      }
    });
  });
});
