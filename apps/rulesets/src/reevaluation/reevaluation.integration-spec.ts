import { type ConformanceChangedEvent, GovernanceRpc, REEVALUATION_QUEUE, RulesetsRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { OAS3 } from '@pc/testing';
import { GOVERNANCE_PROFILE, GOVERNANCE_PROFILE_NEXT } from '../testing/governance-fixtures';
import { errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';
import { EvaluationService, RanPastTimeLimit } from '../evaluation';
import { ReevaluationQueue } from './reevaluation.queue';

/** A third version: `operation-id-required` a warning too, so OAS3 fails none of the four rules. */
const GOVERNANCE_PROFILE_THIRD = GOVERNANCE_PROFILE_NEXT.replace(
  'violation:\n  - operation-id-required\nwarning:\n',
  'warning:\n  - operation-id-required\n',
);

/**
 * Re-evaluation at the service level, with the real engine and the durable queue: a followed ruleset's new
 * version evaluates again every API of every workspace whose profile follows its latest version (in
 * batches, the rest behind other workspaces), and none whose profile pins the old version.
 */
describe('re-evaluation when a followed ruleset publishes a new version (service level)', () => {
  jest.setTimeout(180_000);
  const h = rulesetsUnderTest();
  let owner: TestUser;

  beforeAll(() => {
    owner = h.user();
  });

  async function workspaceWithApis(count: number, rulesets: Array<{ rulesetId: string; version?: string }>) {
    const workspaceId = h.workspace(owner);
    await h.request(GovernanceRpc.createProfile, owner.ctx, { workspaceId, name: 'All', rulesets });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
        workspaceId,
        name: `API ${i}`,
        document: { content: OAS3 },
      });
      await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: api.id });
      ids.push(api.id);
    }
    return ids;
  }

  const conformanceOf = async (apiId: string) =>
    (await h.request(GovernanceRpc.getApi, owner.ctx, { id: apiId })).api.conformance;

  /** A new user's published ruleset, and a workspace of theirs whose profile follows its latest version. */
  async function authorFollowing() {
    const author = h.user();
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId } = await h.published(author, { repoUrl });
    const workspaceId = h.workspace(author);
    await h.request(GovernanceRpc.createProfile, author.ctx, {
      workspaceId,
      name: 'All',
      rulesets: [{ rulesetId }],
    });
    return { author, repoUrl, rulesetId, workspaceId };
  }

  /**
   * Whether the workspace's run of `version` finished. Only that version's: the approval's event, when it is
   * handled after the workspace follows the ruleset (the test's steps can outrun it), starts a run of the
   * first version there too, which finishes at once with nothing to evaluate.
   */
  const versionRunFinished = async (workspaceId: string, version: string) =>
    (
      await h.sql<{ finished: boolean }>(
        `SELECT finished_at IS NOT NULL AS finished FROM rulesets.reevaluation_runs
          WHERE workspace_id = $1 AND version = $2`,
        [workspaceId, version],
      )
    )[0]?.finished;

  it("evaluates again every API following the ruleset's latest version, none pinned to the old one", async () => {
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId, submission } = await h.published(owner, { repoUrl });
    const many = await workspaceWithApis(7, [{ rulesetId }]);
    const one = await workspaceWithApis(1, [{ rulesetId }]);
    const pinned = await workspaceWithApis(1, [{ rulesetId, version: submission.source_commit! }]);
    for (const id of [...many, ...one, ...pinned]) expect(await conformanceOf(id)).toBe(50);
    // The ruleset's page says how many APIs it governs (anyone may read the counts).
    expect(await h.request(GovernanceRpc.rulesetFollowers, h.user().ctx, { id: rulesetId })).toEqual({
      ruleset_id: rulesetId,
      apis: 9,
      following_latest: 8,
      workspaces: 3,
    });

    // An API registered and never evaluated has no conformance to keep current: its first evaluation is its owner's.
    const fresh = h.workspace(owner);
    await h.request(GovernanceRpc.createProfile, owner.ctx, {
      workspaceId: fresh,
      name: 'All',
      rulesets: [{ rulesetId }],
    });
    const { api: unevaluated } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
      workspaceId: fresh,
      name: 'Never evaluated',
      document: { content: OAS3 },
    });

    h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });

    const deadline = Date.now() + 120_000;
    const followers = [...many, ...one];
    while (Date.now() < deadline) {
      const values = await Promise.all(followers.map(conformanceOf));
      if (values.every((v) => v === 75)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await Promise.all(followers.map(conformanceOf))).toEqual(followers.map(() => 75));
    const { evaluations } = await h.request(GovernanceRpc.listEvaluations, owner.ctx, { apiId: one[0] });
    expect(evaluations[0]).toMatchObject({
      trigger: 'ruleset_published',
      run_by: owner.id,
      rulesets: [{ ruleset_id: rulesetId, follows: 'latest', applicable_rules: 4, failed_rules: 1 }],
    });
    expect(evaluations[0].rulesets[0].version).not.toBe(submission.source_commit);
    const freshRun = () => versionRunFinished(fresh, ruleset.pin!.commit);
    while (!(await freshRun()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await freshRun()).toBe(true);
    const untouched = await h.request(GovernanceRpc.listEvaluations, owner.ctx, { apiId: unevaluated.id });
    expect(untouched.evaluations).toEqual([]);
    // The pinned profile's API keeps its evaluation (only its own, at the old version).
    const kept = await h.request(GovernanceRpc.listEvaluations, owner.ctx, { apiId: pinned[0] });
    expect(kept.evaluations.map((e) => e.trigger)).toEqual(['manual']);
    // Each following API evaluated once for the version.
    for (const id of followers) {
      const { evaluations: history } = await h.request(GovernanceRpc.listEvaluations, owner.ctx, {
        apiId: id,
      });
      expect(history.map((e) => e.trigger)).toEqual(['ruleset_published', 'manual']);
    }

    // News: once per workspace whose APIs changed, naming them with their conformance before and after.
    const newsOf = () =>
      h.sql<{ payload: ConformanceChangedEvent }>(
        `SELECT payload FROM rulesets.outbox
          WHERE pattern = 'rulesets.governed-api.conformance-changed.v1' AND payload->>'ruleset_id' = $1`,
        [rulesetId],
      );
    const newsDeadline = Date.now() + 10_000;
    while ((await newsOf()).length < 2 && Date.now() < newsDeadline)
      await new Promise((r) => setTimeout(r, 100));
    const news = (await newsOf()).map((row) => row.payload);
    expect(news).toHaveLength(2);
    const many0 = news.find((n) => n.apis.some((a) => a.api_id === many[0]))!;
    expect(many0).toMatchObject({ ruleset_id: rulesetId, changed: 7, version: expect.any(String) });
    expect(many0.apis.map((a) => [a.api_id, a.previous_conformance, a.conformance]).sort()).toEqual(
      many.map((id) => [id, 50, 75]).sort(),
    );
    expect(news.find((n) => n !== many0)!.apis).toEqual([
      { api_id: one[0], api_name: 'API 0', previous_conformance: 50, conformance: 75, owner_id: owner.id },
    ]);
  });

  it("evaluates an API pinned to an older reviewed version with that version's rules after the next one is out", async () => {
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId, submission } = await h.published(owner, { repoUrl });
    const first = submission.source_commit!;
    h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    expect(ruleset.pin?.commit).not.toBe(first);

    // The first version was kept as it was published (with the approval, not later from its event, which
    // finds the next one pinned already): a profile may pin it at once after the next one is out.
    const [pinned] = await workspaceWithApis(1, [{ rulesetId, version: first }]);
    const [latest] = await workspaceWithApis(1, [{ rulesetId }]);
    expect(await conformanceOf(pinned)).toBe(50);
    expect(await conformanceOf(latest)).toBe(75);
    const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: pinned });
    expect(evaluation.rulesets).toEqual([
      expect.objectContaining({ version: first, follows: 'pinned', applicable_rules: 4, failed_rules: 2 }),
    ]);

    // A commit that never was a reviewed version of the ruleset is refused, naming the field.
    const error = await errorOf(
      h.request(GovernanceRpc.createProfile, owner.ctx, {
        workspaceId: h.workspace(owner),
        name: 'Never',
        rulesets: [{ rulesetId, version: 'b'.repeat(40) }],
      }),
    );
    expect(error).toMatchObject({
      code: 'RULESETS.VERSION_UNAVAILABLE',
      message: expect.stringMatching(/never a reviewed version/),
      details: [{ field: 'rulesets.0.version' }],
    });
  });

  it('re-evaluates on behalf of someone who still may evaluate in the workspace, never of a registrant who left it', async () => {
    const [author, registrant, member] = [h.user(), h.user(), h.user()];
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId, submission } = await h.published(author, { repoUrl });
    const workspaceId = h.workspace(author, [
      [registrant, 'member'],
      [member, 'member'],
    ]);
    await h.request(GovernanceRpc.createProfile, author.ctx, {
      workspaceId,
      name: 'All',
      rulesets: [{ rulesetId }],
    });
    const evaluated = async (name: string, by: TestUser[]) => {
      const { api } = await h.request(GovernanceRpc.registerApi, registrant.ctx, {
        workspaceId,
        name,
        document: { content: OAS3 },
      });
      for (const who of by) await h.request(GovernanceRpc.recordEvaluation, who.ctx, { apiId: api.id });
      return api.id;
    };
    // A member evaluated one of the registrant's APIs since; only the registrant ever evaluated the other.
    const handedOn = await evaluated('Handed on', [registrant, member]);
    const orphaned = await evaluated('Orphaned', [registrant]);
    // The approval's event, handled only now (the steps since can outrun it): its run, at the first version,
    // finds nothing to evaluate and finishes at once; the run to wait for is the next version's.
    expect(
      await h.get(ReevaluationQueue).versionPublished(`late-${rulesetId}`, {
        ruleset_id: rulesetId,
        ruleset_name: 'Governance',
        version: null,
        commit: submission.source_commit!,
        submission_id: submission.id,
        how: 'review',
      }),
    ).toBe(1);
    // The registrant leaves the workspace; then the ruleset publishes its next version.
    h.peers.workspaces.get(workspaceId)!.roles.delete(registrant.id);
    h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });

    const finished = () => versionRunFinished(workspaceId, ruleset.pin!.commit);
    const deadline = Date.now() + 120_000;
    while (!(await finished()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await finished()).toBe(true);
    const history = async (apiId: string) =>
      (await h.request(GovernanceRpc.listEvaluations, author.ctx, { apiId })).evaluations;
    // Evaluated as the member who evaluated it last; the other left as it was (nobody in the workspace to act for).
    expect((await history(handedOn))[0]).toMatchObject({
      trigger: 'ruleset_published',
      run_by: member.id,
      conformance: 75,
    });
    expect((await history(orphaned)).map((e) => [e.trigger, e.run_by])).toEqual([['manual', registrant.id]]);
  });

  it('leaves a version replaced before its event was handled to the newer version: evaluated once, at that one', async () => {
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId } = await h.published(owner, { repoUrl });
    await workspaceWithApis(1, [{ rulesetId }]);
    const pin = async (files: Record<string, string>) => {
      h.host.push(repoUrl, files);
      return (await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId })).ruleset.pin!.commit;
    };
    const replaced = await pin({ 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    const current = await pin({ 'ruleset.yaml': `${GOVERNANCE_PROFILE_NEXT}# the third version\n` });
    // The replaced version's event, handled late (as after a slow outbox relay): no workspace's APIs are
    // evaluated for it; the current version's event evaluates them.
    const queue = h.get(ReevaluationQueue);
    const event = (commit: string) => ({
      ruleset_id: rulesetId,
      ruleset_name: 'Governance',
      version: null,
      commit,
      submission_id: null,
      how: 'admin' as const,
    });
    expect(await queue.versionPublished(`late-${replaced}`, event(replaced))).toBe(0);
    expect(await queue.versionPublished(`late-${current}`, event(current))).toBe(1);
  });

  it('ends a run when a newer version is pinned between its batches: news names only what each version evaluated, every API ends at the newest', async () => {
    // An author of their own: the evaluator's share of the others' runs still going is not theirs.
    const { author, repoUrl, rulesetId, workspaceId } = await authorFollowing();
    const conformanceOf = async (apiId: string) =>
      (await h.request(GovernanceRpc.getApi, author.ctx, { id: apiId })).api.conformance;
    // One batch and one more API, each read from a repository of its own (so that one can be held).
    const sources = new Map<string, string>();
    for (let i = 0; i <= REEVALUATION_QUEUE.batch; i++) {
      const source = h.repo({ 'spec/api.yaml': OAS3 });
      const { api } = await h.request(GovernanceRpc.registerApi, author.ctx, {
        workspaceId,
        name: `Sourced ${i}`,
        source: { repoUrl: source, path: 'spec/api.yaml' },
      });
      await h.request(GovernanceRpc.recordEvaluation, author.ctx, { apiId: api.id });
      sources.set(api.id, source);
    }
    const apis = [...sources.keys()].sort(); // the order the run takes them in
    const firstBatch = apis.slice(0, REEVALUATION_QUEUE.batch);
    const pin = async (files: Record<string, string>) => {
      h.host.push(repoUrl, files);
      return (await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId })).ruleset.pin!.commit;
    };
    const until = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + 120_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // The second version's run evaluates the first batch but its last API, whose source the host holds...
    const release = h.host.hold(sources.get(firstBatch.at(-1)!));
    const second = await pin({ 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    await until('the first APIs evaluated at the second version', async () => {
      const values = await Promise.all(firstBatch.slice(0, -1).map(conformanceOf));
      return values.every((v) => v === 75) && h.host.waiting > 0;
    });
    // ...while an administrator pins a third version.
    const third = await pin({ 'ruleset.yaml': GOVERNANCE_PROFILE_THIRD });
    release();

    await until('every API evaluated at the third version', async () => {
      const values = await Promise.all(apis.map(conformanceOf));
      return values.every((v) => v === 100);
    });
    await until('both runs finished', async () => {
      const [row] = await h.sql<{ open: number }>(
        `SELECT count(*) FILTER (WHERE finished_at IS NULL)::int AS open, count(*)::int AS runs
           FROM rulesets.reevaluation_runs WHERE workspace_id = $1 AND version = ANY ($2::text[])`,
        [workspaceId, [second, third]],
      );
      return row.open === 0;
    });
    // Each API's latest evaluation is at the third version.
    for (const apiId of apis) {
      const { evaluations } = await h.request(GovernanceRpc.listEvaluations, author.ctx, { apiId });
      expect(evaluations[0]).toMatchObject({
        trigger: 'ruleset_published',
        conformance: 100,
        rulesets: [{ ruleset_id: rulesetId, version: third, follows: 'latest' }],
      });
    }
    // News: the second version names the APIs it evaluated (at it, 50 -> 75), the third version every API.
    const news = async (version: string) =>
      (
        await h.sql<{ payload: ConformanceChangedEvent }>(
          `SELECT payload FROM rulesets.outbox
            WHERE pattern = 'rulesets.governed-api.conformance-changed.v1' AND payload->>'ruleset_id' = $1
              AND payload->>'version' = $2`,
          [rulesetId, version],
        )
      ).map((row) => row.payload);
    const changes = (events: ConformanceChangedEvent[]) =>
      events
        .flatMap((event) => event.apis.map((a) => [a.api_id, a.previous_conformance, a.conformance]))
        .sort();
    expect(changes(await news(second))).toEqual(firstBatch.slice(0, -1).map((id) => [id, 50, 75]));
    expect(changes(await news(third))).toEqual(
      apis.map((id) => [id, firstBatch.slice(0, -1).includes(id) ? 75 : 50, 100]).sort(),
    );
  });

  /**
   * A busy evaluator, for one user's re-evaluations only: their next `times` evaluations run past the time
   * limit (the engine's own error, as a machine too loaded to finish in time raises it). How many did.
   */
  function lateEvaluator(userId: string, times: number, answer: () => Error = lateAnswer) {
    const engine = h.get(EvaluationService);
    const evaluate = engine.evaluate.bind(engine);
    const late = { count: 0, restore: () => void (engine.evaluate = evaluate) };
    engine.evaluate = (...args) => {
      const [ctx] = args;
      if (ctx.caller.kind !== 'user' || ctx.caller.userId !== userId || late.count >= times)
        return evaluate(...args);
      late.count += 1;
      return Promise.reject(answer());
    };
    return late;
  }
  const lateAnswer = () => new RanPastTimeLimit(60_000, undefined);

  async function reevaluatedAfterLateness(times: number, answer?: () => Error) {
    // An author of their own: only their evaluations are late.
    const { author, repoUrl, rulesetId, workspaceId } = await authorFollowing();
    const { api } = await h.request(GovernanceRpc.registerApi, author.ctx, {
      workspaceId,
      name: 'Late',
      document: { content: OAS3 },
    });
    await h.request(GovernanceRpc.recordEvaluation, author.ctx, { apiId: api.id });
    const late = lateEvaluator(author.id, times, answer);
    try {
      h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
      const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
      const deadline = Date.now() + 60_000;
      while (!(await versionRunFinished(workspaceId, ruleset.pin!.commit)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const { evaluations } = await h.request(GovernanceRpc.listEvaluations, author.ctx, { apiId: api.id });
      return {
        finished: await versionRunFinished(workspaceId, ruleset.pin!.commit),
        late: late.count,
        triggers: evaluations.map((e) => e.trigger),
        conformance: (await h.request(GovernanceRpc.getApi, author.ctx, { id: api.id })).api.conformance,
      };
    } finally {
      late.restore();
    }
  }

  it('evaluates an API again when its evaluation ran past the time limit, as a busy evaluator can make it', async () => {
    expect(await reevaluatedAfterLateness(1)).toEqual({
      finished: true,
      late: 1,
      triggers: ['ruleset_published', 'manual'],
      conformance: 75,
    });
  });

  it("waits for an evaluator that is busy, or whose share the API's user has taken, however often", async () => {
    // More "not now" answers than the job has deliveries: none of them counts as one. The evaluator asks
    // for a short wait here (its own answers ask for RETRY_AFTER_S).
    let answers = 0;
    const busy = () =>
      answers++ % 2 === 0
        ? new DomainError(
            'SERVICE_UNAVAILABLE',
            'Every evaluator is busy; try again shortly',
            undefined,
            0.05,
          )
        : new DomainError('RATE_LIMITED', 'You have 2 evaluations running or waiting', undefined, 0.05);
    expect(await reevaluatedAfterLateness(REEVALUATION_QUEUE.maxDeliver + 2, busy)).toEqual({
      finished: true,
      late: REEVALUATION_QUEUE.maxDeliver + 2,
      triggers: ['ruleset_published', 'manual'],
      conformance: 75,
    });
  });

  it('leaves out an API late at every attempt, and still finishes the run', async () => {
    expect(await reevaluatedAfterLateness(Infinity)).toEqual({
      finished: true,
      late: REEVALUATION_QUEUE.maxDeliver,
      triggers: ['manual'],
      conformance: 50,
    });
  });
});
