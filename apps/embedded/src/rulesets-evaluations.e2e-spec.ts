import { ASYNC, OAS3, OPERATION_IDS, RAML } from '@pc/testing';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

/**
 * The evaluation routes on the wire, with the real engines: a community ruleset (its profile read from
 * its repository on the sandbox source host), a vendor ruleset, several at once, a multi-file
 * specification from a repository, and each error status; submission validation with the engine.
 */
describe('ruleset evaluations through the gateway over NATS', () => {
  jest.setTimeout(240_000);
  const h = new RulesetsHarness();
  let owner: TestUser;
  let other: TestUser;
  let published: string;

  beforeAll(async () => {
    await h.start();
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

  it('POST /rulesets/{id}/evaluations: every result with rule, severity, message, file, line, column and model path', async () => {
    const res = await evaluate(`/api/rulesets/${published}/evaluations`, inline(OAS3));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      specification: { format: 'OAS 3.0', files: ['api.yaml'], parsed: true },
      conforms: false,
      counts: { violation: 1, warning: 0, info: 0 },
    });
    expect(res.body.evaluations).toEqual([
      {
        ruleset: {
          source: 'community',
          id: published,
          slug: null,
          name: expect.any(String),
          profileName: 'Operation ids',
        },
        conforms: false,
        counts: { violation: 1, warning: 0, info: 0 },
        results: [
          {
            rule: 'operation-id-required',
            severity: 'violation',
            message: 'Every operation needs an operationId.',
            file: 'api.yaml',
            line: 13,
            column: 5,
            modelPath: '/endpoint[/pets]/supportedOperation[post]',
          },
        ],
        truncated: false,
        cached: false,
      },
    ]);
    const again = await evaluate(`/api/rulesets/${published}/evaluations`, inline(OAS3));
    expect(again.body.evaluations[0].cached).toBe(true);
    expect(again.body.specification.parsed).toBe(false);
  });

  it('POST /vendor-rulesets/{slug}/evaluations: a RAML 1.0 document against a vendor ruleset; 404 for an unknown slug', async () => {
    const res = await evaluate(
      '/api/vendor-rulesets/api-documentation-basics/evaluations',
      inline(RAML, 'api.raml'),
    );
    expect(res.status).toBe(200);
    expect(res.body.specification.format).toBe('RAML 1.0');
    expect(res.body.evaluations[0].ruleset).toMatchObject({
      source: 'vendor',
      slug: 'api-documentation-basics',
    });
    expect(
      res.body.evaluations[0].results.map((r: Json) => [r.rule, r.severity, r.file, r.line]).sort(),
    ).toEqual([
      ['operation-summary', 'warning', 'api.raml', 4],
      ['response-description', 'info', 'api.raml', 7],
    ]);
    expect((await evaluate('/api/vendor-rulesets/no-such-rules/evaluations', inline(RAML))).status).toBe(404);
  });

  it('POST /ruleset-evaluations: several rulesets on one document, parsed once, a report for each', async () => {
    const res = await evaluate('/api/ruleset-evaluations', {
      rulesets: [{ id: published }, { slug: 'api-documentation-basics' }, { slug: 'owasp-api-top-ten' }],
      ...inline(ASYNC),
    });
    expect(res.status).toBe(200);
    expect(res.body.specification).toMatchObject({ format: 'ASYNC 2.0', parsed: true });
    expect(res.body.evaluations.map((e: Json) => [e.ruleset.id ?? e.ruleset.slug, e.conforms])).toEqual([
      [published, false],
      ['api-documentation-basics', false],
      ['owasp-api-top-ten', false],
    ]);
    const total = res.body.evaluations.reduce((n: number, e: Json) => n + (e.counts.violation as number), 0);
    expect(res.body.counts.violation).toBe(total);
  });

  it('reads a multi-file specification from a repository on the source host, relative references resolved', async () => {
    const { webUrl } = await h.control.createRepository({
      owner: 'apis',
      name: `pets-${h.next()}`,
      files: {
        'spec/api.yaml':
          'openapi: 3.0.0\ninfo:\n  title: Multi\n  version: 1.0.0\npaths:\n  /pets:\n    $ref: "./paths/pets.yaml"\n',
        'spec/paths/pets.yaml': "get:\n  responses:\n    '200':\n      description: ok\n",
        'README.md': 'not read',
      },
    });
    const res = await evaluate(`/api/rulesets/${published}/evaluations`, {
      specification: { repoUrl: webUrl, path: 'spec/api.yaml' },
    });
    expect(res.status).toBe(200);
    expect(res.body.specification.files).toEqual(['spec/api.yaml', 'spec/paths/pets.yaml']);
    expect(res.body.evaluations[0].results.map((r: Json) => [r.file, r.line])).toEqual([
      ['spec/paths/pets.yaml', 1],
    ]);
    const missing = await evaluate(`/api/rulesets/${published}/evaluations`, {
      specification: { repoUrl: webUrl, path: 'spec/none.yaml' },
    });
    expect(missing.status).toBe(422);
  });

  it('answers 422 with the parser findings and their locations for a document that does not parse or is not an API', async () => {
    const broken = await evaluate(
      `/api/rulesets/${published}/evaluations`,
      inline('openapi: 3.0.0\ninfo:\n  title: Bad\npaths:\n  /x:\n    get:\n      responses: [1, 2\n'),
    );
    expect(broken.status).toBe(422);
    expect(broken.body.findings[0]).toMatchObject({ severity: 'violation', file: 'api.yaml', line: 7 });
    const prose = await evaluate(`/api/rulesets/${published}/evaluations`, inline('hello: world\n'));
    expect(prose.status).toBe(422);
    expect(prose.body.findings[0].message).toMatch(/Not an API specification/);
  });

  it('answers 413 over the size limit, 400 to a malformed body, 401 without a token', async () => {
    const big = `openapi: 3.0.0\n# ${'x'.repeat(600 * 1024)}\n`;
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

  it('evaluates an unpublished ruleset for its owner only (404 to anyone else)', async () => {
    const { submission } = (await h.submit(owner.token, {
      repoUrl: await h.newRepo({ 'ruleset.yaml': OPERATION_IDS }),
    })) as { submission: { ruleset_id: string } };
    const path = `/api/rulesets/${submission.ruleset_id}/evaluations`;
    expect((await evaluate(path, inline(OAS3), other.token)).status).toBe(404);
    expect((await evaluate(path, inline(OAS3), owner.token)).status).toBe(200);
  });

  it('submission validation runs the profile through the engine and evaluates the examples of the layout', async () => {
    const broken = await h.newRepo({
      'ruleset.yaml': OPERATION_IDS.replace(
        / {4}propertyConstraints:\n {6}core.name:\n {8}minCount: 1\n/,
        '',
      ),
    });
    const refused = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl: broken },
      { token: owner.token },
    );
    expect(refused.body.validation.ok).toBe(false);
    expect(refused.body.validation.errors).toEqual([
      expect.stringMatching(/^ruleset\.yaml:8: the validation engine refuses the profile: .*at \[8,5\]$/),
    ]);

    const tested = await h.newRepo({
      'ruleset.yaml': OPERATION_IDS,
      'examples/conforming/good.yaml': OAS3.replace('    post:\n', '    post:\n      operationId: addPet\n'),
      'examples/conforming/bad.yaml': OAS3,
      'examples/non-conforming/also-good.yaml': OAS3.replace(
        '    post:\n',
        '    post:\n      operationId: addPet\n',
      ),
    });
    const res = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl: tested },
      { token: owner.token },
    );
    // Examples that misfire are reported (with where), not refused: the ruleset's page shows them.
    expect(res.body.validation.ok).toBe(true);
    expect(res.body.validation.warnings).toEqual(
      expect.arrayContaining([
        'examples/conforming/bad.yaml:13: rule "operation-id-required" fires on a conforming example (Every operation needs an operationId.)',
        'examples/non-conforming/: rule "operation-id-required" fires on no non-conforming example',
      ]),
    );
    const failing = {
      passed: false,
      conforming: 2,
      nonConforming: 1,
      rules: [{ rule: 'operation-id-required', fired: false }],
    };
    expect(res.body.validation).toMatchObject({ evaluable: true, examples: failing });

    // Kept at submission and shown with the ruleset, to its owner while under review and to anyone once
    // published (the approved content's check).
    const { submission } = (await h.submit(owner.token, { repoUrl: tested })) as {
      submission: { id: string; ruleset_id: string };
    };
    const underReview = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`, {
      token: owner.token,
    });
    expect(underReview.body.ruleset.engine_check).toEqual({
      evaluable: true,
      examples: failing,
      checked_at: expect.any(String),
    });
    const { rulesetId } = await h.published(owner.token, {
      repoUrl: await h.newRepo({
        'ruleset.yaml': OPERATION_IDS,
        'examples/conforming/good.yaml': OAS3.replace(
          '    post:\n',
          '    post:\n      operationId: addPet\n',
        ),
        'examples/non-conforming/bad.yaml': OAS3,
      }),
    });
    const seen = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
    expect(seen.body.ruleset.engine_check).toMatchObject({
      evaluable: true,
      examples: {
        passed: true,
        conforming: 1,
        nonConforming: 1,
        rules: [{ rule: 'operation-id-required', fired: true }],
      },
    });
  });

  it('answers 422 RULESETS.NOT_EVALUABLE for a ruleset of MCP servers or agents, which says so before anyone tries', async () => {
    // The harness's default profile validates MCP tools beside REST operations (mcp.Tool).
    const { rulesetId } = await h.published(owner.token, { repoUrl: await h.newRepo() });
    const ruleset = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
    expect(ruleset.body.ruleset.engine_check).toMatchObject({ evaluable: false, examples: null });
    const community = await evaluate(`/api/rulesets/${rulesetId}/evaluations`, inline(OAS3));
    expect(community.status).toBe(422);
    expect(community.body.code).toBe('RULESETS.NOT_EVALUABLE');
    expect(community.body.message).toMatch(/mcp\.Tool/);

    const vendor = await h.http.get<Json>('/api/vendor-rulesets/mcp-server-hygiene');
    expect(vendor.body.ruleset.evaluable).toBe(false);
    expect(
      (await h.http.get<Json>('/api/vendor-rulesets/api-documentation-basics')).body.ruleset.evaluable,
    ).toBe(true);
    const refused = await evaluate('/api/vendor-rulesets/mcp-server-hygiene/evaluations', inline(OAS3));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('RULESETS.NOT_EVALUABLE');
  });
});
