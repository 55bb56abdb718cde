import { testBus } from '@pc/testing';
import { CatalogWorld } from './testing/catalog-world';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a private profile in catalog answers', () => {
  const world = new CatalogWorld();

  beforeAll(async () => {
    await world.start(testBus('in-process'), { AVATAR_BASE_URL: 'https://avatars.example.com/' });
  });

  afterAll(() => world.stop());

  it('hides the owner email hash and avatar in the policy and the policy list until the profile is public', async () => {
    const owner = await world.newUser();
    const submission = await world.submit(owner);
    await world.approve(submission.id);
    const { http } = world;

    const hidden = await http.get<Json>(`/api/policies/${submission.policyId}`);
    const listed = await http.get<Json>(`/api/policies?q=${encodeURIComponent(submission.name)}`);
    const listedPolicy = (listed.body.policies as Json[]).find((p) => p.id === submission.policyId);
    for (const policy of [hidden.body.policy, listedPolicy]) {
      expect(policy.owner_avatar_email_hash).toBeNull();
      expect(policy.owner_avatar_url).toBeNull();
    }
    // No email hash anywhere (the review pin's content digest is the one sha256 a policy carries).
    expect(JSON.stringify({ ...hidden.body.policy, pin: null })).not.toMatch(/[0-9a-f]{64}/);

    expect((await http.patch('/api/me', { profileIsPublic: true }, { cookie: owner.cookie })).status).toBe(
      200,
    );
    const shown = await http.get<Json>(`/api/policies/${submission.policyId}`);
    expect(shown.body.policy.owner_avatar_email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.body.policy.owner_avatar_url).toBe(
      `https://avatars.example.com/${shown.body.policy.owner_avatar_email_hash}`,
    );
  });
});
