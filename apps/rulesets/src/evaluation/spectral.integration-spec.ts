import { EVALUATION_LIMITS, RulesetEvaluationRpc, RulesetsRpc } from '@pc/contracts';
import { largeOpenApi31, OAS3, SPECTRAL_OPERATION_IDS } from '@pc/testing';
import { codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/**
 * A document of `bytes` (at most, and within 64 bytes) whose 600-odd operations without an operationId
 * are more findings than a report returns; the rest of its size is one long description. Spectral
 * spends its time on the operations and their findings (7 s of CPU for the 6,675 of a 5 MiB document of
 * operations only, 11 s before each finding's location was indexed: spectral-locations.ts), not on the
 * size, which is what is tested here.
 */
function manyFindingsIn(bytes: number): string {
  const doc = largeOpenApi31(512 * 1024);
  const description = '  description: A generated document.\n';
  const filler = 'x'.repeat(bytes - Buffer.byteLength(doc) - 64);
  return doc.replace(description, `  description: A generated document. ${filler}\n`);
}

/**
 * Spectral rulesets, a second ruleset format beside AMF profiles, at the service level with the real
 * engine: submitted, validated (custom functions and `extends` beyond the built-in and catalog rulesets
 * refused at their lines), approved, documented from their rules, evaluated through the same route.
 */
describe('Spectral rulesets (service level, the engine)', () => {
  jest.setTimeout(300_000);
  // A 5 MiB document takes Spectral tens of seconds on a loaded machine: the limit is not what is tested.
  const h = rulesetsUnderTest({ EVALUATION_TIMEOUT_MS: '280000' });
  let owner: TestUser;
  let other: TestUser;

  beforeAll(() => {
    owner = h.user();
    other = h.user();
  });

  const validate = (files: Record<string, string>, rulesetPath?: string) =>
    h
      .request(RulesetsRpc.validate, owner.ctx, {
        repoUrl: h.repo(files),
        ...(rulesetPath ? { rulesetPath } : {}),
      })
      .then((r) => r.validation);

  it('is submitted, validated, approved, documented from its rules and evaluated like an AMF profile', async () => {
    const files = { '.spectral.yaml': SPECTRAL_OPERATION_IDS };
    const validation = await validate(files);
    expect(validation).toMatchObject({
      ok: true,
      errors: [],
      format: 'spectral',
      rulesetPath: '.spectral.yaml',
      rulesetPathSource: 'conventional',
      evaluable: true,
      targetScopes: ['rest-api'],
    });
    // Its own rule and the recommended rules of spectral:oas but the one it turns off.
    expect(validation.profile?.ruleNames).toContain('operation-id-required');
    expect(validation.profile?.ruleNames).toContain('operation-description');
    expect(validation.profile?.ruleNames).not.toContain('info-contact');
    const counts = validation.profile!.ruleCounts;
    expect(counts.violation + counts.warning + counts.info).toBe(validation.profile!.ruleNames.length);
    expect(counts.violation).toBeGreaterThanOrEqual(1);

    const { rulesetId } = await h.published(owner, { repoUrl: h.repo(files) });
    const { ruleset } = await h.request(RulesetsRpc.get, other.ctx, { id: rulesetId });
    expect(ruleset).toMatchObject({ ruleset_format: 'spectral', ruleset_path: '.spectral.yaml' });
    expect(ruleset.rule_names).toEqual(validation.profile!.ruleNames);
    expect(ruleset.rule_counts).toEqual(counts);

    const docs = await h.request(RulesetsRpc.getDocs, other.ctx, { id: rulesetId });
    const rulesTab = docs.tabs.find((t) => t.key === 'rules');
    expect(rulesTab?.bodyMd).toContain(
      '**operation-id-required** (violation): Every operation has an operationId.',
    );

    const report = await h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
      rulesets: [{ id: rulesetId }],
      specification: { content: OAS3 },
    });
    expect(report.specification.format).toBe('OAS 3.0');
    const evaluation = report.evaluations[0];
    expect(evaluation.ruleset).toMatchObject({ source: 'community', id: rulesetId });
    expect(evaluation.conforms).toBe(false);
    expect(evaluation.results.filter((r) => r.rule === 'operation-id-required')).toEqual([
      {
        rule: 'operation-id-required',
        severity: 'violation',
        message: 'Every operation needs an operationId.',
        file: 'api.yaml',
        // Where Spectral places a mapping (after its key), as its own reports do.
        line: 13,
        column: 10,
        pointer: '#/paths/~1pets/post',
        modelPath: null,
      },
    ]);
    // The recommended rules run too (the document has no servers, no contact: the latter turned off).
    const rules = evaluation.results.map((r) => r.rule);
    expect(rules).toContain('oas3-api-servers');
    expect(rules).not.toContain('info-contact');
    expect(evaluation.counts.violation).toBe(1);
    const again = await h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
      rulesets: [{ id: rulesetId }],
      specification: { content: OAS3 },
    });
    expect(again.evaluations[0].cached).toBe(true);
  });

  /** A published Spectral ruleset (operation ids on spectral:oas), published once for the cases below. */
  let operationIds: Promise<string> | undefined;
  const spectralRuleset = () =>
    (operationIds ??= h
      .published(owner, { repoUrl: h.repo({ '.spectral.yaml': SPECTRAL_OPERATION_IDS }) })
      .then((p) => p.rulesetId));
  const evaluateWith = async (rulesetId: string, content: string) =>
    h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
      rulesets: [{ id: rulesetId }],
      specification: { content },
    });

  it('gives a finding the pointer an AMF profile gives the same element, in URI fragment form', async () => {
    const report = await evaluateWith(
      await spectralRuleset(),
      OAS3.replace('  /pets:\n', '  /pets/{id}:\n').replace('operationId: listPets\n      ', ''),
    );
    const get = report.evaluations[0].results.find((r) => r.rule === 'operation-id-required');
    // The form source-pointers.ts gives AMF's findings (`{` and `}` percent-encoded), so one waiver matches both.
    expect(get?.pointer).toBe('#/paths/~1pets~1%7Bid%7D/get');
  });

  it('refuses (422) a document that is no API specification, or not a version evaluated, as the AMF engine does', async () => {
    const rulesetId = await spectralRuleset();
    const refusal = (content: string) => errorOf(evaluateWith(rulesetId, content));
    const formats = 'OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0 (JSON or YAML)';
    const cases: Array<[string, string]> = [
      ['hello: world\n', `Not an API specification the engine evaluates here: ${formats}`],
      ['', `Not an API specification the engine evaluates here: ${formats}`],
      ['[1, 2, 3]\n', `Not an API specification the engine evaluates here: ${formats}`],
      ['42\n', `Not an API specification the engine evaluates here: ${formats}`],
      [
        'asyncapi: 3.0.0\ninfo:\n  title: Orders\n  version: 1.0.0\n',
        `AsyncAPI 3.0.0 is not a version the engine evaluates here: ${formats}`,
      ],
      ['#%RAML 0.8\ntitle: Pets\n', `RAML 0.8 is not a version the engine evaluates here: ${formats}`],
    ];
    for (const [content, message] of cases) {
      expect(await refusal(content)).toMatchObject({
        code: 'RULESETS.SPECIFICATION_INVALID',
        message: `The specification cannot be evaluated: ${message}`,
      });
    }
    // Spectral rulesets are written for OpenAPI and AsyncAPI: a RAML 1.0 document is an AMF profile's.
    expect(await refusal('#%RAML 1.0\ntitle: Pets\n')).toMatchObject({
      code: 'RULESETS.SPECIFICATION_INVALID',
      message: expect.stringContaining('RAML 1.0 is evaluated with AMF profiles only'),
    });
  });

  it('refuses (422) a document nested deeper than 1000 levels, as the AMF engine does, instead of failing (503)', async () => {
    const rulesetId = await spectralRuleset();
    const nested = (depth: number) => `${OAS3}x: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
    for (const depth of [1_200, 20_000]) {
      expect(await errorOf(evaluateWith(rulesetId, nested(depth)))).toMatchObject({
        code: 'RULESETS.SPECIFICATION_INVALID',
        message: 'The specification cannot be evaluated: Reached maximum depth value of 1000',
      });
    }
    // Nested as deep as a real API gets, it is evaluated.
    expect((await evaluateWith(rulesetId, nested(50))).specification.format).toBe('OAS 3.0');
  });

  it('refuses custom functions, naming each function and its line; never runs them', async () => {
    const validation = await validate({
      '.spectral.yaml': `description: Custom.
functions: [checkEverything]
rules:
  everything:
    given: $
    then:
      function: checkEverything
`,
    });
    expect(validation.ok).toBe(false);
    expect(validation.errors).toEqual([
      expect.stringMatching(
        /^\.spectral\.yaml:2: custom function "checkEverything" is refused: custom functions are code/,
      ),
      expect.stringMatching(
        /^\.spectral\.yaml:7: rule "everything" calls custom function "checkEverything", which is refused/,
      ),
    ]);
    const dir = await validate({ '.spectral.yml': 'functionsDir: ./fns\nextends: spectral:oas\n' });
    expect(dir.errors).toEqual([expect.stringMatching(/^\.spectral\.yml:1: functionsDir is refused/)]);
  });

  it('refuses extends to a URL or a file, and to a catalog ruleset that is not a published Spectral one', async () => {
    const validation = await validate({
      '.spectral.yaml': `extends:
  - spectral:oas
  - https://rules.example.com/ruleset.yaml
  - ../shared/.spectral.yaml
rules: {}
`,
    });
    expect(validation.ok).toBe(false);
    expect(validation.errors).toEqual([
      '.spectral.yaml:3: extends "https://rules.example.com/ruleset.yaml": a ruleset extends only spectral:oas, spectral:asyncapi or a Spectral ruleset published in this catalog (catalog:<ruleset id>), never a URL or a file',
      '.spectral.yaml:4: extends "../shared/.spectral.yaml": a ruleset extends only spectral:oas, spectral:asyncapi or a Spectral ruleset published in this catalog (catalog:<ruleset id>), never a URL or a file',
    ]);
    const amf = await h.published(owner, {});
    const notSpectral = await validate({
      '.spectral.yaml': `description: On an AMF profile.\nextends:\n  - catalog:${amf.rulesetId}\n`,
    });
    expect(notSpectral.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\.spectral\\.yaml:3: extends catalog:${amf.rulesetId} \\(.*\\), which is not a Spectral ruleset$`,
        ),
      ),
    ]);
  });

  it('extends a published Spectral ruleset of the catalog, whose rules then run too', async () => {
    const { rulesetId: base } = await h.published(owner, {
      repoUrl: h.repo({ '.spectral.yaml': SPECTRAL_OPERATION_IDS }),
    });
    const derived = `description: Ours, on the catalog's.
extends: catalog:${base}
rules:
  operation-id-required: warn
`;
    const validation = await validate({ '.spectral.yaml': derived });
    expect(validation.errors).toEqual([]);
    expect(validation.profile?.ruleNames).toContain('operation-id-required');
    const { rulesetId } = await h.published(owner, { repoUrl: h.repo({ '.spectral.yaml': derived }) });
    const report = await h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
      rulesets: [{ id: rulesetId }],
      specification: { content: OAS3 },
    });
    expect(report.evaluations[0].results.find((r) => r.rule === 'operation-id-required')).toMatchObject({
      severity: 'warning',
      line: 13,
    });
  });

  it('says where a rule is wrong: a given path that does not compile, a rule without then, a bad severity', async () => {
    const validation = await validate(
      {
        'rules/api.spectral.json': JSON.stringify(
          {
            description: 'Broken.',
            rules: {
              broken: { given: '$..[?(@.x', then: { function: 'truthy' } },
              thenless: { given: '$.info' },
              loud: { given: '$.info', severity: 'loud', then: { function: 'truthy' } },
            },
          },
          null,
          2,
        ),
      },
      'rules/api.spectral.json',
    );
    expect(validation.ok).toBe(false);
    expect(validation.format).toBe('spectral');
    expect(validation.errors).toEqual([
      'rules/api.spectral.json:10: rule "thenless" has no then (the function it applies)',
      'rules/api.spectral.json:15: rule "loud": severity loud is not error, warn, info, hint, off, 0 to 3, true or false',
    ]);
    const given = await validate({
      '.spectral.yaml':
        'description: Bad path.\nrules:\n  broken:\n    given: "$..[?(@.x"\n    then:\n      function: truthy\n',
    });
    expect(given.errors).toEqual([
      expect.stringMatching(/^\.spectral\.yaml:4: .*given path does not compile/),
    ]);
    const unparsed = await validate({ '.spectral.yaml': 'rules: [\n' });
    expect(unparsed.errors[0]).toMatch(/^\.spectral\.yaml:\d+:\d+: YAML does not parse: /);
  });
  /** Sends a text ahead in parts, as the gateway does for one too large for a bus message; its upload. */
  async function sendAhead(who: TestUser, text: string) {
    const id = crypto.randomUUID();
    const size = EVALUATION_LIMITS.uploadPartBytes / 2;
    let parts = 0;
    for (let start = 0; start < text.length; start += size) {
      await h.request(RulesetEvaluationRpc.uploadPart, who.ctx, {
        id,
        index: parts++,
        text: text.slice(start, start + size),
      });
    }
    return { id, parts };
  }

  it('evaluates the examples of the layout at validation: misfires reported with their lines, its own rules covered, kept with the ruleset', async () => {
    const ruleset =
      'description: Operation ids.\nrules:\n  operation-id-required:\n    description: Every operation has an operationId.\n' +
      '    severity: error\n    given: $.paths[*][get,put,post,delete,options,head,patch,trace]\n' +
      '    then:\n      field: operationId\n      function: truthy\n';
    const good = OAS3.replace('    post:\n', '    post:\n      operationId: addPet\n');
    const misfiring = {
      '.spectral.yaml': ruleset,
      'examples/conforming/good.yaml': good,
      'examples/conforming/bad.yaml': OAS3,
      'examples/non-conforming/also-good.yaml': good,
      'examples/non-conforming/broken.yaml': 'openapi: 3.0.0\npaths: [1, 2\n',
    };
    const tested = await validate(misfiring);
    // Reported, not refused, as for an AMF profile's examples: the ruleset's page shows them.
    expect(tested).toMatchObject({ ok: true, format: 'spectral', evaluable: true });
    expect(tested.warnings).toEqual(
      expect.arrayContaining([
        'examples/conforming/bad.yaml:13: rule "operation-id-required" fires on a conforming example (Every operation has an operationId.)',
        expect.stringMatching(/^examples\/non-conforming\/broken\.yaml:3: the example does not parse \(/),
        'examples/non-conforming/: rule "operation-id-required" fires on no non-conforming example',
      ]),
    );
    const failing = {
      passed: false,
      conforming: 2,
      nonConforming: 2,
      rules: [{ rule: 'operation-id-required', fired: false }],
    };
    expect(tested.examples).toEqual(failing);

    const passing = {
      '.spectral.yaml': ruleset,
      'examples/conforming/good.yaml': good,
      'examples/non-conforming/bad.yaml': OAS3,
    };
    expect((await validate(passing)).examples).toEqual({
      passed: true,
      conforming: 1,
      nonConforming: 1,
      rules: [{ rule: 'operation-id-required', fired: true }],
    });
    const { submission } = await h.submit(owner, { repoUrl: h.repo(misfiring) });
    const underReview = (await h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id })).ruleset;
    expect(underReview.engine_check).toMatchObject({
      evaluable: true,
      examples: failing,
      format: 'spectral',
    });
  });

  it('evaluates a 5 MiB specification sent ahead in parts: every finding counted, the first 500 returned', async () => {
    const { rulesetId } = await h.published(owner, {
      repoUrl: h.repo({
        '.spectral.yaml': SPECTRAL_OPERATION_IDS.replace(
          'extends: [[spectral:oas, recommended]]\n',
          '',
        ).replace('  info-contact: off\n', ''),
      }),
    });
    const doc = manyFindingsIn(EVALUATION_LIMITS.specificationBytes);
    expect(Buffer.byteLength(doc)).toBeGreaterThan(EVALUATION_LIMITS.specificationBytes - 4096);
    const posts = doc.split('\n    post:\n').length - 1;
    expect(posts).toBeGreaterThan(EVALUATION_LIMITS.resultsPerRuleset);
    const report = await h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
      rulesets: [{ id: rulesetId }],
      specification: { upload: await sendAhead(other, doc) },
    });
    expect(report.specification.format).toBe('OAS 3.1');
    expect(report.evaluations[0].counts).toEqual({ violation: posts, warning: 0, info: 0 });
    expect(report.evaluations[0].results).toHaveLength(EVALUATION_LIMITS.resultsPerRuleset);
    expect(report.evaluations[0].truncated).toBe(true);
    // The parts were taken: the same upload cannot be evaluated twice, nor by someone else.
    const again = await sendAhead(owner, 'openapi: 3.1.0\n');
    expect(
      await codeOf(
        h.request(RulesetEvaluationRpc.evaluate, other.ctx, {
          rulesets: [{ id: rulesetId }],
          specification: { upload: again },
        }),
      ),
    ).toBe('UNPROCESSABLE');
  });

  it('refuses a 6 MB specification with 413 naming the 5 MiB limit, at the part that crosses it', async () => {
    const doc = largeOpenApi31(6 * 1000 * 1000);
    const error = await errorOf(sendAhead(other, doc));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain(`at most ${EVALUATION_LIMITS.specificationBytes} (5 MiB)`);
  });
});
