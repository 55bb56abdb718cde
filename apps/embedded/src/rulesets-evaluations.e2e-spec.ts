import { EVALUATION_LIMITS } from '@pc/contracts';
import { largeOpenApi31, OAS3, OPERATION_IDS, RAML, SPECTRAL_OPERATION_ID_ONLY } from '@pc/testing';
import { EvaluatorPool, type RulesetsEnv } from '@pc/rulesets';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

/**
 * A document of `bytes` (at most, and within 64 bytes) whose 600-odd operations without an operationId
 * are more findings than a report returns; the rest of its size is one long description. Spectral
 * spends its time on each finding's location (tens of seconds of CPU for the 6,000-odd of a document of
 * operations only), not on the size, which is what is tested here.
 */
function manyFindingsIn(bytes: number): string {
  const doc = largeOpenApi31(512 * 1024);
  const description = '  description: A generated document.\n';
  const filler = 'x'.repeat(bytes - Buffer.byteLength(doc) - 64);
  return doc.replace(description, `  description: A generated document. ${filler}\n`);
}

/**
 * The evaluation routes on the wire, with the real engine (the one file of the ruleset e2e files that
 * loads it): each route's success and error statuses, a specification read from a repository on the
 * sandbox, and the seeded demo repositories validated. The report of each result, the cache, the
 * parser's findings, rulesets the engine cannot evaluate and submission validation's engine checks are
 * tested at the service level: apps/rulesets/src/evaluation/evaluation.integration-spec.ts (Spectral
 * rulesets: spectral.integration-spec.ts).
 */
