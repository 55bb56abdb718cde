import { GovernanceRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { GOVERNANCE_PROFILE } from '../testing/governance-fixtures';
import { type RulesetsUnderTest, rulesetsUnderTest } from '../testing/rulesets-under-test';
import { ApiEvaluationsService } from '../api-evaluations';
import { ReevaluationQueue } from './reevaluation.queue';

const FIXED = OAS3.replace(
  '    post:\n',
  '    post:\n      operationId: addPet\n      description: Adds a pet.\n',
);

/**
 * An owner's workspace following a published ruleset, pinned to its published version (the publication's
 * own re-evaluation, delivered whenever the queue gets to it, never touches these APIs, so every
 * evaluation after the first is a ref check's); `register` adds an API read from the source host and
 * evaluates it once, `history` lists its evaluations, newest first.
 */
async function governedWorkspace(h: RulesetsUnderTest) {
  const owner = h.user();
  const { rulesetId, submission } = await h.published(owner, {
    repoUrl: h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE }),
  });
  const workspaceId = h.workspace(owner);
  await h.request(GovernanceRpc.createProfile, owner.ctx, {
    workspaceId,
    name: 'All',
    rulesets: [{ rulesetId, version: submission.source_commit! }],
  });
  const register = async (name: string, repoUrl: string) => {
    const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
      workspaceId,
      name,
      source: { repoUrl, path: 'spec/api.yaml' },
    });
    await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: api.id });
    return api.id;
  };
  const history = async (apiId: string) =>
    (await h.request(GovernanceRpc.listEvaluations, owner.ctx, { apiId })).evaluations;
  return { owner, register, history };
}

/**
 * Re-evaluation when an API's ref moves on the source host (the sandbox), with the real engine and the
 * durable queue: the periodic check (every second here) compares each API's ref's commit with its latest
 * evaluation's and evaluates again only an API whose ref moved, once per new commit.
 */
describe("re-evaluation when an API's ref moves on the source host (service level)", () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest({ GOVERNANCE_REF_CHECK_INTERVAL_MS: '1000' });

  it('evaluates an API again with the commit its ref moved to, and leaves one whose ref did not move', async () => {
    const { owner, register, history } = await governedWorkspace(h);
    const movingRepo = h.repo({ 'spec/api.yaml': OAS3 });
    const moving = await register('Moving API', movingRepo);
    const still = await register('Still API', h.repo({ 'spec/api.yaml': OAS3 }));

    h.host.push(movingRepo, { 'spec/api.yaml': FIXED });
    const moved = h.host.commitOf(movingRepo);
    const deadline = Date.now() + 60_000;
    while (!(await history(moving)).some((e) => e.trigger === 'ref_moved') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    const [latest] = await history(moving);
    expect(latest).toMatchObject({ trigger: 'ref_moved', run_by: owner.id, conformance: 100 });
    expect(latest.specification.commit).toBe(moved);

    // Three more checks later: nothing moved, so nothing more is evaluated.
    await new Promise((r) => setTimeout(r, 3_500));
    expect((await history(moving)).map((e) => e.trigger)).toEqual(['ref_moved', 'manual']);
    expect((await history(still)).map((e) => e.trigger)).toEqual(['manual']);
  });
});

/**
 * Two periods' checks of one move at once (as when an evaluation outlasts the check's interval, or two
 * replicas check together): the API is evaluated again once.
 */
describe('ref checks that overlap (service level)', () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest({ GOVERNANCE_REF_CHECK_INTERVAL_MS: '0' });

  it('evaluates a moved ref once when two checks find the move together', async () => {
    const { register, history } = await governedWorkspace(h);
    const repoUrl = h.repo({ 'spec/api.yaml': OAS3 });
    const apiId = await register('Moving API', repoUrl);
    const triggers = async () => (await history(apiId)).map((e) => e.trigger);

    h.host.push(repoUrl, { 'spec/api.yaml': FIXED });
    const queue = h.get(ReevaluationQueue);
    await Promise.all([queue.checkRefs('refs:overlap-1'), queue.checkRefs('refs:overlap-2')]);
    const deadline = Date.now() + 60_000;
    while (!(await triggers()).includes('ref_moved') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    // Both checks' jobs have ended well before this (each evaluates one API).
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await triggers()).toEqual(['ref_moved', 'manual']);
  });

  it("compares the ref with the latest evaluation read from the source, not CI's of a pushed document", async () => {
    const { owner, register, history } = await governedWorkspace(h);
    const repoUrl = h.repo({ 'spec/api.yaml': OAS3 });
    const apiId = await register('Pushed-to API', repoUrl);
    const check = () => h.get(ApiEvaluationsService).reevaluateIfRefMoved(apiId, async () => {});
    // CI evaluates a document it pushes, taken at its own commit: the source's ref did not move.
    await h.request(GovernanceRpc.recordEvaluation, owner.ctx, {
      apiId,
      document: { content: FIXED, commit: 'abcdef1' },
      trigger: 'ci',
    });
    expect(await check()).toBeNull();
    expect((await history(apiId)).map((e) => e.trigger)).toEqual(['ci', 'manual']);
    // Once it moves, the source is evaluated at the commit it moved to.
    h.host.push(repoUrl, { 'spec/api.yaml': FIXED });
    expect(await check()).toMatchObject({
      trigger: 'ref_moved',
      specification: { commit: h.host.commitOf(repoUrl) },
    });
  });
});
