import { Client } from 'pg';
import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// Transfers of ownership: offers, decisions, expiry, races and what moves with a policy.
describe.each(BUSES)('catalog transfers through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, submit, published } = t;

  describe('transfers', () => {
    it('refuses a second pending offer with 409, an offer to oneself with 422, and decides once', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      expect(
        (
          await t.http.post(
            `/api/policies/${policyId}/transfers`,
            { recipientEmail: owner.email },
            { token: owner.token },
          )
        ).status,
      ).toBe(422);
      const offer = await t.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientEmail: other.email },
        { token: owner.token },
      );
      expect(offer.status).toBe(201);
      expect(
        (
          await t.http.post(
            `/api/policies/${policyId}/transfers`,
            { recipientUsername: other.username },
            { token: owner.token },
          )
        ).status,
      ).toBe(409);
      const id = offer.body.transfer.id;
      const rejects = await Promise.all([
        t.http.post(`/api/transfers/${id}/reject`, { feedback: 'no thanks' }, { token: other.token }),
        t.http.post(`/api/transfers/${id}/reject`, { feedback: 'no thanks' }, { token: other.token }),
      ]);
      expect(rejects.map((r) => r.status).sort()).toEqual([200, 409]);
      const mine = await t.http.get<Json>('/api/me/transfers?role=recipient', { token: other.token });
      expect(mine.body.transfers[0]).toMatchObject({
        id,
        status: 'rejected',
        feedback: 'no thanks',
        role: 'recipient',
      });
    });

    it('refuses to accept an expired transfer with 409', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await t.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const pg = new Client({ connectionString: t.db.url });
      await pg.connect();
      await pg.query(`UPDATE catalog.transfers SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
        offer.body.transfer.id,
      ]);
      await pg.end();
      expect(
        (await t.http.post(`/api/transfers/${offer.body.transfer.id}/accept`, {}, { token: other.token }))
          .status,
      ).toBe(409);
    });
  });

  describe('races', () => {
    it('lets exactly one of several concurrent accepts of one transfer succeed', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await t.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const id = offer.body.transfer.id;
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.http.post(`/api/transfers/${id}/accept`, {}, { token: other.token }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await t.http.post(`/api/transfers/${id}/cancel`, {}, { token: owner.token })).status).toBe(409);
      expect((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.owner_id).toBe(other.id);
      const history = await t.http.get<Json>(`/api/policies/${policyId}/history`);
      expect(history.body.entries.filter((e: Json) => e.action === 'transferred')).toHaveLength(1);
    });

    const unknownId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();

    it('answers many concurrent no-op transfer decisions without starving the connection pool', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await t.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const id = offer.body.transfer.id;
      expect((await t.http.post(`/api/transfers/${id}/cancel`, {}, { token: owner.token })).status).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? t.http.post(`/api/transfers/${unknownId(i)}/cancel`, {}, { token: owner.token })
            : t.http.post(`/api/transfers/${id}/accept`, {}, { token: other.token }),
        ),
      );
      expect(statuses(results)).toEqual([...Array<number>(10).fill(404), ...Array<number>(10).fill(409)]);
      const started = Date.now();
      expect((await t.http.get(`/api/policies/${policyId}`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    }, 30000);
  });

  describe('what moves with a policy', () => {
    it('hands the submission, the revisions and a private history to the new owner on transfer', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const { submission } = await submit(alice.token);
      const byUsername = await t.http.post<Json>(
        `/api/policies/${submission.policyId}/transfers`,
        { recipientUsername: bob.username },
        { token: alice.token },
      );
      const sent = await t.http.get<Json>('/api/me/transfers?role=initiator', { token: alice.token });
      expect(sent.body.transfers[0]).toMatchObject({
        counterparty_name: expect.any(String),
        counterparty_email: null,
      });
      const received = await t.http.get<Json>('/api/me/transfers?role=recipient', { token: bob.token });
      expect(received.body.transfers[0].counterparty_email).toBe(alice.email);
      expect(
        (await t.http.post(`/api/transfers/${byUsername.body.transfer.id}/accept`, {}, { token: bob.token }))
          .status,
      ).toBe(200);
      const path = `/api/submissions/${submission.id}`;
      expect((await t.http.get(path, { token: alice.token })).status).toBe(404);
      expect((await t.http.patch(path, { name: 'Stolen Back' }, { token: alice.token })).status).toBe(404);
      expect((await t.http.get<Json>('/api/submissions', { token: bob.token })).body.submissions[0].id).toBe(
        submission.id,
      );
      expect((await t.http.patch(path, { name: 'Bob Guard' }, { token: bob.token })).status).toBe(200);

      const { policyId } = await published(alice.token);
      const stale = await t.http.post<Json>(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Alice wrote this before handing it over.' },
        { token: alice.token },
      );
      const byEmail = await t.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientEmail: bob.email },
        { token: alice.token },
      );
      expect(
        (await t.http.get<Json>('/api/me/transfers?role=initiator', { token: alice.token })).body.transfers[0]
          .counterparty_email,
      ).toBe(bob.email);
      await t.http.post(`/api/transfers/${byEmail.body.transfer.id}/accept`, {}, { token: bob.token });
      const revisions = await t.http.get<Json>(`/api/policies/${policyId}/revisions`, { token: bob.token });
      expect(revisions.body.revisions).toEqual([
        expect.objectContaining({
          id: stale.body.revision.id,
          status: 'rejected',
          feedback: expect.stringMatching(/transferred/),
        }),
      ]);
      expect(
        (await t.http.post(`/api/admin/revisions/${stale.body.revision.id}/approve`, {}, { cookie: t.admin }))
          .status,
      ).toBe(409);
      expect(
        (
          await t.http.post(
            `/api/policies/${policyId}/revisions`,
            { field: 'description', value: 'Bob writes his own About text.' },
            { token: bob.token },
          )
        ).status,
      ).toBe(201);

      const actions = async (auth: { token?: string }) =>
        (await t.http.get<Json>(`/api/policies/${policyId}/history`, auth)).body.entries as Json[];
      expect((await actions({ token: bob.token })).map((e) => e.action)).toContain('transfer_offered');
      const publicEntries = await actions({});
      expect(publicEntries.map((e) => e.action)).toContain('transferred');
      expect(publicEntries.map((e) => e.action)).not.toContain('transfer_offered');
      expect(publicEntries.every((e) => e.actor_id === null && !('toUserId' in e.details))).toBe(true);
    });
  });

  // The limits are the gateway's validation and the service's, not the bus's: once is enough.
  if (kind === 'nats') {
    describe('limits', () => {
      it('holds transfer feedback to 4000 characters', async () => {
        const owner = await newUser();
        const other = await newUser();
        const { policyId } = await published(owner.token);
        const offer = await t.http.post<Json>(
          `/api/policies/${policyId}/transfers`,
          { recipientEmail: other.email },
          { token: owner.token },
        );
        const reject = `/api/transfers/${offer.body.transfer.id}/reject`;
        expect(
          (await t.http.post(reject, { feedback: 'n'.repeat(4001) }, { token: other.token })).status,
        ).toBe(400);
        const rejected = await t.http.post<Json>(
          reject,
          { feedback: 'n'.repeat(4000) },
          { token: other.token },
        );
        expect(rejected.status).toBe(200);
        expect(rejected.body.transfer.feedback).toHaveLength(4000);
      });
    });
  }
});