describe('ruleset evaluations through the gateway over NATS', () => {
  jest.setTimeout(240_000);
  const h = new RulesetsHarness();
  let owner: TestUser;
  let other: TestUser;
  let published: string;

  beforeAll(async () => {
    // A 5 MiB document takes tens of seconds on a loaded machine: the time limit is not what is tested.
    await h.start({ seed: true, env: { EVALUATION_TIMEOUT_MS: '280000' } });
    owner = await h.newUser();
    other = await h.newUser();
    ({ rulesetId: published } = await h.published(owner.token, {
      repoUrl: await h.newRepo({ 'ruleset.yaml': OPERATION_IDS }),
    }));
  }, 240_000);
  afterAll(() => h.stop());

  const evaluate = (path: string, body: Json, token = other.token) =>
    h.http.post<Json>(path, body, { token });
  const inline = (content: string, filename?: string) => ({ specification: { content, filename } });
  /** A repository on the sandbox whose `spec/api.yaml` references `spec/paths/pets.yaml`: its web URL. */
  const multiFileSpecification = async () =>
    (
      await h.control.createRepository({
        owner: 'apis',
        name: `pets-${h.next()}`,
        files: {
          'spec/api.yaml':
            'openapi: 3.0.0\ninfo:\n  title: Multi\n  version: 1.0.0\npaths:\n  /pets:\n    $ref: "./paths/pets.yaml"\n',
          'spec/paths/pets.yaml': "get:\n  responses:\n    '200':\n      description: ok\n",
        },
      })
    ).webUrl;

  it('POST /rulesets/{id}/evaluations: 200 with the report (each finding with its line and JSON pointer); 404 to an unpublished one of another user', async () => {
    const res = await evaluate(`/api/rulesets/${published}/evaluations`, inline(OAS3));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ specification: { format: 'OAS 3.0' }, conforms: false });
    expect(res.body.evaluations[0].results[0]).toMatchObject({
      rule: 'operation-id-required',
      line: 13,
      pointer: '#/paths/~1pets/post',
    });
    const { submission } = (await h.submit(owner.token, {
      repoUrl: await h.newRepo({ 'ruleset.yaml': OPERATION_IDS }),
    })) as { submission: { ruleset_id: string } };
    const path = `/api/rulesets/${submission.ruleset_id}/evaluations`;
    expect((await evaluate(path, inline(OAS3), other.token)).status).toBe(404);
    expect((await evaluate(path, inline(OAS3), owner.token)).status).toBe(200);
  });

  it('POST /vendor-rulesets/{slug}/evaluations and /ruleset-evaluations: 200, 404 for an unknown slug', async () => {
    const vendor = await evaluate(
      '/api/vendor-rulesets/api-documentation-basics/evaluations',
      inline(RAML, 'api.raml'),
    );
    expect(vendor.status).toBe(200);
    expect(vendor.body.evaluations[0].ruleset).toMatchObject({
      source: 'vendor',
      slug: 'api-documentation-basics',
    });
    expect((await evaluate('/api/vendor-rulesets/no-such-rules/evaluations', inline(RAML))).status).toBe(404);
    const several = await evaluate('/api/ruleset-evaluations', {
      rulesets: [{ id: published }, { slug: 'api-documentation-basics' }],
      ...inline(OAS3),
    });
    expect(several.status).toBe(200);
    expect(several.body.evaluations.map((e: Json) => e.ruleset.id ?? e.ruleset.slug)).toEqual([
      published,
      'api-documentation-basics',
    ]);
  });

  it('reads a multi-file specification from a repository on the source host (200); 422 for a missing file', async () => {
    const webUrl = await multiFileSpecification();
    const res = await evaluate(`/api/rulesets/${published}/evaluations`, {
      specification: { repoUrl: webUrl, path: 'spec/api.yaml' },
    });
    expect(res.status).toBe(200);
    expect(res.body.specification.files).toEqual(['spec/api.yaml', 'spec/paths/pets.yaml']);
    const missing = await evaluate(`/api/rulesets/${published}/evaluations`, {
      specification: { repoUrl: webUrl, path: 'spec/none.yaml' },
    });
    expect(missing.status).toBe(422);
  });

  it('answers 422 with the findings, 413 over the size limit, 400 to a malformed body, 401 without a token', async () => {
    const broken = await evaluate(
      `/api/rulesets/${published}/evaluations`,
      inline('openapi: 3.0.0\ninfo:\n  title: Bad\npaths:\n  /x:\n    get:\n      responses: [1, 2\n'),
    );
    expect(broken.status).toBe(422);
    expect(broken.body.findings[0]).toMatchObject({ severity: 'violation', file: 'api.yaml', line: 7 });
    const big = `openapi: 3.0.0\n# ${'x'.repeat(EVALUATION_LIMITS.specificationBytes)}\n`;
    expect((await evaluate(`/api/rulesets/${published}/evaluations`, inline(big))).status).toBe(413);
    for (const body of [
      {},
      { specification: {} },
      { specification: { content: 5 } },
      { specification: { content: 'x', filename: '../a' } },
    ]) {
      expect([(await evaluate(`/api/rulesets/${published}/evaluations`, body)).status, body]).toEqual([
        400,
        body,
      ]);
    }
    expect((await evaluate('/api/ruleset-evaluations', { rulesets: [], ...inline(OAS3) })).status).toBe(400);
    expect((await h.http.post(`/api/rulesets/${published}/evaluations`, inline(OAS3))).status).toBe(401);
  });

  it('answers 422 RULESETS.NOT_EVALUABLE for a ruleset of MCP servers, whose page says so (engine_check)', async () => {
    // The harness's default profile validates MCP tools beside REST operations (mcp.Tool).
    const { rulesetId } = await h.published(owner.token, { repoUrl: await h.newRepo() });
    const ruleset = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
    expect(ruleset.body.ruleset.engine_check).toMatchObject({ evaluable: false, examples: null });
    const community = await evaluate(`/api/rulesets/${rulesetId}/evaluations`, inline(OAS3));
    expect(community.status).toBe(422);
    expect(community.body.code).toBe('RULESETS.NOT_EVALUABLE');
    expect((await h.http.get<Json>('/api/vendor-rulesets/mcp-server-hygiene')).body.ruleset.evaluable).toBe(
      false,
    );
  });

  // Here, not in rulesets.e2e-spec.ts: the REST demo's profile is one the engine checks.
  it('validates the seeded demo repositories: a folder of a monorepo by /tree URL, found by discovery', async () => {
    const [rest] = h.sandbox.demo.repositories.rulesets;
    const good = await h.validate(owner.token, { repoUrl: rest });
    expect(good.body.validation.ok).toBe(true);
    expect(good.body.validation.profile.profileName).toBe('REST API Best Practices');
    const folder = `${h.sandbox.demo.repositories.rulesetMonorepo}/tree/main/mcp`;
    const mcp = await h.validate(owner.token, { repoUrl: folder });
    expect(mcp.body.validation).toMatchObject({
      ok: true,
      subPath: 'mcp',
      rulesetPath: 'mcp-tools.yaml',
      rulesetPathSource: 'discovered',
      targetScopes: ['agent', 'mcp'],
    });
    expect(mcp.body.validation.iconUrl).toContain('mcp/icon.svg');
  });
  it('a Spectral ruleset: submitted from the seeded repository, its format, rules and rules tab shown, evaluated through the same route with $refs between files; a custom function refused (422) with its line', async () => {
    const repoUrl = h.sandbox.demo.repositories.spectralRuleset!;
    const { rulesetId } = await h.published(owner.token, { repoUrl });
    const { ruleset } = (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body;
    expect(ruleset).toMatchObject({ ruleset_format: 'spectral', ruleset_path: '.spectral.yaml' });
    expect(ruleset.rule_names).toContain('operation-id-required');
    expect(ruleset.engine_check).toMatchObject({ evaluable: true, format: 'spectral' });
    const docs = (await h.http.get<Json>(`/api/rulesets/${rulesetId}/docs`)).body;
    expect(docs.tabs.find((t: Json) => t.key === 'rules').bodyMd).toContain(
      '**operation-id-required** (violation): Every operation has an operationId.',
    );
    const webUrl = await multiFileSpecification();
    const res = await evaluate(`/api/rulesets/${rulesetId}/evaluations`, {
      specification: { repoUrl: webUrl, path: 'spec/api.yaml' },
    });
    expect(res.status).toBe(200);
    const results = res.body.evaluations[0].results as Json[];
    // The operation lives in the referenced file: the finding names it, its line and its pointer there.
    expect(results.find((r) => r.rule === 'operation-id-required')).toMatchObject({
      severity: 'violation',
      file: 'spec/paths/pets.yaml',
      line: 1,
    });
    expect(results.map((r) => r.rule)).not.toContain('invalid-ref');

    const custom = await h.control.createRepository({
      owner: 'governance',
      name: `spectral-${h.next()}`,
      files: {
        '.spectral.yaml':
          'description: Runs code.\nfunctions: [stealSecrets]\nrules:\n  x:\n    given: $\n    then:\n      function: stealSecrets\n',
      },
    });
    const refused = await h.http.post<Json>(
      '/api/ruleset-submissions',
      { name: `Custom ${h.next()}`, description: 'Custom functions.', repoUrl: custom.webUrl },
      { token: owner.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('RULESETS.VALIDATION_FAILED');
    expect(JSON.stringify(refused.body)).toContain(
      '.spectral.yaml:2: custom function \\"stealSecrets\\" is refused',
    );
  });
  it('evaluates a 5 MiB specification sent inline (it crosses the bus in parts); a 6 MB one is 413 naming the limit', async () => {
    // Its own rule only: what is tested is the size, not how long the built-in rules take (bench/).
    const { webUrl } = await h.control.createRepository({
      owner: 'governance',
      name: `spectral-${h.next()}`,
      files: {
        '.spectral.yaml': SPECTRAL_OPERATION_ID_ONLY,
      },
    });
    const { rulesetId } = await h.published(owner.token, { repoUrl: webUrl });
    const doc = manyFindingsIn(EVALUATION_LIMITS.specificationBytes);
    expect(Buffer.byteLength(doc)).toBeGreaterThan(EVALUATION_LIMITS.specificationBytes - 4096);
    const res = await evaluate(`/api/rulesets/${rulesetId}/evaluations`, inline(doc));
    expect(res.status).toBe(200);
    expect(res.body.specification).toMatchObject({ format: 'OAS 3.1', files: ['api.yaml'] });
    const posts = doc.split('\n    post:\n').length - 1;
    expect(posts).toBeGreaterThan(EVALUATION_LIMITS.resultsPerRuleset);
    expect(res.body.evaluations[0].counts.violation).toBe(posts);
    expect(res.body.evaluations[0].results).toHaveLength(EVALUATION_LIMITS.resultsPerRuleset);
    expect(res.body.evaluations[0].truncated).toBe(true);
    const tooLarge = await evaluate(
      `/api/rulesets/${rulesetId}/evaluations`,
      inline(largeOpenApi31(6_000_000)),
    );
    expect(tooLarge.status).toBe(413);
    expect(JSON.stringify(tooLarge.body)).toContain(String(EVALUATION_LIMITS.specificationBytes));
  });

  /**
   * The time limit on the wire: with a limit no evaluation meets, an evaluation is stopped, answered 422
   * naming the limit and its variable (a document too slow for the engine, not a service that failed:
   * never 504 or 500), and the service keeps answering. The service reads EVALUATION_TIMEOUT_MS at each
   * evaluation: the limit is set on this system's evaluator for this case (last in the file, as it ends
   * the evaluator's thread), instead of a second system started for one case.
   */
  it('answers 422 naming EVALUATION_TIMEOUT_MS past the time limit, twice (the thread replaced), and the service still answers its reads', async () => {
    const run = EvaluatorPool.prototype.run;
    const limited: RulesetsEnv[] = [];
    const spy = jest.spyOn(EvaluatorPool.prototype, 'run').mockImplementation(function (
      this: EvaluatorPool,
      ...args
    ) {
      const env = (this as unknown as { env: RulesetsEnv }).env;
      if (!limited.includes(env)) limited.push(env);
      env.EVALUATION_TIMEOUT_MS = 100;
      return run.apply(this, args);
    });
    try {
      // A document no earlier case evaluated (one from the cache would not reach the evaluator), large
      // enough that even a warm engine takes far longer than the limit, under the AMF engine's size limit.
      const content = largeOpenApi31(200 * 1024);
      for (const attempt of [1, 2]) {
        const res = await h.http.post<Json>(
          '/api/vendor-rulesets/api-documentation-basics/evaluations',
          { specification: { content } },
          { token: other.token },
        );
        expect({ attempt, status: res.status, code: res.body.code }).toEqual({
          attempt,
          status: 422,
          code: 'UNPROCESSABLE',
        });
        expect(res.body.message).toContain('time limit (EVALUATION_TIMEOUT_MS, 100 ms)');
      }
      expect(limited).toHaveLength(1);
      expect((await h.http.get<Json>('/api/rulesets')).status).toBe(200);
    } finally {
      spy.mockRestore();
      for (const env of limited) env.EVALUATION_TIMEOUT_MS = 280_000;
    }
  });
});
