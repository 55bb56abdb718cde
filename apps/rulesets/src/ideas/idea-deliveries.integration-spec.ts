import { RulesetsRpc } from '@pc/contracts';
import { rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';
import { IdeaDeliveriesConsumer } from './idea-deliveries.consumer';

/**
 * An approval's ideas are delivered after its commit by the approval's event, retried while the catalog
 * does not answer, and by the sweep, which asks again for every delivery due for over a minute: what the
 * catalog could not take at the approval is delivered once it answers again, and only once.
 */
describe("an approval's ideas, delivered by the sweep (service level, PostgreSQL)", () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;

  beforeAll(() => {
    owner = h.user();
  });

  /** Waits (up to 30 s) for what `done` checks. */
  const eventually = async (what: string, done: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** The deliveries the catalog was asked for the ruleset, answered or not. */
  const asked = (rulesetId: string) => h.peers.deliveryRequests.filter((id) => id === rulesetId).length;
  const due = async (rulesetId: string) =>
    (await h.sql(`SELECT 1 FROM rulesets.idea_deliveries_due WHERE ruleset_id = $1`, [rulesetId])).length > 0;
  /** The delivery due since before the sweep's minute, as it is a minute after the approval. */
  const dueForMinutes = (rulesetId: string) =>
    h.sql(
      `UPDATE rulesets.idea_deliveries_due SET approved_at = now() - interval '2 minutes' WHERE ruleset_id = $1`,
      [rulesetId],
    );
  const approved = async (ideaId: string) => {
    const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId }] });
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id });
    return submission.ruleset_id;
  };

  it('delivers, once the catalog answers again, the ideas it did not take at the approval', async () => {
    const idea = h.idea();
    // The catalog is unreachable at the approval, and while the approval's event asks again.
    h.peers.deliveryFault = { kind: 'down', times: 1_000_000 };
    const rulesetId = await approved(idea);
    await eventually("the approval's event asking three times", () => asked(rulesetId) >= 3);
    await dueForMinutes(rulesetId);
    const sweeper = h.get(IdeaDeliveriesConsumer);
    // A sweep while it is still unreachable leaves the delivery due.
    expect(await sweeper.sweep()).toBe(0);
    expect(await due(rulesetId)).toBe(true);
    expect(h.peers.deliveredIdeas.has(idea)).toBe(false);

    // The catalog back: the next sweep delivers the ideas.
    h.peers.deliveryFault = null;
    const before = asked(rulesetId);
    expect(await sweeper.sweep()).toBe(1);
    expect(h.peers.deliveredIdeas.has(idea)).toBe(true);
    expect(await due(rulesetId)).toBe(false);
    // Nothing asks again: neither a later sweep nor the event's next retry (due within 2 s).
    expect(await sweeper.sweep()).toBe(0);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(asked(rulesetId)).toBe(before + 1);
  });

  it('delivers the ideas of an approval the catalog answered exactly once: the sweep asks nothing', async () => {
    const idea = h.idea();
    const rulesetId = await approved(idea);
    await eventually('the idea delivered', () => h.peers.deliveredIdeas.has(idea));
    await eventually('the delivery no longer due', async () => !(await due(rulesetId)));
    expect(await h.get(IdeaDeliveriesConsumer).sweep()).toBe(0);
    expect(asked(rulesetId)).toBe(1);
  });
});
