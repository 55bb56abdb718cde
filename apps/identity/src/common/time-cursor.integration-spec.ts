import { randomUUID } from 'node:crypto';
import { AuditEvents, type AuditRecordedEvent, AuditRpc, IdentityRpc, WebhooksRpc } from '@pc/contracts';
import { encodeKeyset } from '@pc/platform';
import { errorOf } from '@pc/testing';
import { codeOf, identityUnderTest, viaSession } from '../testing/identity-under-test';

/**
 * The identity service's lists newest first by a time (the audit log, a webhook endpoint's deliveries)
 * page on PostgreSQL's timestamps, which keep microseconds: rows created in the same millisecond are
 * each seen once across page boundaries, none repeated, none skipped. A cursor whose key is no time
 * PostgreSQL keeps is refused as a bad cursor, on each such list (the inbox too).
 */
describe('time-ordered lists across rows of the same millisecond (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({ OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOKS_REQUIRE_HTTPS: 'false' });

  /** Times in one millisecond (and two rows at the very same microsecond), newest last. */
  const SAME_MILLISECOND = [
    '2026-01-01T00:00:00.123100Z',
    '2026-01-01T00:00:00.123200Z',
    '2026-01-01T00:00:00.123300Z',
    '2026-01-01T00:00:00.123300Z',
    '2026-01-01T00:00:00.123400Z',
    '2026-01-01T00:00:00.123500Z',
    '2026-01-01T00:00:00.123600Z',
  ];

  /** Walks a list with pages of `limit` from the first to the last; each page's ids. */
  async function walk(
    page: (cursor: string | undefined) => Promise<{ ids: string[]; nextCursor: string | null }>,
  ): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const { ids, nextCursor } = await page(cursor);
      seen.push(...ids);
      if (nextCursor === null) return seen;
      cursor = nextCursor;
    }
    throw new Error('the walk did not end');
  }

  /** The rows' ids newest first as PostgreSQL orders them (time, then id, descending). */
  async function newestFirst(table: string, column: string, ids: string[]): Promise<string[]> {
    const rows = await identity.sql<{ id: string }>(
      `SELECT id FROM ${table} WHERE id = ANY($1::uuid[]) ORDER BY ${column} DESC, id DESC`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  it('pages the audit log through entries of the same millisecond, each once', async () => {
    const user = randomUUID();
    const ids = SAME_MILLISECOND.map(() => randomUUID());
    for (const [n, at] of SAME_MILLISECOND.entries()) {
      const entry: AuditRecordedEvent = {
        at,
        actor_user_id: user,
        actor_via: 'token',
        actor_token_id: null,
        address: '127.0.0.1',
        user_agent: 'time-cursor-spec',
        request_id: randomUUID(),
        action: 'profile.updated',
        target_type: 'user',
        target_id: user,
        workspace_id: null,
        summary: {},
      };
      await identity.publish(AuditEvents.recorded, ids[n], entry);
    }
    for (const deadline = Date.now() + 10_000; ;) {
      const [{ n }] = await identity.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.audit_log WHERE id = ANY($1::uuid[])',
        [ids],
      );
      if (n === ids.length) break;
      if (Date.now() > deadline) throw new Error(`${n} of ${ids.length} entries appended`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const expected = await newestFirst('identity.audit_log', 'at', ids);
    for (const limit of [1, 2, 3]) {
      const seen = await walk(async (cursor) => {
        const page = await identity.request(AuditRpc.list, viaSession(user), {
          scope: 'mine',
          limit,
          ...(cursor ? { cursor } : {}),
        });
        return { ids: page.entries.map((e) => e.id), nextCursor: page.nextCursor };
      });
      expect(seen).toEqual(expected);
    }
  });

  it("pages a webhook endpoint's deliveries through deliveries of the same millisecond, each once", async () => {
    const user = await identity.newUser();
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['webhook.ping'],
    });
    const ids = SAME_MILLISECOND.map(() => randomUUID());
    for (const [n, at] of SAME_MILLISECOND.entries()) {
      await identity.sql(
        `INSERT INTO identity.webhook_deliveries (id, endpoint_id, event_id, event_type, body, status, attempts,
           created_at, delivered_at)
         VALUES ($1, $2, $3, 'webhook.ping', '{}', 'succeeded', 1, $4, $4)`,
        [ids[n], endpoint.id, randomUUID(), at],
      );
    }
    const expected = await newestFirst('identity.webhook_deliveries', 'created_at', ids);
    for (const limit of [1, 2, 3]) {
      const seen = await walk(async (cursor) => {
        const page = await identity.request(WebhooksRpc.listDeliveries, user.session, {
          id: endpoint.id,
          limit,
          ...(cursor ? { cursor } : {}),
        });
        return { ids: page.deliveries.map((d) => d.id), nextCursor: page.nextCursor };
      });
      expect(seen).toEqual(expected);
    }
    // A cursor of another list, or one this service did not make, is a 400.
    const deliveries = await identity.request(WebhooksRpc.listDeliveries, user.session, {
      id: endpoint.id,
      limit: 1,
    });
    expect(deliveries.nextCursor).toEqual(expect.any(String));
    expect(
      await codeOf(
        identity.request(AuditRpc.list, user.session, { scope: 'mine', cursor: deliveries.nextCursor! }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codeOf(
        identity.request(WebhooksRpc.listDeliveries, user.session, { id: endpoint.id, cursor: 'not-ours' }),
      ),
    ).toBe('BAD_REQUEST');
  });

  it('answers each list a cursor whose key is no time it keeps with 400 Invalid cursor, naming the cursor', async () => {
    const user = await identity.newUser();
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['webhook.ping'],
    });
    const lists = {
      notifications: (cursor: string) =>
        identity.request(IdentityRpc.listNotifications, user.session, { cursor }),
      audit: (cursor: string) => identity.request(AuditRpc.list, user.session, { scope: 'mine', cursor }),
      'webhook-deliveries': (cursor: string) =>
        identity.request(WebhooksRpc.listDeliveries, user.session, { id: endpoint.id, cursor }),
    };
    // Keys of the cursor's shape that are no time: year 0 (before PostgreSQL's first year 1), a day
    // February lacks, a catalog list's name or count.
    const keys = [
      '0000-01-01T00:00:00.000000Z',
      '0000-12-31T23:59:59.999999Z',
      '2026-02-30T00:00:00.000000Z',
    ];
    keys.push('Rate limiting', '42');
    for (const [kind, list] of Object.entries(lists)) {
      for (const key of keys) {
        const cursor = encodeKeyset(kind, { key, id: randomUUID() });
        expect({ kind, key, error: await errorOf(list(cursor)) }).toEqual({
          kind,
          key,
          error: {
            code: 'BAD_REQUEST',
            message: 'Invalid cursor',
            details: [
              {
                field: 'cursor',
                message: 'is not a nextCursor this API returned for the same list and order',
              },
            ],
          },
        });
      }
      // The earliest time PostgreSQL's ISO form and the cursor share is a key like any other.
      await expect(
        list(encodeKeyset(kind, { key: '0001-01-01T00:00:00.000000Z', id: randomUUID() })),
      ).resolves.toEqual(expect.objectContaining({ hasMore: false, nextCursor: null }));
    }
  });
});
