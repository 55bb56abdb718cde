import { randomUUID } from 'node:crypto';
import { IdentityRpc, NOTIFICATIONS_PAGE, type RequestContext } from '@pc/contracts';
import { encodeKeyset } from '@pc/platform';
import { codeOf, identityUnderTest } from '../testing/identity-under-test';

/** The caller's inbox, a page at a time (identity service, real PostgreSQL). */
describe('the inbox in pages (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest();

  /**
   * `count` notifications for the user, the i-th created 250 µs after the one before (four to a
   * millisecond), every tenth at the very same microsecond as the one before; their ids newest first.
   */
  async function fill(userId: string, count: number, body = 'Something happened.'): Promise<string[]> {
    await identity.sql(
      `INSERT INTO identity.notifications (user_id, event_id, kind, title, body, data, created_at)
       SELECT $1, gen_random_uuid(), 'review_decided', 'Notification ' || i, $3, jsonb_build_object('i', i),
              timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => (i - CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END) * 0.00025)
         FROM generate_series(1, $2::int) AS i`,
      [userId, count, body],
    );
    const rows = await identity.sql<{ id: string }>(
      `SELECT id FROM identity.notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** Every page from the first to the last (each page's notifications and whether more followed). */
  async function walk(session: RequestContext, limit?: number) {
    const pages: Array<{ ids: string[]; hasMore: boolean }> = [];
    let cursor: string | undefined;
    do {
      const page = await identity.request(IdentityRpc.listNotifications, session, {
        ...(limit === undefined ? {} : { limit }),
        ...(cursor === undefined ? {} : { cursor }),
      });
      pages.push({ ids: page.notifications.map((n) => n.id), hasMore: page.hasMore });
      expect(page.nextCursor === null).toBe(!page.hasMore);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && pages.length < 100);
    return pages;
  }

  it('reads every one of 260 notifications once, newest first, past the newest 200', async () => {
    const user = await identity.newUser();
    const other = await identity.newUser();
    const newestFirst = await fill(user.id, 260);
    await fill(other.id, 5);

    // Without a limit: the newest 200, as before paging, then the 60 older ones.
    const pages = await walk(user.session);
    expect(pages.map((p) => p.ids.length)).toEqual([NOTIFICATIONS_PAGE.default, 60]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, false]);
    expect(pages.flatMap((p) => p.ids)).toEqual(newestFirst);

    // Pages of 7 cut through milliseconds and through equal times: each notification once, in order.
    const small = await walk(user.session, 7);
    expect(small).toHaveLength(Math.ceil(260 / 7));
    expect(small.flatMap((p) => p.ids)).toEqual(newestFirst);

    // The 201st newest and the oldest are read, with what they say.
    const first = await identity.request(IdentityRpc.listNotifications, user.session, {});
    const second = await identity.request(IdentityRpc.listNotifications, user.session, {
      cursor: first.nextCursor!,
    });
    expect(second.notifications[0]).toMatchObject({ id: newestFirst[200], read: false });
    expect(second.notifications.at(-1)).toMatchObject({ title: 'Notification 1', data: { i: 1 } });
  });

  it('cuts a page of large notifications to the reply budget, with a cursor to the rest', async () => {
    const user = await identity.newUser();
    const newestFirst = await fill(user.id, 200, 'x'.repeat(8 * 1024));
    const pages = await walk(user.session);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0].ids.length).toBeLessThan(200);
    expect(pages.flatMap((p) => p.ids)).toEqual(newestFirst);
  });

  it('answers 400 to a cursor it did not make, of another list, or of a forged time', async () => {
    const user = await identity.newUser();
    await fill(user.id, 3);
    const forged = [
      'not-a-cursor',
      encodeKeyset('audit', { key: '2026-03-01T00:00:00.000250Z', id: randomUUID() }),
      encodeKeyset('notifications', { key: 'yesterday', id: randomUUID() }),
      encodeKeyset('notifications', { key: '2026-02-30T00:00:00.000000Z', id: randomUUID() }),
      encodeKeyset('notifications', { key: '1', id: randomUUID() }),
      'x'.repeat(2000),
    ];
    for (const cursor of forged) {
      expect(await codeOf(identity.request(IdentityRpc.listNotifications, user.session, { cursor }))).toBe(
        'BAD_REQUEST',
      );
    }
    // Its own cursor, of course, reads on.
    const first = await identity.request(IdentityRpc.listNotifications, user.session, { limit: 2 });
    const rest = await identity.request(IdentityRpc.listNotifications, user.session, {
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(rest).toMatchObject({ hasMore: false, nextCursor: null });
    expect(rest.notifications).toHaveLength(1);
  });
});
