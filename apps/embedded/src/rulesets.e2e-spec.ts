import { type Json, PROFILE, RulesetsHarness } from './testing/rulesets-e2e';

/**
 * The ruleset journey as a new user tries it, through the gateway over NATS on real PostgreSQL: a
 * repository in the sandbox validates; a broken one says what is wrong and where; it is submitted with
 * tabs, sent back, fixed, resubmitted, approved, found, documented, liked and transferred.
 */
describe('rulesets: the journey through the gateway over NATS', () => {
  const h = new RulesetsHarness();

  beforeAll(() => h.start(), 60_000);
  afterAll(() => h.stop());

  it('validates a sandbox repository with the right counts, names, scopes, registry fields and icon', async () => {
    const user = await h.newUser();
    const repoUrl = await h.newRepo();
    const res = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl, includeBranches: true },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    const v = res.body.validation;
    expect(v).toMatchObject({
      ok: true,
      errors: [],
      ref: 'main',
      subPath: null,
      rulesetPath: 'ruleset.yaml',
      rulesetPathSource: 'registry',
      profile: {
        profileName: 'Payments API Rules',
        ruleNames: [
          'operations-are-secured',
          'amounts-are-decimal',
          'operations-have-descriptions',
          'tools-are-described',
        ],
        ruleCounts: { violation: 2, warning: 1, info: 1 },
        targetClasses: ['apiContract.Operation', 'shapes.ScalarShape', 'mcp.Tool'],
        dialectVersion: '1.0',
      },
      registry: { assetId: 'payments-api-rules', name: 'Payments API Rules', main: 'ruleset.yaml' },
      targetScopes: ['rest-api', 'mcp'],
    });
    expect(v.iconUrl).toContain('icon.svg');
    expect(res.body.branchInfo.defaultBranch).toBe('main');
    expect(res.body.branchInfo.branches.map((b: Json) => b.name)).toContain('main');
  });

  it('validates the seeded demo repositories: a folder of a monorepo by /tree URL, found by discovery', async () => {
    const user = await h.newUser();
    const [rest] = h.sandbox.demo.repositories.rulesets;
    const good = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl: rest },
      { token: user.token },
    );
    expect(good.body.validation.ok).toBe(true);
    expect(good.body.validation.profile.profileName).toBe('REST API Best Practices');
    const folder = `${h.sandbox.demo.repositories.rulesetMonorepo}/tree/main/mcp`;
    const mcp = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl: folder },
      { token: user.token },
    );
    expect(mcp.body.validation).toMatchObject({
      ok: true,
      subPath: 'mcp',
      rulesetPath: 'mcp-tools.yaml',
      rulesetPathSource: 'discovered',
      targetScopes: ['agent', 'mcp'],
    });
    expect(mcp.body.validation.iconUrl).toContain('mcp/icon.svg');
  });

  it('gives each error of the broken demo repositories with its file and line', async () => {
    const user = await h.newUser();
    const errorsOf = async (repoUrl: string, body: Json = {}): Promise<string[]> => {
      const res = await h.http.post<Json>(
        '/api/ruleset-submissions/validate',
        { repoUrl, includeBranches: true, ...body },
        { token: user.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.validation.ok).toBe(false);
      expect(res.body).not.toHaveProperty('branchInfo');
      return res.body.validation.errors;
    };
    const [notProfile, badYaml, badRules, noProfile] = h.sandbox.demo.repositories.brokenRulesets;
    expect(await errorsOf(notProfile)).toEqual([
      'ruleset.yaml:1: not a validation profile: the first line must be "#%Validation Profile 1.0"',
    ]);
    const yaml = await errorsOf(badYaml);
    expect(yaml.length).toBeGreaterThan(0);
    expect(yaml[0]).toMatch(/^ruleset\.yaml:\d+:\d+: YAML does not parse: /);
    expect(await errorsOf(badRules)).toEqual([
      'ruleset.yaml:7: rule "operations-are-secured" is listed under both violation and warning',
      'ruleset.yaml:8: rule "undefined-rule" is listed under warning but validations does not define it',
    ]);
    const none = await errorsOf(noProfile);
    expect(none[0]).toMatch(/^\/: no validation profile found/);
    expect(await errorsOf(h.sandbox.demo.repositories.rulesets[0], { ref: 'no-such-branch' })).toEqual([
      'ref: the branch, tag or commit "no-such-branch" does not exist in the repository',
    ]);
    const gone = `${h.sandbox.urls.sourceHostWeb}/governance/never-created`;
    expect(await errorsOf(gone)).toEqual(['repoUrl: the repository does not exist']);
  });

  it('submits with tabs, is sent back, fixed and resubmitted, approved, found by q and scope, and transferred', async () => {
    const owner = await h.newUser();
    const repoUrl = await h.newRepo();
    const name = `Zanzibar Payments ${h.next()}`;
    const created = await h.http.post<Json>(
      '/api/ruleset-submissions',
      {
        name,
        description: 'Payments API rules: secured operations and decimal amounts.',
        repoUrl,
        docTabs: [
          { key: 'rules', title: 'Rules', bodyMd: 'Two violations, one warning.' },
          { key: 'configuration', title: 'Configuration', bodyMd: 'Nothing to configure.' },
        ],
      },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    const { submission } = created.body;
    expect(submission).toMatchObject({
      status: 'submitted',
      category: 'Other',
      profile_name: 'Payments API Rules',
      rule_counts: { violation: 2, warning: 1, info: 1 },
      target_scopes: ['rest-api', 'mcp'],
      registry_asset_id: 'payments-api-rules',
      revision_count: 0,
      previous_snapshot: null,
    });
    const detail = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}`, {
      token: owner.token,
    });
    expect(detail.body.docTabs.map((t: Json) => [t.key, t.kind])).toEqual([
      ['overview', 'predefined'],
      ['rules', 'predefined'],
      ['examples', 'predefined'],
      ['faq', 'predefined'],
      ['configuration', 'custom'],
    ]);
    expect(detail.body.docTabs[0].bodyMd).toContain('Payments API rules');

    // Under review: the owner sees it, the public does not; the owner cannot edit it now.
    expect((await h.http.get(`/api/rulesets/${submission.ruleset_id}`)).status).toBe(404);
    const own = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`, { token: owner.token });
    expect(own.body.ruleset.lifecycle_status).toBe('under_review');
    const locked = await h.http.patch(
      `/api/ruleset-submissions/${submission.id}`,
      { name: 'Nope' },
      { token: owner.token },
    );
    expect(locked.status).toBe(403);

    // In the administrator's queue, next to policy submissions, saying its kind.
    const queue = await h.http.get<Json>('/api/admin/queue', { cookie: h.admin });
    expect(queue.status).toBe(200);
    expect(queue.body.rulesetSubmissions.map((s: Json) => [s.id, s.kind])).toContainEqual([
      submission.id,
      'ruleset',
    ]);
    expect(Array.isArray(queue.body.submissions)).toBe(true);

    const sentBack = await h.http.post<Json>(
      `/api/admin/ruleset-submissions/${submission.id}/needs-improvement`,
      { feedback: 'Add examples.' },
      { cookie: h.admin },
    );
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.submission).toMatchObject({
      status: 'needs_improvement',
      review_feedback: 'Add examples.',
    });

    const fixed = await h.http.patch<Json>(
      `/api/ruleset-submissions/${submission.id}`,
      {
        category: 'Security',
        tags: ['payments'],
        docTabs: [{ key: 'examples', title: '', bodyMd: 'An example.' }],
      },
      { token: owner.token },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.submission).toMatchObject({
      status: 'needs_improvement',
      category: 'Security',
      revision_count: 1,
    });
    expect(fixed.body.submission.previous_snapshot).toMatchObject({ category: 'Other', tags: [] });

    const resubmitted = await h.http.patch<Json>(
      `/api/ruleset-submissions/${submission.id}`,
      { resubmit: true },
      { token: owner.token },
    );
    expect(resubmitted.body.submission.status).toBe('submitted');

    const approved = await h.http.post<Json>(
      `/api/admin/ruleset-submissions/${submission.id}/approve`,
      {},
      { cookie: h.admin },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.submission.status).toBe('approved');

    const history = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}/history`, {
      token: owner.token,
    });
    expect(history.body.entries.map((e: Json) => e.action)).toEqual([
      'approved',
      'resubmitted',
      'edited',
      'needs_improvement',
      'submitted',
    ]);
    const edit = history.body.entries.find((e: Json) => e.action === 'edited');
    expect(edit).toMatchObject({ revision_count: 1, fields: ['category', 'tags', 'docTabs'] });
    expect(edit.previous_snapshot.category).toBe('Other');

    // Public now: found by q (a prefix of a word of the name) and by scope (agent-network is agent's alias).
    const ruleset = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`);
    expect(ruleset.status).toBe(200);
    expect(ruleset.body.ruleset).toMatchObject({
      source: 'community',
      name,
      category: 'Security',
      lifecycle_status: 'published',
      owner_username: owner.username,
      rule_names: submission.rule_names,
    });
    const byQ = await h.http.get<Json>('/api/rulesets?q=zanzib');
    expect(byQ.body.rulesets.map((r: Json) => r.id)).toContain(submission.ruleset_id);
    const byScope = await h.http.get<Json>('/api/rulesets?scope=mcp&category=Security');
    expect(byScope.body.rulesets.map((r: Json) => r.id)).toContain(submission.ruleset_id);
    const notAgent = await h.http.get<Json>('/api/rulesets?scope=agent-network');
    expect(notAgent.body.rulesets.map((r: Json) => r.id)).not.toContain(submission.ruleset_id);

    // Published with its tabs; the public sees only the overview and tabs with content.
    const docs = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}/docs`);
    expect(docs.body.canEdit).toBe(false);
    expect(docs.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'examples']);
    expect(docs.body.completeness).toEqual({ filled: 2, total: 4, ratio: 0.5 });

    // Transferred: the catalog asks this service whose it is; accepting moves it.
    const recipient = await h.newUser();
    const stranger = await h.newUser();
    const refused = await h.http.post(
      `/api/rulesets/${submission.ruleset_id}/transfers`,
      { recipientUsername: recipient.username },
      { token: stranger.token },
    );
    expect(refused.status).toBe(403);
    const offer = await h.http.post<Json>(
      `/api/rulesets/${submission.ruleset_id}/transfers`,
      { recipientUsername: `@${recipient.username}` },
      { token: owner.token },
    );
    expect(offer.status).toBe(201);
    expect(offer.body.transfer.to_user_id).toBe(recipient.id);
    const accepted = await h.http.post<Json>(
      `/api/transfers/${offer.body.transfer.id}/accept`,
      {},
      { token: recipient.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ resourceType: 'ruleset', resourceId: submission.ruleset_id });
    const moved = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`);
    expect(moved.body.ruleset.owner_username).toBe(recipient.username);
    expect(
      (await h.http.get(`/api/ruleset-submissions/${submission.id}`, { token: recipient.token })).status,
    ).toBe(200);
    expect(
      (await h.http.get(`/api/ruleset-submissions/${submission.id}`, { token: owner.token })).status,
    ).toBe(404);
    const patched = await h.http.patch<Json>(
      `/api/rulesets/${submission.ruleset_id}`,
      { examplesUrl: 'https://examples.example/payments' },
      { token: recipient.token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.ruleset.examples_url).toBe('https://examples.example/payments');
    expect(
      (
        await h.http.patch(
          `/api/rulesets/${submission.ruleset_id}`,
          { examplesUrl: '' },
          { token: owner.token },
        )
      ).status,
    ).toBe(403);
  });

  it('keeps a broken repository out with 422 and the whole report', async () => {
    const user = await h.newUser();
    const repoUrl = await h.newRepo({ 'ruleset.yaml': PROFILE.replace('#%Validation Profile 1.0\n', '') });
    const res = await h.http.post<Json>(
      '/api/ruleset-submissions',
      { name: 'Broken', description: 'A profile without its header line.', repoUrl },
      { token: user.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('RULESETS.VALIDATION_FAILED');
    expect(res.body.validation.errors[0]).toMatch(/^ruleset\.yaml:1: not a validation profile/);
    expect(
      (await h.http.get<Json>('/api/ruleset-submissions', { token: user.token })).body.submissions,
    ).toEqual([]);
  });
});
