import { randomUUID } from 'node:crypto';
import { GOVERNANCE_LIMITS, GovernanceRpc, RulesetsRpc } from '@pc/contracts';
import { LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { OAS3, SPECTRAL_OPERATION_IDS } from '@pc/testing';
import { CONFORMING_OAS3, GOVERNANCE_PROFILE, GOVERNANCE_PROFILE_NEXT } from '../testing/governance-fixtures';
import { codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/**
 * Governance profiles and evaluations kept, with the real engine: which rulesets a profile applies to
 * which API, recording an evaluation (document sent, source on the host, newest pushed document), the
 * conformance and its history, crossing the threshold, and the workspace's hourly limit.
 */
describe('governance profiles and evaluations kept (service level, the engine)', () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let workspaceId: string;
  let rulesetId: string;
  let version: string;

  beforeAll(async () => {
    owner = h.user();
    member = h.user();
    stranger = h.user();
    workspaceId = h.workspace(owner, [[member, 'member']]);
    const published = await h.published(owner, { repoUrl: h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE }) });
    rulesetId = published.rulesetId;
    version = published.submission.source_commit!;
  });

  const profile = (who: TestUser, fields: Record<string, unknown> = {}, ws = workspaceId) =>
    h.request(GovernanceRpc.createProfile, who.ctx, {
      workspaceId: ws,
      name: `Profile ${Math.random().toString(36).slice(2, 8)}`,
      rulesets: [{ rulesetId }],
      ...fields,
    });
  const api = async (ws: string, fields: Record<string, unknown> = {}) =>
    (
      await h.request(GovernanceRpc.registerApi, owner.ctx, {
        workspaceId: ws,
        name: `API ${Math.random().toString(36).slice(2, 8)}`,
        ...fields,
      })
    ).api;

  it('lets the owner and admins write profiles (members read them, one by one too), each ruleset visible and a pin its reviewed version', async () => {
    expect(await codeOf(profile(member))).toBe('FORBIDDEN');
    expect(await codeOf(profile(stranger))).toBe('NOT_FOUND');
    const { profile: created } = await profile(owner, {
      name: 'Public APIs',
      rulesets: [{ rulesetId, version }],
      matchTags: ['public'],
    });
    expect(created).toMatchObject({ rulesets: [{ ruleset_id: rulesetId, version }], match_tags: ['public'] });
    const error = await errorOf(profile(owner, { rulesets: [{ rulesetId, version: 'a'.repeat(40) }] }));
    expect(error).toMatchObject({
      code: 'RULESETS.VERSION_UNAVAILABLE',
      details: [{ field: 'rulesets.0.version' }],
    });
    const unpublished = (await h.submit(stranger)).submission.ruleset_id;
    expect(await codeOf(profile(owner, { rulesets: [{ rulesetId: unpublished }] }))).toBe('NOT_FOUND');
    const draft = (await h.submit(owner)).submission.ruleset_id;
    expect(await codeOf(profile(owner, { rulesets: [{ rulesetId: draft }] }))).toBe('RULESETS.NOT_PUBLISHED');
    const { profiles } = await h.request(GovernanceRpc.listProfiles, member.ctx, { workspaceId });
    expect(profiles.map((p) => p.name)).toContain('Public APIs');
    const read = await h.request(GovernanceRpc.getProfile, member.ctx, { id: created.id });
    expect(read.profile).toMatchObject({ id: created.id, workspace_id: workspaceId, name: 'Public APIs' });
    expect(await codeOf(h.request(GovernanceRpc.getProfile, stranger.ctx, { id: created.id }))).toBe(
      'NOT_FOUND',
    );
    const { profile: edited } = await h.request(GovernanceRpc.updateProfile, owner.ctx, {
      id: created.id,
      rulesets: [{ rulesetId, version: null }],
    });
    expect(edited.rulesets).toEqual([{ ruleset_id: rulesetId, version: null }]);
    expect(await codeOf(h.request(GovernanceRpc.deleteProfile, member.ctx, { id: created.id }))).toBe(
      'FORBIDDEN',
    );
    expect(await h.request(GovernanceRpc.deleteProfile, owner.ctx, { id: created.id })).toEqual({ ok: true });
  });

  it('records an evaluation of a document sent: versions, complete counts, findings, conformance, who ran it', async () => {
    const ws = h.workspace(owner, [[member, 'member']]);
    await profile(owner, {}, ws);
    const pets = await api(ws);
    const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, member.ctx, {
      apiId: pets.id,
      document: { content: OAS3, filename: 'pets.yaml', commit: 'abcdef1' },
      trigger: 'ci',
    });
    expect(evaluation).toMatchObject({
      api_id: pets.id,
      trigger: 'ci',
      run_by: member.id,
      specification: { format: 'OAS 3.0', commit: 'abcdef1', ref: null },
      rulesets: [{ ruleset_id: rulesetId, version, follows: 'latest', applicable_rules: 4, failed_rules: 2 }],
      counts: { violation: 2, warning: 0, info: 0 },
      waived: 0,
      passed_rules: 2,
      applicable_rules: 4,
      conformance: 50,
      findings_truncated: false,
    });
    expect(evaluation.findings.map((f) => [f.rule, f.pointer, f.waiver_id])).toEqual([
      ['operation-described', '#/paths/~1pets/post', null],
      ['operation-id-required', '#/paths/~1pets/post', null],
    ]);
    const { api: after } = await h.request(GovernanceRpc.getApi, member.ctx, { id: pets.id });
    expect(after).toMatchObject({
      conformance: 50,
      at_risk: true,
      documents: 1,
      last_evaluation_id: evaluation.id,
    });
    // Stored: the same evaluation read back, and a news event for crossing below the threshold.
    expect(
      (
        await h.request(GovernanceRpc.getEvaluation, member.ctx, {
          apiId: pets.id,
          evaluationId: evaluation.id,
        })
      ).evaluation,
    ).toEqual(evaluation);
    const events = await h.sql<{ direction: string }>(
      `SELECT payload->>'direction' AS direction FROM rulesets.outbox
        WHERE pattern = 'rulesets.governed-api.threshold-crossed.v1' AND payload->>'api_id' = $1`,
      [pets.id],
    );
    expect(events.map((e) => e.direction)).toEqual(['below']);
  });

  it('evaluates the newest pushed document, or the source at the commit its ref is at; keeps the history and the trend (paged by an evaluation of the API only)', async () => {
    const ws = h.workspace(owner);
    await profile(owner, {}, ws);
    const repoUrl = h.repo({ 'spec/api.yaml': OAS3 });
    const sourced = await api(ws, { source: { repoUrl, path: 'spec/api.yaml' } });
    const first = (await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: sourced.id }))
      .evaluation;
    expect(first.specification).toMatchObject({ commit: h.host.commitOf(repoUrl), ref: null });
    h.host.push(repoUrl, { 'spec/api.yaml': CONFORMING_OAS3 });
    const second = (await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: sourced.id }))
      .evaluation;
    expect([first.conformance, second.conformance]).toEqual([50, 100]);
    expect(second.specification.commit).toBe(h.host.commitOf(repoUrl));
    const { api: now } = await h.request(GovernanceRpc.getApi, owner.ctx, { id: sourced.id });
    expect(now).toMatchObject({ conformance: 100, previous_conformance: 50, at_risk: false });
    const history = await h.request(GovernanceRpc.listEvaluations, owner.ctx, {
      apiId: sourced.id,
      limit: 1,
    });
    expect(history).toMatchObject({ threshold: 70, has_more: true });
    expect(history.evaluations.map((e) => e.id)).toEqual([second.id]);
    expect(history.evaluations[0]).not.toHaveProperty('findings');
    const older = await h.request(GovernanceRpc.listEvaluations, owner.ctx, {
      apiId: sourced.id,
      before: second.id,
    });
    expect(older.evaluations.map((e) => e.id)).toEqual([first.id]);

    const pushed = await api(ws, { document: { content: CONFORMING_OAS3 } });
    const { evaluation: pushedEvaluation } = await h.request(GovernanceRpc.recordEvaluation, owner.ctx, {
      apiId: pushed.id,
    });
    expect(pushedEvaluation.conformance).toBe(100);
    // `before` names an evaluation of this API: another API's (or none) is a 400, not an empty history.
    for (const before of [pushedEvaluation.id, randomUUID()])
      expect(
        await errorOf(h.request(GovernanceRpc.listEvaluations, owner.ctx, { apiId: sourced.id, before })),
      ).toMatchObject({
        code: 'BAD_REQUEST',
        details: [{ field: 'before', message: 'is not an evaluation of this API' }],
      });
    const bare = await api(ws);
    expect(await codeOf(h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: bare.id }))).toBe(
      'RULESETS.NO_SPECIFICATION',
    );
  });

  it('pages the history within the reply budget: 200 evaluations of 10 rulesets with long names, every one read once', async () => {
    const ws = h.workspace(owner);
    const long = await api(ws);
    // Ten rulesets named with 120 three-byte characters each: about 5 KB of JSON per evaluation.
    const rulesets = Array.from({ length: 10 }, (_, i) => ({
      ruleset_id: randomUUID(),
      name: `${'規'.repeat(119)}${i}`,
      version: 'a'.repeat(40),
      follows: 'latest',
      applicable_rules: 4,
      failed_rules: 2,
      counts: { violation: 2, warning: 0, info: 0 },
    }));
    await h.sql(
      `INSERT INTO rulesets.api_evaluations (api_id, workspace_id, trigger, run_by, format, digest, rulesets, counts,
         waived, passed_rules, applicable_rules, conformance, findings, findings_truncated)
       SELECT $1, $2, 'ci', $3, 'OAS 3.0', 'd', $4::jsonb, '{"violation":20,"warning":0,"info":0}', 0, 20, 40, 50,
              '[]', false
         FROM generate_series(1, 200)`,
      [long.id, ws, owner.id, JSON.stringify(rulesets)],
    );
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const reply = h.request(GovernanceRpc.listEvaluations, owner.ctx, {
        apiId: long.id,
        limit: 200,
        before,
      });
      await expect(reply).resolves.toHaveProperty('evaluations');
      const history = await reply;
      expect(Buffer.byteLength(JSON.stringify(history))).toBeLessThan(LIST_REPLY_BUDGET_BYTES + 4096);
      seen.push(...history.evaluations.map((e) => e.id));
      if (!history.has_more) break;
      expect(history.evaluations.length).toBeGreaterThan(0);
      before = history.evaluations[history.evaluations.length - 1].id;
    }
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
  });

  it('keeps the findings of a large report within what a reply carries: recorded, read back and compared whole', async () => {
    const ws = h.workspace(owner);
    // Two Spectral rulesets whose one rule says ~1,900 characters for each operation without an operationId.
    const spectral = (rule: string) =>
      h.repo({
        '.spectral.yaml':
          `description: Operation ids.\nrules:\n  ${rule}:\n    description: Every operation has an operationId.\n` +
          `    message: "${'Every operation has an operationId, which clients name it by. '.repeat(30)}"\n` +
          '    severity: error\n    given: $.paths[*][get,put,post,delete,options,head,patch,trace]\n' +
          '    then:\n      field: operationId\n      function: truthy\n',
      });
    const ids = [
      (await h.published(owner, { repoUrl: spectral('operation-id-a') })).rulesetId,
      (await h.published(owner, { repoUrl: spectral('operation-id-b') })).rulesetId,
    ];
    await profile(owner, { rulesets: ids.map((id) => ({ rulesetId: id })) }, ws);
    const large = await api(ws);
    // 260 operations without an operationId: 520 findings, over 1 MB of messages.
    const document = (prefix: string) =>
      'openapi: 3.0.0\ninfo:\n  title: Large\n  version: 1.0.0\npaths:\n' +
      Array.from(
        { length: 260 },
        (_, i) =>
          `  /${prefix}${i}:\n    get:\n      responses:\n        "200":\n          description: OK.\n`,
      ).join('');
    const record = (prefix: string) =>
      h.request(GovernanceRpc.recordEvaluation, owner.ctx, {
        apiId: large.id,
        document: { content: document(prefix) },
      });
    const first = record('pets');
    // Cut, and said so; the conformance is the report's (both rules fail).
    await expect(first).resolves.toMatchObject({
      evaluation: {
        counts: { violation: 520 },
        findings_truncated: true,
        rulesets: ids.map((id) => ({ ruleset_id: id, applicable_rules: 1, failed_rules: 1 })),
        conformance: 0,
      },
    });
    const { evaluation } = await first;
    // Each failing rule keeps a finding: the first ruleset's findings do not crowd out the second's.
    expect(new Set(evaluation.findings.map((f) => f.ruleset_id))).toEqual(new Set(ids));
    expect(evaluation.findings.length).toBeGreaterThan(100);
    expect(evaluation.findings.length).toBeLessThan(520);
    expect(evaluation.findings.every((f) => f.message.length > 1800)).toBe(true);
    // What is kept is what is read back.
    await expect(
      h.request(GovernanceRpc.getEvaluation, owner.ctx, { apiId: large.id, evaluationId: evaluation.id }),
    ).resolves.toEqual({ evaluation });
    // Compared with another such evaluation whose findings all differ: every one kept on either side.
    const { evaluation: other } = await record('owners');
    const diff = h.request(GovernanceRpc.diffEvaluations, owner.ctx, {
      apiId: large.id,
      evaluationId: other.id,
      against: evaluation.id,
    });
    await expect(diff).resolves.toMatchObject({ unchanged: 0 });
    const { introduced, resolved } = await diff;
    expect([introduced.length, resolved.length]).toEqual([other.findings.length, evaluation.findings.length]);

    // One kept before the findings were bounded in bytes (all 520) is read back with those that fit.
    const whole = [...evaluation.findings, ...evaluation.findings, ...evaluation.findings].slice(0, 520);
    await h.sql(
      `UPDATE rulesets.api_evaluations SET findings = $2, findings_truncated = false WHERE id = $1`,
      [evaluation.id, JSON.stringify(whole)],
    );
    const before = h.request(GovernanceRpc.getEvaluation, owner.ctx, {
      apiId: large.id,
      evaluationId: evaluation.id,
    });
    await expect(before).resolves.toMatchObject({ evaluation: { findings_truncated: true } });
    const read = (await before).evaluation.findings;
    expect(read.length).toBeLessThan(520);
    expect(read).toEqual(whole.slice(0, read.length));
  });

  it('records the version it evaluated with: a version pinned while the evaluation reads the specification is applied by the next one', async () => {
    const ws = h.workspace(owner);
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId: followed, submission } = await h.published(owner, { repoUrl });
    await profile(owner, { rulesets: [{ rulesetId: followed }] }, ws);
    const source = h.repo({ 'spec/api.yaml': OAS3 });
    const sourced = await api(ws, { source: { repoUrl: source, path: 'spec/api.yaml' } });

    // The evaluation has read the ruleset's current version and waits for the specification's source...
    const release = h.host.hold(source);
    const recording = h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: sourced.id });
    while (h.host.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // ...while an administrator pins the next version (operation-described a warning: OAS3 fails one rule).
    h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    const next = (await h.request(RulesetsRpc.pin, h.admin.ctx, { id: followed })).ruleset.pin!.commit;
    release();

    // It names the version it read, and its counts and conformance are that version's rules'.
    const { evaluation } = await recording;
    expect(evaluation).toMatchObject({
      rulesets: [{ ruleset_id: followed, version: submission.source_commit, failed_rules: 2 }],
      counts: { violation: 2, warning: 0, info: 0 },
      conformance: 50,
    });
    const again = (await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: sourced.id }))
      .evaluation;
    expect(again).toMatchObject({
      rulesets: [{ ruleset_id: followed, version: next, failed_rules: 1 }],
      counts: { violation: 1, warning: 1, info: 0 },
      conformance: 75,
    });
  });

  it('evaluates a pinned Spectral version with the catalog rulesets it extends as they were when it was kept; a followed latest reads their current ones', async () => {
    const baseRepo = h.repo({ '.spectral.yaml': SPECTRAL_OPERATION_IDS });
    const { rulesetId: base } = await h.published(owner, { repoUrl: baseRepo });
    const derived = `description: Ours, on the catalog's.\nextends: catalog:${base}\nrules:\n  info-contact: off\n`;
    const { rulesetId: extending, submission } = await h.published(owner, {
      repoUrl: h.repo({ '.spectral.yaml': derived }),
    });
    const pinnedWs = h.workspace(owner);
    await profile(
      owner,
      { rulesets: [{ rulesetId: extending, version: submission.source_commit }] },
      pinnedWs,
    );
    const latestWs = h.workspace(owner);
    await profile(owner, { rulesets: [{ rulesetId: extending }] }, latestWs);
    const pinned = await api(pinnedWs, { document: { content: OAS3 } });
    const latest = await api(latestWs, { document: { content: OAS3 } });
    const evaluate = async (apiId: string) => {
      const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId });
      const severity = evaluation.findings.find((f) => f.rule === 'operation-id-required')?.severity;
      return { severity, counts: evaluation.counts, conformance: evaluation.conformance };
    };
    const before = await evaluate(pinned.id);
    expect(before.severity).toBe('violation');
    expect(await evaluate(latest.id)).toEqual(before);

    // The extended ruleset's next reviewed version makes its rule a warning.
    h.host.push(baseRepo, {
      '.spectral.yaml': SPECTRAL_OPERATION_IDS.replace('severity: error', 'severity: warn'),
    });
    await h.request(RulesetsRpc.pin, h.admin.ctx, { id: base });

    expect(await evaluate(pinned.id)).toEqual(before);
    expect((await evaluate(latest.id)).severity).toBe('warning');
  });

  it('keeps no document of an evaluation refused: the next one evaluates the document kept before', async () => {
    const ws = h.workspace(owner);
    await profile(owner, {}, ws);
    const pets = await api(ws, { document: { content: OAS3 } });
    const refused = await errorOf(
      h.request(GovernanceRpc.recordEvaluation, owner.ctx, {
        apiId: pets.id,
        document: { content: 'openapi: 3.0.0\ninfo: [unclosed\n' },
      }),
    );
    expect(refused.code).toBe('RULESETS.SPECIFICATION_INVALID');
    expect((await h.request(GovernanceRpc.getApi, owner.ctx, { id: pets.id })).api.documents).toBe(1);
    const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: pets.id });
    expect(evaluation).toMatchObject({ conformance: 50, counts: { violation: 2 } });
  });

  it('applies a profile by tag or scope only; an API no profile governs is not evaluated (422)', async () => {
    const ws = h.workspace(owner);
    await profile(owner, { matchTags: ['public'], matchScopes: ['partner'] }, ws);
    const tagged = await api(ws, { tags: ['public'], document: { content: OAS3 } });
    const scoped = await api(ws, { scope: 'partner', document: { content: OAS3 } });
    const other = await api(ws, { tags: ['internal'], scope: 'internal', document: { content: OAS3 } });
    for (const governed of [tagged, scoped])
      expect(
        (await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: governed.id })).evaluation
          .conformance,
      ).toBe(50);
    expect(await codeOf(h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: other.id }))).toBe(
      'RULESETS.NOT_GOVERNED',
    );
  });

  it('refuses strangers (404) and stops a workspace at its evaluations per hour (429 with Retry-After), its own re-evaluations not counted', async () => {
    const ws = h.workspace(owner);
    await profile(owner, {}, ws);
    const limited = await api(ws, { document: { content: OAS3 } });
    expect(await codeOf(h.request(GovernanceRpc.recordEvaluation, stranger.ctx, { apiId: limited.id }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(h.request(GovernanceRpc.listEvaluations, stranger.ctx, { apiId: limited.id }))).toBe(
      'NOT_FOUND',
    );
    const evaluations = (trigger: string, count: number) =>
      h.sql(
        `INSERT INTO rulesets.api_evaluations (api_id, workspace_id, trigger, run_by, format, digest, rulesets, counts,
           waived, passed_rules, applicable_rules, findings, findings_truncated)
         SELECT $1, $2, $5, $3, 'OAS 3.0', 'd', '[]', '{"violation":0,"warning":0,"info":0}', 0, 0, 0, '[]', false
           FROM generate_series(1, $4)`,
        [limited.id, ws, owner.id, count, trigger],
      );
    // The service's own re-evaluations (a ruleset's new version, a ref that moved) are not what the limit counts.
    await evaluations('ruleset_published', GOVERNANCE_LIMITS.evaluationsPerHour);
    await evaluations('ref_moved', GOVERNANCE_LIMITS.evaluationsPerHour);
    await expect(
      h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: limited.id }),
    ).resolves.toMatchObject({ evaluation: { trigger: 'manual', conformance: 50 } });
    await evaluations('ci', GOVERNANCE_LIMITS.evaluationsPerHour - 1);
    const error = await errorOf(h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: limited.id }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBeGreaterThan(3000);
  });
});
