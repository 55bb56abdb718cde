import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  AuditEvents,
  AuditRpc,
  type AuditRecordedEvent,
  AUDIT_SUMMARY_LIMITS,
} from '@pc/contracts';
import { codeOf, identityUnderTest, viaSession } from '../testing/identity-under-test';
import { AuditSubscriber } from './audit.subscriber';

/** A record as the gateway publishes it. */
const record = (action: AuditAction, fields: Partial<AuditRecordedEvent> = {}): AuditRecordedEvent => ({
  at: new Date().toISOString(),
  actor_user_id: null,
  actor_via: 'token',
  actor_token_id: null,
  address: '127.0.0.1',
  user_agent: 'audit-spec',
  request_id: randomUUID(),
  action,
  target_type: 'thing',
  target_id: randomUUID(),
  workspace_id: null,
  summary: {},
  ...fields,
});

describe('the audit log (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest();
  const admin = viaSession(randomUUID(), true);

  /** Publishes records as the gateway's outbox does, and waits until identity has appended them. */
  async function append(...records: AuditRecordedEvent[]): Promise<string[]> {
    const ids = records.map(() => randomUUID());
    for (const [n, entry] of records.entries()) await identity.publish(AuditEvents.recorded, ids[n], entry);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [{ n }] = await identity.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.audit_log WHERE id = ANY($1::uuid[])',
        [ids],
      );
      if (n === ids.length) return ids;
      if (Date.now() > deadline) throw new Error(`${n} of ${ids.length} records appended`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('appends each record once by its id, and drops every value under a secret-looking key', async () => {
    const user = randomUUID();
    const entry = record('connection.updated', {
      actor_user_id: user,
      summary: { fields: ['clientSecret'], clientSecret: 'cs-1', nested: [{ password: 'pw', name: 'kept' }] },
    });
    const [id] = await append(entry);
    await identity.publish(AuditEvents.recorded, id, entry); // redelivered: nothing more
    await append(record('auth.signed_in', { actor_user_id: user }));
    const { entries } = await identity.request(AuditRpc.list, viaSession(user), {
      scope: 'mine',
      action: 'connection.updated',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id,
      actor_user_id: user,
      summary: {
        fields: ['clientSecret'],
        clientSecret: '[redacted]',
        nested: [{ password: '[redacted]', name: 'kept' }],
      },
    });
  });

  it('shows each user their own entries, administrators everyone, filtered by action and actor', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await append(
      record('token.created', { actor_user_id: alice }),
      record('token.revoked', { actor_user_id: alice }),
      record('token.created', { actor_user_id: bob }),
    );
    const mine = await identity.request(AuditRpc.list, viaSession(alice), { scope: 'mine' });
    expect(mine.entries.map((e) => e.action).sort()).toEqual(['token.created', 'token.revoked']);
    // `mine` is the caller's whatever actor is asked for.
    const sneaky = await identity.request(AuditRpc.list, viaSession(alice), {
      scope: 'mine',
      actor_user_id: bob,
    });
    expect(sneaky.entries.every((e) => e.actor_user_id === alice)).toBe(true);
    expect(await codeOf(identity.request(AuditRpc.list, viaSession(alice), { scope: 'all' }))).toBe(
      'FORBIDDEN',
    );
    const bobs = await identity.request(AuditRpc.list, admin, {
      scope: 'all',
      actor_user_id: bob,
      action: 'token.created',
    });
    expect(bobs.entries.map((e) => e.actor_user_id)).toEqual([bob]);
    expect(
      await codeOf(
        identity.request(AuditRpc.list, { ...admin, caller: { kind: 'anonymous' } }, { scope: 'mine' }),
      ),
    ).toBe('UNAUTHENTICATED');
  });

  it('names actors and targets, and filters by actor name or email, action area, target and type', async () => {
    const stamp = Date.now();
    const carol = await identity.newUser({ name: `Carol Auditor ${stamp}` });
    const dave = await identity.newUser({ name: `Dave Auditor ${stamp}` });
    const workspace = randomUUID();
    const [named, userTarget, unnamed] = await append(
      record('workspace.renamed', {
        actor_user_id: carol.id,
        target_type: 'workspace',
        target_id: workspace,
        target_name: 'Payments team',
      }),
      record('workspace.member_added', {
        actor_user_id: carol.id,
        target_type: 'user',
        target_id: dave.id,
      }),
      record('webhook.deleted', { actor_user_id: dave.id, target_type: 'webhook' }),
    );
    const list = (filters: Record<string, string>) =>
      identity
        .request(AuditRpc.list, admin, { scope: 'all', ...filters })
        .then((page) => page.entries.map((e) => e.id).sort());
    const { entries } = await identity.request(AuditRpc.list, admin, {
      scope: 'all',
      actor_user_id: carol.id,
    });
    expect(entries.find((e) => e.id === named)).toMatchObject({
      actor_name: `Carol Auditor ${stamp}`,
      target_name: 'Payments team',
    });
    // A user target is named by the user's name now.
    expect(entries.find((e) => e.id === userTarget)).toMatchObject({ target_name: `Dave Auditor ${stamp}` });
    // The actor by the start of their name (either case), by email and by an exact match only.
    expect(await list({ actor_name: `carol auditor ${stamp}` })).toEqual([userTarget, named].sort());
    expect(await list({ actor_name: dave.email.toUpperCase() })).toEqual([unnamed]);
    expect(await list({ actor_name: `Auditor ${stamp}` })).toEqual([]);
    expect(await list({ actor_name: '%' })).toEqual([]);
    // Every action of an area; a target by id, by the start of its name, and by type.
    expect(await list({ actor_user_id: carol.id, action_group: 'workspace' })).toEqual(
      [userTarget, named].sort(),
    );
    expect(await list({ actor_user_id: carol.id, action_group: 'webhook' })).toEqual([]);
    expect(await list({ target: workspace })).toEqual([named]);
    expect(await list({ target: 'payments TEAM' })).toEqual([named]);
    expect(await list({ actor_user_id: dave.id, target_type: 'webhook' })).toEqual([unnamed]);
    // An entry whose target nothing named (a deletion) says so: null, never the id as a name.
    expect(
      (
        await identity.request(AuditRpc.list, admin, {
          scope: 'all',
          target_type: 'webhook',
          actor_user_id: dave.id,
        })
      ).entries[0],
    ).toMatchObject({ actor_name: `Dave Auditor ${stamp}`, target_name: null });
  });

  it("shows a workspace's entries to its owner and administrators; a member gets 403, anyone else 404", async () => {
    const workspace = randomUUID();
    const [owner, member, stranger] = [randomUUID(), randomUUID(), randomUUID()];
    identity.role(owner, workspace, 'owner');
    identity.role(member, workspace, 'admin');
    await append(
      record('workspace.member_added', { actor_user_id: owner, workspace_id: workspace }),
      record('workspace.connection_unshared', { actor_user_id: owner, workspace_id: workspace }),
      record('deployment.created', { actor_user_id: member, workspace_id: workspace }),
      record('deployment.created', { actor_user_id: owner, workspace_id: randomUUID() }),
    );
    const page = await identity.request(AuditRpc.list, viaSession(owner), {
      scope: 'workspace',
      workspace_id: workspace,
    });
    expect(page.entries).toHaveLength(3);
    expect(page.entries.every((e) => e.workspace_id === workspace)).toBe(true);
    const filtered = await identity.request(AuditRpc.list, viaSession(owner), {
      scope: 'workspace',
      workspace_id: workspace,
      action: 'workspace.connection_unshared',
    });
    expect(filtered.entries.map((e) => e.action)).toEqual(['workspace.connection_unshared']);
    expect(
      (await identity.request(AuditRpc.list, admin, { scope: 'workspace', workspace_id: workspace })).entries,
    ).toHaveLength(3);
    const asked = (user: string) =>
      codeOf(
        identity.request(AuditRpc.list, viaSession(user), { scope: 'workspace', workspace_id: workspace }),
      );
    expect(await asked(member)).toBe('FORBIDDEN');
    expect(await asked(stranger)).toBe('NOT_FOUND');
    expect(await codeOf(identity.request(AuditRpc.list, viaSession(owner), { scope: 'workspace' }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('pages newest first by keyset, and refuses a cursor it did not make', async () => {
    const user = randomUUID();
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const ids = await append(
      ...[1, 2, 3, 4, 5].map((s) => record('profile.updated', { actor_user_id: user, at: at(s) })),
    );
    const first = await identity.request(AuditRpc.list, viaSession(user), { scope: 'mine', limit: 2 });
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const second = await identity.request(AuditRpc.list, viaSession(user), {
      scope: 'mine',
      limit: 2,
      cursor: first.nextCursor!,
    });
    const third = await identity.request(AuditRpc.list, viaSession(user), {
      scope: 'mine',
      limit: 2,
      cursor: second.nextCursor!,
    });
    expect([...first.entries, ...second.entries, ...third.entries].map((e) => e.id)).toEqual(
      [...ids].reverse(),
    );
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect(
      await codeOf(identity.request(AuditRpc.list, viaSession(user), { scope: 'mine', cursor: 'not-ours' })),
    ).toBe('BAD_REQUEST');
  });

  it('is append-only: the table refuses updates; only the retention sweep deletes, past AUDIT_RETENTION_DAYS', async () => {
    const user = randomUUID();
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString();
    const [stale, fresh] = await append(
      record('auth.signed_in', { actor_user_id: user, at: old }),
      record('auth.signed_in', { actor_user_id: user }),
    );
    await expect(
      identity.sql(`UPDATE identity.audit_log SET action = 'auth.signed_out' WHERE id = $1`, [fresh]),
    ).rejects.toThrow(/append-only/);
    expect(await identity.get(AuditSubscriber).sweep()).toBeGreaterThanOrEqual(1);
    const left = await identity.sql<{ id: string }>(
      'SELECT id FROM identity.audit_log WHERE id = ANY($1::uuid[])',
      [[stale, fresh]],
    );
    expect(left.map((r) => r.id)).toEqual([fresh]);
  });

  it('bounds every summary: a huge one is cut when appended, and an entry kept before the bound still reads', async () => {
    const user = randomUUID();
    const [cut] = await append(
      record('deployment.failed_deleted', {
        actor_user_id: user,
        summary: { note: 'n'.repeat(900_000), apiKey: 'api-key-audit-spec', items: Array(500).fill('x') },
      }),
    );
    const [{ bytes }] = await identity.sql<{ bytes: number }>(
      'SELECT octet_length(summary::text)::int AS bytes FROM identity.audit_log WHERE id = $1',
      [cut],
    );
    expect(bytes).toBeLessThanOrEqual(AUDIT_SUMMARY_LIMITS.bytes);
    // Entries written unbounded (as a gateway once wrote them) come back bounded: the page answers.
    const legacy = randomUUID();
    await identity.sql(
      `INSERT INTO identity.audit_log (id, at, actor_user_id, actor_via, actor_token_id, address, user_agent,
         request_id, action, target_type, target_id, summary, workspace_id)
       VALUES ($1, now(), $2, 'token', NULL, '127.0.0.1', 'audit-spec', 'legacy', 'deployment.failed_deleted',
         'deployment', NULL, $3, NULL)`,
      [legacy, user, JSON.stringify({ note: 'n'.repeat(900_000), action: 'auth.signed_in' })],
    );
    const page = await identity.request(AuditRpc.list, viaSession(user), { scope: 'mine', limit: 10 });
    expect(page.entries.map((e) => e.id).sort()).toEqual([cut, legacy].sort());
    for (const entry of page.entries) {
      expect(JSON.stringify(entry.summary).length).toBeLessThanOrEqual(AUDIT_SUMMARY_LIMITS.bytes);
      expect(JSON.stringify(entry.summary)).not.toContain('api-key-audit-spec');
    }
  });

  it('cuts a page to the bus byte budget with a cursor, so an export of large entries answers', async () => {
    const user = randomUUID();
    const big = { text: Array.from({ length: 12 }, (_, n) => `${n}`.padEnd(250, 'x')) };
    await append(
      ...Array.from({ length: 200 }, () => record('profile.updated', { actor_user_id: user, summary: big })),
    );
    const first = await identity.request(AuditRpc.list, viaSession(user), { scope: 'mine', limit: 200 });
    expect(first.entries.length).toBeGreaterThan(0);
    expect(first.entries.length).toBeLessThan(200);
    expect(first.hasMore).toBe(true);
    const rest = await identity.request(AuditRpc.list, viaSession(user), {
      scope: 'mine',
      limit: 200,
      cursor: first.nextCursor!,
    });
    expect(first.entries.length + rest.entries.length).toBe(200);
  });
});
