import { randomUUID } from 'node:crypto';
import { FollowsRpc } from '@pc/contracts';
import { codeOf, identityUnderTest } from '../testing/identity-under-test';

describe('following policies and rulesets (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest();

  it.each(['policy', 'ruleset'] as const)(
    'follows a %s the caller sees, idempotently; reads it back; unfollowing ends it',
    async (assetType) => {
      const [follower, other] = await Promise.all([identity.newUser(), identity.newUser()]);
      const item = { asset_type: assetType, id: randomUUID() };
      identity.peers.visible.add(item.id);
      for (let n = 0; n < 2; n++)
        expect(await identity.request(FollowsRpc.follow, follower.session, item)).toEqual({
          following: true,
        });
      expect(await identity.request(FollowsRpc.get, follower.session, item)).toEqual({ following: true });
      expect(await identity.request(FollowsRpc.get, other.session, item)).toEqual({ following: false });
      const rows = await identity.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.follows WHERE user_id = $1 AND resource_id = $2',
        [follower.id, item.id],
      );
      expect(rows[0].n).toBe(1);
      expect(await identity.request(FollowsRpc.unfollow, follower.session, item)).toEqual({
        following: false,
      });
      expect(await identity.request(FollowsRpc.get, follower.session, item)).toEqual({ following: false });
    },
  );

  it('refuses to follow what the owning service does not show the caller (404), and unfollows what is gone', async () => {
    const user = await identity.newUser();
    for (const asset_type of ['policy', 'ruleset'] as const) {
      const item = { asset_type, id: randomUUID() };
      expect(await codeOf(identity.request(FollowsRpc.follow, user.session, item))).toBe('NOT_FOUND');
      expect(await codeOf(identity.request(FollowsRpc.get, user.session, item))).toBe('NOT_FOUND');
      expect(await identity.request(FollowsRpc.unfollow, user.session, item)).toEqual({ following: false });
    }
  });
});
