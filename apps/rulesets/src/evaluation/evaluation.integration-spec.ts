import {
  EVALUATION_LIMITS,
  type EvaluatedRulesetRef,
  RulesetEvaluationRpc,
  RulesetsRpc,
  type SpecificationInput,
} from '@pc/contracts';
import {
  aliasNestedSpecification,
  ASYNC,
  ASYNC26,
  ASYNC3,
  OAS2,
  OAS3,
  OAS31,
  largeOpenApi31,
  OPERATION_IDS,
  RAML,
  SPECTRAL_OPERATION_IDS,
} from '@pc/testing';
import { codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';
import { OAS3_MISSING_OPERATION_ID } from '../testing/evaluation-fixtures';
import { RulesetsEnv } from '../rulesets.env';
import { EvaluatorPool } from './evaluator.pool';
import type { EvaluatorTask } from './engine/evaluation.worker';

/** The time limit of the tests of shared time limits: the service reads EVALUATION_TIMEOUT_MS at each request. */
const SHORT_LIMIT_MS = 4_000;
/** What a validation's warning says of its time limit at SHORT_LIMIT_MS. */
const RAN_OUT = `a validation's checks on the evaluator run within one time limit from its start, waits for a thread included (${SHORT_LIMIT_MS} ms: EVALUATION_TIMEOUT_MS, at most ${EVALUATION_LIMITS.validationEvaluatorMs} ms for a validation), and it ran out`;

/** A profile for MCP servers (mcp.Tool): not in the AMF model the engine reads. */
const MCP_PROFILE = `#%Validation Profile 1.0
profile: Tool Rules
violation:
  - tools-are-described
validations:
  tools-are-described:
    message: Describe MCP tools.
    targetClass: mcp.Tool
    propertyConstraints:
      core.name:
        minCount: 1
`;
const GOOD = OAS3.replace('    post:\n', '    post:\n      operationId: addPet\n');

/**
 * A ruleset repository whose profile is one of its own (its message starts with `note`, so no other
 * test's check answers for it), with two conforming examples and a non-conforming one.
 */
function withTwoGoodExamples(note: string, assetId: string): Record<string, string> {
  return {
    'ruleset.yaml': OPERATION_IDS.replace('Every operation needs', `${note}, every operation needs`),
    'registry.json': `{"assetId": "${assetId}"}`,
    'examples/conforming/a-good.yaml': GOOD,
    'examples/conforming/b-good.yaml': GOOD.replace('title:', 'title: B'),
    'examples/non-conforming/bad.yaml': OAS3,
  };
}

/**
 * Evaluating specifications with the real engine at the service level: the report of each result, the
 * cache, vendor and several rulesets, a specification read from a repository, the parser's findings,
 * who may evaluate an unpublished ruleset, rulesets the engine cannot evaluate, and submission
 * validation's engine checks (the profile compiled, the examples evaluated). The routes' statuses stay
 * in rulesets-evaluations.e2e-spec.ts.
 */
describe('ruleset evaluations (service level, the engine)', () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let other: TestUser;
  let published: string;

  beforeAll(async () => {
    owner = h.user();
    other = h.user();
    ({ rulesetId: published } = await h.published(owner, {
      repoUrl: h.repo({ 'ruleset.yaml': OPERATION_IDS }),
    }));
  });

  /**
   * Runs `body` with EVALUATION_TIMEOUT_MS at SHORT_LIMIT_MS, and the evaluator's answer on the first task
   * `slow` picks handed back past that limit (as from an engine that took it): the real engines run, only
   * the time one of them takes is set.
   */
  async function withSlowTask<T>(slow: (task: EvaluatorTask) => boolean, body: () => Promise<T>) {
    const env = h.get(RulesetsEnv);
    const pool = h.get(EvaluatorPool);
    // The AMF parser's first document takes seconds: not within the short limit.
    await pool.run({
      kind: 'evaluate',
      files: { 'api.yaml': OAS3 },
      main: 'api.yaml',
      profiles: [OPERATION_IDS],
    });
    const run = pool.run.bind(pool);
    const kept = env.EVALUATION_TIMEOUT_MS;
    let slowed = false;
    /** The tasks the engines answered. */
    const ran: EvaluatorTask[] = [];
    const spy = jest.spyOn(pool, 'run').mockImplementation(async (task, options) => {
      const outcome = await run(task, options);
      ran.push(task);
      if (!slowed && slow(task)) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, SHORT_LIMIT_MS + 500));
      }
      return outcome;
    });
    env.EVALUATION_TIMEOUT_MS = SHORT_LIMIT_MS;
    try {
      return { result: await body(), ran };
    } finally {
      env.EVALUATION_TIMEOUT_MS = kept;
      spy.mockRestore();
    }
  }

  const evaluate = (
    specification: SpecificationInput,
    rulesets: EvaluatedRulesetRef[] = [{ id: published }],
    who = other,
  ) => h.request(RulesetEvaluationRpc.evaluate, who.ctx, { rulesets, specification });

  it('reports every result with rule, severity, message, file, line, column, JSON pointer and model path; the second time from the cache', async () => {
    const report = await evaluate({ content: OAS3 });
    expect(report).toMatchObject({
      specification: { format: 'OAS 3.0', files: ['api.yaml'], parsed: true },
      conforms: false,
      counts: { violation: 1, warning: 0, info: 0 },
    });
    expect(report.evaluations).toEqual([
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
        results: [OAS3_MISSING_OPERATION_ID],
        truncated: false,
        cached: false,
      },
    ]);
    const again = await evaluate({ content: OAS3 });
    expect(again.evaluations[0].cached).toBe(true);
    expect(again.specification.parsed).toBe(false);
  });

  it('evaluates a RAML 1.0 document against a vendor ruleset; NOT_FOUND for an unknown slug', async () => {
    const report = await evaluate({ content: RAML, filename: 'api.raml' }, [
      { slug: 'api-documentation-basics' },
    ]);
    expect(report.specification.format).toBe('RAML 1.0');
    expect(report.evaluations[0].ruleset).toMatchObject({
      source: 'vendor',
      slug: 'api-documentation-basics',
    });
    expect(report.evaluations[0].results.map((r) => [r.rule, r.severity, r.file, r.line]).sort()).toEqual([
      ['operation-summary', 'warning', 'api.raml', 4],
      ['response-description', 'info', 'api.raml', 7],
    ]);
    expect(await codeOf(evaluate({ content: RAML }, [{ slug: 'no-such-rules' }]))).toBe('NOT_FOUND');
  });

  it('evaluates every version the engine parses, each finding with its file, line, column and JSON pointer', async () => {
    const versions: Array<[string, SpecificationInput]> = [
      ['OAS 2.0', { content: OAS2, filename: 'api.json' }],
      ['OAS 3.0', { content: OAS3 }],
      ['OAS 3.1', { content: OAS31 }],
      ['RAML 1.0', { content: RAML, filename: 'api.raml' }],
      // A title of its own: the document of another test, cached, would not be parsed there.
      ['ASYNC 2.0', { content: ASYNC.replace('title: Orders', 'title: Versions') }],
      ...[1, 2, 3, 4, 5].map((minor): [string, SpecificationInput] => [
        `ASYNC 2.${minor}`,
        { content: ASYNC26.replace('2.6.0', `2.${minor}.0`) },
      ]),
      ['ASYNC 2.6', { content: ASYNC26 }],
    ];
    const seen = [];
    for (const [, specification] of versions) {
      const report = await evaluate(specification);
      seen.push([
        report.specification.format,
        report.evaluations[0].results.map((r) => [r.file, r.line, r.column, r.pointer]),
      ]);
    }
    expect(seen).toEqual([
      ['OAS 2.0', [['api.json', 6, 7, '#/paths/~1pets/get']]],
      ['OAS 3.0', [['api.yaml', 13, 5, '#/paths/~1pets/post']]],
      ['OAS 3.1', [['api.yaml', 14, 5, '#/webhooks/newPet/post']]],
      ['RAML 1.0', [['api.raml', 4, 3, '#/~1pets/get']]],
      ['ASYNC 2.0', [['api.yaml', 7, 5, '#/channels/orders/subscribe']]],
      ...[1, 2, 3, 4, 5, 6].map((minor) => [
        `ASYNC 2.${minor}`,
        [
          ['api.yaml', 8, 5, '#/channels/orders/subscribe'],
          ['api.yaml', 13, 5, '#/channels/refunds/publish'],
        ],
      ]),
    ]);
  });

  it('refuses an AsyncAPI 3.0 document, which the engine does not parse, naming its version', async () => {
    const refused = await errorOf(evaluate({ content: ASYNC3 }));
    expect(refused.code).toBe('RULESETS.SPECIFICATION_INVALID');
    expect(refused.message).toMatch(
      /AsyncAPI 3\.0\.0 is not a version the engine evaluates here: OpenAPI 2\.0, 3\.0 or 3\.1, AsyncAPI 2\.0 to 2\.6, RAML 1\.0/,
    );
  });

  it('evaluates several rulesets on one document, parsed once, a report for each and the counts summed', async () => {
    const report = await evaluate({ content: ASYNC }, [
      { id: published },
      { slug: 'api-documentation-basics' },
      { slug: 'owasp-api-top-ten' },
    ]);
    expect(report.specification).toMatchObject({ format: 'ASYNC 2.0', parsed: true });
    expect(report.evaluations.map((e) => [e.ruleset.id ?? e.ruleset.slug, e.conforms])).toEqual([
      [published, false],
      ['api-documentation-basics', false],
      ['owasp-api-top-ten', false],
    ]);
    expect(report.counts.violation).toBe(report.evaluations.reduce((n, e) => n + e.counts.violation, 0));
  });

  it('reads a multi-file specification from a repository, relative references resolved; a missing main file is refused', async () => {
    const repoUrl = h.repo({
      'spec/api.yaml':
        'openapi: 3.0.0\ninfo:\n  title: Multi\n  version: 1.0.0\npaths:\n  /pets:\n    $ref: "./paths/pets.yaml"\n',
      'spec/paths/pets.yaml': "get:\n  responses:\n    '200':\n      description: ok\n",
      'README.md': 'not read',
    });
    const report = await evaluate({ repoUrl, path: 'spec/api.yaml' });
    expect(report.specification.files).toEqual(['spec/api.yaml', 'spec/paths/pets.yaml']);
    expect(report.evaluations[0].results.map((r) => [r.file, r.line])).toEqual([['spec/paths/pets.yaml', 1]]);
    expect(await codeOf(evaluate({ repoUrl, path: 'spec/none.yaml' }))).toBe('UNPROCESSABLE');
  });

  it('refuses a document that does not parse or is not an API, with the parser findings and their locations', async () => {
    const broken = await errorOf(
      evaluate({
        content: 'openapi: 3.0.0\ninfo:\n  title: Bad\npaths:\n  /x:\n    get:\n      responses: [1, 2\n',
      }),
    );
    const findings = (payload: typeof broken) =>
      (payload.extra?.findings ?? []) as Array<Record<string, unknown>>;
    expect(broken.code).toBe('RULESETS.SPECIFICATION_INVALID');
    expect(findings(broken)[0]).toMatchObject({ severity: 'violation', file: 'api.yaml', line: 7 });
    const prose = await errorOf(evaluate({ content: 'hello: world\n' }));
    expect(String(findings(prose)[0].message)).toMatch(/Not an API specification/);
  });

  it("refuses a $ref to constructor, __proto__ or toString as a file that is not the specification's, never with the engine's own exception", async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const content = OAS3.replace(
        '    post:\n',
        `    put:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '${name}'\n    post:\n`,
      );
      const refused = await errorOf(evaluate({ content }));
      const messages = ((refused.extra?.findings ?? []) as Array<{ message: string }>).map((f) => f.message);
      expect([name, refused.code]).toEqual([name, 'RULESETS.SPECIFICATION_INVALID']);
      expect(messages).toContain(`${name} is not a file of the specification`);
      expect(JSON.stringify(refused)).not.toMatch(/TypeError|is not a function/);
    }
  });

  it('refuses a specification over the size limit before parsing it', async () => {
    // From a repository: an inline one that large reaches the service in parts (spectral.integration-spec.ts).
    const big = `openapi: 3.0.0\n# ${'x'.repeat(EVALUATION_LIMITS.specificationBytes)}\n`;
    const error = await errorOf(evaluate({ repoUrl: h.repo({ 'api.yaml': big }), path: 'api.yaml' }));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain(`at most ${EVALUATION_LIMITS.specificationBytes} (5 MiB)`);
  });

  it('refuses a 5 MiB document with an AMF profile with 422 naming EVALUATION_AMF_MAX_BYTES, before any engine runs; the next evaluation answers', async () => {
    const large = largeOpenApi31(EVALUATION_LIMITS.specificationBytes);
    const error = await errorOf(evaluate({ repoUrl: h.repo({ 'api.yaml': large }), path: 'api.yaml' }));
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.message).toContain(
      `The specification is ${Buffer.byteLength(large)} bytes; the AMF engine evaluates at most 262144 (EVALUATION_AMF_MAX_BYTES)`,
    );
    const report = await evaluate({ content: OAS3.replace('title:', 'title: After a large one') });
    expect(report.counts).toEqual({ violation: 1, warning: 0, info: 0 });
  });

  it("refuses documents whose YAML aliases stand for a million nodes with 422 naming the limit, before the engine, and answers another user's evaluation", async () => {
    const nested = aliasNestedSpecification(6, 10);
    const refusals = await Promise.all(
      [1, 2].map(() => errorOf(evaluate({ content: nested }, undefined, owner))),
    );
    for (const refused of refusals) {
      expect(refused.code).toBe('RULESETS.SPECIFICATION_INVALID');
      expect(refused.message).toMatch(/YAML aliases stand for more than 5000 nodes/);
      expect(refused.extra?.findings).toEqual([
        expect.objectContaining({ severity: 'violation', file: 'api.yaml' }),
      ]);
    }
    const report = await evaluate({ content: OAS3.replace('title:', 'title: Other') });
    expect(report.counts).toEqual({ violation: 1, warning: 0, info: 0 });
    // A few anchors reused (what people write by hand) are evaluated as before.
    const reused = await evaluate({ content: aliasNestedSpecification(2, 10) });
    expect(reused.specification.parsed).toBe(true);
  });

  it('evaluates an unpublished ruleset for its owner only', async () => {
    const { submission } = await h.submit(owner, { repoUrl: h.repo({ 'ruleset.yaml': OPERATION_IDS }) });
    const rulesets = [{ id: submission.ruleset_id }];
    expect(await codeOf(evaluate({ content: OAS3 }, rulesets, other))).toBe('NOT_FOUND');
    expect((await evaluate({ content: OAS3 }, rulesets, owner)).conforms).toBe(false);
  });

  it('leaves none of the parts of an upload behind when the evaluation naming it is refused', async () => {
    const id = crypto.randomUUID();
    for (const [index, text] of [OAS3.slice(0, 100), OAS3.slice(100)].entries())
      await h.request(RulesetEvaluationRpc.uploadPart, other.ctx, { id, index, text });
    const { submission } = await h.submit(owner, { repoUrl: h.repo({ 'ruleset.yaml': OPERATION_IDS }) });
    // The owner's unpublished ruleset: not found for anyone else.
    expect(await codeOf(evaluate({ upload: { id, parts: 2 } }, [{ id: submission.ruleset_id }], other))).toBe(
      'NOT_FOUND',
    );
    const left = await h.sql<{ parts: number }>(
      `SELECT count(*)::int AS parts FROM rulesets.evaluation_uploads WHERE id = $1`,
      [id],
    );
    expect(left).toEqual([{ parts: 0 }]);
  });

  it('evaluates the reviewed commit of a published ruleset, not what its owner pushed to the branch since', async () => {
    const { rulesetId, submission } = await h.published(owner, {
      repoUrl: h.repo({ 'ruleset.yaml': OPERATION_IDS }),
    });
    const changed = OPERATION_IDS.replace('violation:', 'info:').replace(
      'Every operation needs an operationId.',
      'Operation ids are optional now.',
    );
    expect(changed).not.toBe(OPERATION_IDS);
    h.host.push(submission.source_url, { 'ruleset.yaml': changed });
    const report = await evaluate({ content: OAS3 }, [{ id: rulesetId }]);
    expect(report.counts).toEqual({ violation: 1, warning: 0, info: 0 });
    expect(report.evaluations[0].results.map((r) => [r.severity, r.message])).toEqual([
      ['violation', 'Every operation needs an operationId.'],
    ]);
    // A new pin (an administrator reviewed the push) is what evaluations answer with from then on.
    await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    const reviewed = await evaluate({ content: OAS3 }, [{ id: rulesetId }]);
    expect(reviewed.evaluations[0].results.map((r) => [r.severity, r.message])).toEqual([
      ['info', 'Operation ids are optional now.'],
    ]);
  });

  it('refuses with RULESETS.NOT_EVALUABLE a ruleset of MCP servers or agents, which says so before anyone tries', async () => {
    const { rulesetId } = await h.published(owner, { repoUrl: h.repo({ 'ruleset.yaml': MCP_PROFILE }) });
    const { ruleset } = await h.request(RulesetsRpc.get, other.ctx, { id: rulesetId });
    expect(ruleset.engine_check).toMatchObject({ evaluable: false, examples: null });
    const community = await errorOf(evaluate({ content: OAS3 }, [{ id: rulesetId }]));
    expect(community.code).toBe('RULESETS.NOT_EVALUABLE');
    expect(community.message).toMatch(/mcp\.Tool/);

    const vendor = (slug: string) => h.request(RulesetsRpc.getVendorRuleset, other.ctx, { slug });
    expect((await vendor('mcp-server-hygiene')).ruleset.evaluable).toBe(false);
    expect((await vendor('api-documentation-basics')).ruleset.evaluable).toBe(true);
    expect(await codeOf(evaluate({ content: OAS3 }, [{ slug: 'mcp-server-hygiene' }]))).toBe(
      'RULESETS.NOT_EVALUABLE',
    );
  });

  it("refuses a profile with a misspelt constraint naming it, its line and the constraint meant, without the engine's own text", async () => {
    const misspelt = OPERATION_IDS.replace('minCount: 1', 'minCont: 1');
    expect(misspelt.split('\n')[11]).toBe('        minCont: 1');
    const { validation } = await h.request(RulesetsRpc.validate, owner.ctx, {
      repoUrl: h.repo({ 'ruleset.yaml': misspelt }),
    });
    expect(validation.ok).toBe(false);
    expect(validation.errors).toEqual([
      'ruleset.yaml:12: validation "operation-id-required" uses "minCont", which is not a property constraint the engine knows; did you mean "minCount"? (the validation compiles to no check)',
    ]);
  });

  it('checks a profile the engine passed once (validation, then the submission of the same content), one it refused each time', async () => {
    const run = jest.spyOn(h.get(EvaluatorPool), 'run');
    const checks = () => run.mock.calls.filter(([task]) => task.kind === 'check-profile').length;
    try {
      // A profile of its own: no other test's check answers for it.
      const profile = OPERATION_IDS.replace('Every operation needs', 'Each operation has');
      const validate = (files: Record<string, string>) =>
        h.request(RulesetsRpc.validate, owner.ctx, { repoUrl: h.repo(files) });
      const first = await validate({ 'ruleset.yaml': profile });
      expect(first.validation).toMatchObject({ ok: true, errors: [], evaluable: true });
      expect(checks()).toBe(1);
      await h.submit(owner, { repoUrl: h.repo({ 'ruleset.yaml': profile }) });
      expect((await validate({ 'ruleset.yaml': profile })).validation).toEqual(first.validation);
      expect(checks()).toBe(1);
      // Any change to the profile is a new question for the engine.
      await validate({ 'ruleset.yaml': profile.replace('Each operation', 'An operation') });
      expect(checks()).toBe(2);

      const refused = profile.replace(/ {4}propertyConstraints:\n {6}core.name:\n {8}minCount: 1\n/, '');
      for (const _ of [1, 2]) expect((await validate({ 'ruleset.yaml': refused })).validation.ok).toBe(false);
      expect(checks()).toBe(4);
    } finally {
      run.mockRestore();
    }
  });

  it('validates a submission by running the profile through the engine and evaluating the examples of the layout', async () => {
    const validate = async (files: Record<string, string>) =>
      (await h.request(RulesetsRpc.validate, owner.ctx, { repoUrl: h.repo(files) })).validation;
    const refused = await validate({
      'ruleset.yaml': OPERATION_IDS.replace(
        / {4}propertyConstraints:\n {6}core.name:\n {8}minCount: 1\n/,
        '',
      ),
    });
    expect(refused.ok).toBe(false);
    expect(refused.errors).toEqual([
      expect.stringMatching(
        /^ruleset\.yaml:8: the validation engine refuses the profile \(its own words follow\): .*at \[8,5\]$/,
      ),
    ]);

    const misfiring = {
      'ruleset.yaml': OPERATION_IDS,
      'examples/conforming/good.yaml': GOOD,
      'examples/conforming/bad.yaml': OAS3,
      'examples/non-conforming/also-good.yaml': GOOD,
    };
    const tested = await validate(misfiring);
    // Examples that misfire are reported (with where), not refused: the ruleset's page shows them.
    expect(tested.ok).toBe(true);
    expect(tested.warnings).toEqual(
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
    expect(tested).toMatchObject({ evaluable: true, examples: failing });

    // Kept at submission and shown with the ruleset, to its owner while under review and to anyone once
    // published (the approved content's check).
    const { submission } = await h.submit(owner, { repoUrl: h.repo(misfiring) });
    const underReview = (await h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id })).ruleset;
    expect(underReview.engine_check).toEqual({
      evaluable: true,
      examples: failing,
      checked_at: expect.any(String),
      format: 'amf',
    });
    const { rulesetId } = await h.published(owner, {
      repoUrl: h.repo({
        'ruleset.yaml': OPERATION_IDS,
        'examples/conforming/good.yaml': GOOD,
        'examples/non-conforming/bad.yaml': OAS3,
      }),
    });
    expect(
      (await h.request(RulesetsRpc.get, other.ctx, { id: rulesetId })).ruleset.engine_check,
    ).toMatchObject({
      evaluable: true,
      examples: {
        passed: true,
        conforming: 1,
        nonConforming: 1,
        rules: [{ rule: 'operation-id-required', fired: true }],
      },
    });
  });

  it("counts a user's validations in their share of the evaluator (429 past it, as for evaluations): another user's validation is answered beside them", async () => {
    const heavy = h.user();
    // Profiles of their own (no other test's check answers for them), each with examples: every validation
    // holds the evaluator for several tasks.
    const repository = (n: number) =>
      h.repo({
        'ruleset.yaml': OPERATION_IDS.replace('Every operation needs', `Share ${n}, every operation needs`),
        'examples/conforming/good.yaml': GOOD,
        'examples/non-conforming/bad.yaml': OAS3,
      });
    const validate = (who: TestUser, n: number) =>
      h.request(RulesetsRpc.validate, who.ctx, { repoUrl: repository(n) }).then(
        ({ validation }) => validation.ok,
        (error: unknown) => error,
      );
    // One thread: the heavy user's share is one running and one waiting (EVALUATION_THREADS 1).
    const [mine, theirs] = await Promise.all([
      Promise.all([1, 2, 3].map((n) => validate(heavy, n))),
      validate(other, 4),
    ]);
    expect(theirs).toBe(true);
    expect(mine.filter((answer) => answer === true)).toHaveLength(2);
    expect(mine.find((answer) => answer !== true)).toMatchObject({
      payload: {
        code: 'RATE_LIMITED',
        retryAfter: 5,
        message: expect.stringContaining('your share of the evaluator') as string,
      },
    });
  });

  it("evaluates a validation's examples within its one time limit, and reports the ones it left no time for", async () => {
    const files = withTwoGoodExamples('Examples in time', 'examples-in-time');
    const { result: validation, ran } = await withSlowTask(
      (task) => task.kind === 'evaluate' && 'a-good.yaml' in task.files,
      async () => (await h.request(RulesetsRpc.validate, owner.ctx, { repoUrl: h.repo(files) })).validation,
    );
    expect(validation.ok).toBe(true);
    expect(validation.warnings).toEqual([
      `examples/conforming/b-good.yaml: not evaluated, nor the 1 example after it: ${RAN_OUT}; fewer or smaller examples take less`,
    ]);
    expect(validation.examples).toMatchObject({ passed: false, conforming: 2, nonConforming: 1 });
    const examplesRun = ran.flatMap((task) => (task.kind === 'evaluate' ? Object.keys(task.files) : []));
    expect(examplesRun).toEqual(['a-good.yaml']);
  });

  it("gives a validation one time limit from its start for its profile's check and its examples: a check that ends past it leaves the examples unevaluated, reported naming the limit", async () => {
    const files = withTwoGoodExamples('A slow check', 'slow-check');
    const { result: validation, ran } = await withSlowTask(
      (task) => task.kind === 'check-profile',
      async () => (await h.request(RulesetsRpc.validate, owner.ctx, { repoUrl: h.repo(files) })).validation,
    );
    expect(validation.ok).toBe(true);
    expect(validation.warnings).toEqual([
      `examples/conforming/a-good.yaml: not evaluated, nor the 2 examples after it: ${RAN_OUT}; fewer or smaller examples take less`,
    ]);
    expect(validation.examples).toMatchObject({ passed: false, conforming: 2, nonConforming: 1 });
    expect(ran.map((task) => task.kind)).toEqual(['check-profile']);
  });

  it('answers a validation whose time ran out before the engine could check its profile, with warnings naming the limit and nothing run', async () => {
    const profile = OPERATION_IDS.replace('Every operation needs', 'Out of time, every operation needs');
    const repoUrl = h.repo({
      'ruleset.yaml': profile,
      'registry.json': '{"assetId": "out-of-time"}',
      'examples/conforming/a-good.yaml': GOOD,
      'examples/non-conforming/bad.yaml': OAS3,
    });
    const { result: validation, ran } = await withSlowTask(
      () => false,
      async () => {
        // A slow source host: reading the repository takes the validation's time.
        const release = h.host.hold(repoUrl);
        setTimeout(release, SHORT_LIMIT_MS + 500);
        return (await h.request(RulesetsRpc.validate, owner.ctx, { repoUrl })).validation;
      },
    );
    expect(validation.ok).toBe(true);
    expect(validation.warnings).toEqual([
      `ruleset.yaml: not checked by the evaluation engine, which may still refuse it when it is evaluated: ${RAN_OUT}; validate it again when the evaluator is less busy`,
      `examples/conforming/a-good.yaml: not evaluated, nor the 1 example after it: ${RAN_OUT}; fewer or smaller examples take less`,
    ]);
    expect(validation.examples).toMatchObject({ passed: false, conforming: 1, nonConforming: 1 });
    expect(ran).toEqual([]);
  });

  it('answers an evaluation whose AMF and Spectral engines together run past EVALUATION_TIMEOUT_MS with 422 naming the limit, the second engine not run', async () => {
    const { rulesetId: spectral } = await h.published(owner, {
      repoUrl: h.repo({ '.spectral.yaml': SPECTRAL_OPERATION_IDS }),
    });
    const { result: refused, ran } = await withSlowTask(
      (task) => task.kind === 'evaluate',
      () =>
        errorOf(
          evaluate({ content: OAS3.replace('title:', 'title: Both engines') }, [
            { id: published },
            { id: spectral },
          ]),
        ),
    );
    expect(refused.code).toBe('UNPROCESSABLE');
    expect(refused.message).toContain(
      `The evaluation ran past its time limit (EVALUATION_TIMEOUT_MS, ${SHORT_LIMIT_MS} ms), for its AMF and Spectral engines together, and was stopped`,
    );
    expect(ran.map((task) => task.kind)).toEqual(['evaluate']);
  });

  it("reports an AMF profile's example over EVALUATION_AMF_MAX_BYTES naming the limit, and never hands it to the engine", async () => {
    const run = jest.spyOn(h.get(EvaluatorPool), 'run');
    try {
      // Over the 256 KiB an evaluation with an AMF profile may be, under the 1 MiB a repository file may.
      const large = largeOpenApi31(300 * 1024);
      const { validation } = await h.request(RulesetsRpc.validate, owner.ctx, {
        repoUrl: h.repo({
          'ruleset.yaml': OPERATION_IDS,
          'registry.json': '{"assetId": "operation-ids"}',
          'examples/conforming/good.yaml': GOOD,
          'examples/non-conforming/large.yaml': large,
        }),
      });
      expect(validation.ok).toBe(true);
      expect(validation.warnings).toEqual([
        `examples/non-conforming/large.yaml: the example is ${Buffer.byteLength(large)} bytes; the AMF engine evaluates at most 262144 (EVALUATION_AMF_MAX_BYTES): its validator's memory grows with the document beyond the thread's limits, so the example was not evaluated; make it smaller`,
      ]);
      expect(validation.examples).toMatchObject({ passed: false, conforming: 1, nonConforming: 1 });
      const handed = run.mock.calls.flatMap(([task]) => ('files' in task ? Object.keys(task.files) : []));
      expect(handed).toEqual(['good.yaml']);
    } finally {
      run.mockRestore();
    }
  });
});
