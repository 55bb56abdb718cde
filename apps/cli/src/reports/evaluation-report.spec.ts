import { junitProblems, sarifProblems } from '@pc/testing';
import {
  type EvaluationReport,
  junitReport,
  pathAsGiven,
  reportFails,
  sarifReport,
  textReport,
  withPathsAsGiven,
} from './evaluation-report';

const plain = { red: String, yellow: String, green: String, dim: String, bold: String };

/** Two rulesets: one with findings (names and messages holding XML's special characters), one clean. */
const REPORT: EvaluationReport = {
  specification: { format: 'OAS 3.0', files: ['api.yaml'], digest: 'a'.repeat(64), parsed: true },
  conforms: false,
  counts: { violation: 1, warning: 1, info: 1 },
  durationMs: 1234,
  evaluations: [
    {
      ruleset: {
        source: 'vendor',
        id: null,
        slug: 'api-basics',
        name: 'API <basics> & "more"',
        profileName: null,
      },
      conforms: false,
      counts: { violation: 1, warning: 1, info: 1 },
      results: [
        {
          rule: 'operation-id-required',
          severity: 'violation',
          message: "Every operation needs an operationId <'&'>\u0007.",
          file: 'api.yaml',
          line: 13,
          column: 5,
          pointer: '#/paths/~1pets/post',
          modelPath: '/endpoint[/pets]/supportedOperation[post]',
        },
        {
          rule: 'describe',
          severity: 'warning',
          message: 'Describe it.',
          file: 'api.yaml',
          line: 2,
          column: null,
          pointer: null,
          modelPath: null,
        },
        {
          rule: 'note',
          severity: 'info',
          message: 'A note.',
          file: null,
          line: null,
          column: null,
          pointer: null,
          modelPath: null,
        },
      ],
      truncated: false,
      cached: false,
    },
    {
      ruleset: {
        source: 'community',
        id: '6f0c6c0e-1111-4111-8111-111111111111',
        slug: null,
        name: 'Clean',
        profileName: 'Clean',
      },
      conforms: true,
      counts: { violation: 0, warning: 0, info: 0 },
      results: [],
      truncated: false,
      cached: true,
    },
  ],
};

describe('evaluation reports', () => {
  it('writes JUnit XML that validates against the schema, failures at or above --fail-on', async () => {
    const xml = junitReport(REPORT, 'violation');
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('tests="4" failures="1"');
    expect(xml).toContain('<testcase name="conforms"');
    expect(xml).toContain('#/paths/~1pets/post\n/endpoint[/pets]/supportedOperation[post]</failure>');
    expect(xml).toContain('name="API &lt;basics&gt; &amp; &quot;more&quot;"');
    const strict = junitReport(REPORT, 'warning');
    expect(await junitProblems(strict)).toEqual([]);
    expect(strict.match(/<failure /g)).toHaveLength(2);
  });

  it('refuses a JUnit report that breaks the schema (the check can fail)', async () => {
    const broken = junitReport(REPORT, 'violation').replace(/ classname="[^"]*"/, '');
    expect(await junitProblems(broken)).toEqual([expect.stringContaining("'classname' is required")]);
  });

  it('writes SARIF 2.1.0 that validates against the OASIS schema, with file, line, column and JSON pointer', () => {
    const log = sarifReport(REPORT, '0.1.0');
    expect(sarifProblems(log)).toEqual([]);
    const results = log.runs[0].results!;
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['api-basics/operation-id-required', 'error'],
      ['api-basics/describe', 'warning'],
      ['api-basics/note', 'note'],
    ]);
    expect(results[0].locations![0]).toEqual({
      physicalLocation: { artifactLocation: { uri: 'api.yaml' }, region: { startLine: 13, startColumn: 5 } },
      logicalLocations: [
        { fullyQualifiedName: '#/paths/~1pets/post', kind: 'object' },
        { fullyQualifiedName: '/endpoint[/pets]/supportedOperation[post]' },
      ],
    });
    expect(results[2].locations).toBeUndefined();
    expect(sarifProblems({ ...log, version: '2.0.0' })).not.toEqual([]);
  });

  it('prints text with file:line:column, and fails by severity', () => {
    const text = textReport(REPORT, plain);
    expect(text).toContain('api.yaml:13:5  violation  operation-id-required');
    expect(text).toContain('api.yaml:2  warning  describe');
    expect(reportFails(REPORT, 'violation')).toBe(true);
    expect(reportFails(REPORT, 'none')).toBe(false);
    const clean = { ...REPORT, evaluations: [REPORT.evaluations[1]] };
    expect(reportFails(clean, 'info')).toBe(false);
  });

  it('names the file by the path given, in SARIF, JUnit and text, so code scanning finds it in the repository', async () => {
    const given = withPathsAsGiven(REPORT, new Map([['api.yaml', pathAsGiven('./api/openapi.yaml')]]));
    const log = sarifReport(given, '0.1.0');
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].artifacts).toEqual([{ location: { uri: 'api/openapi.yaml' } }]);
    expect(log.runs[0].results![0].locations![0].physicalLocation!.artifactLocation).toEqual({
      uri: 'api/openapi.yaml',
    });
    const xml = junitReport(given, 'violation');
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toContain('name="operation-id-required api/openapi.yaml:13:5"');
    expect(xml).not.toMatch(/[" ]api\.yaml/);
    expect(textReport(given, plain)).toContain('api/openapi.yaml:13:5  violation  operation-id-required');
    expect(REPORT.evaluations[0].results[0].file).toBe('api.yaml');
  });

  it('takes a path relative to the working directory, with / between its parts', () => {
    expect(pathAsGiven('./api/openapi.yaml', '/repo')).toBe('api/openapi.yaml');
    expect(pathAsGiven('/repo/api/../specs/openapi.yaml', '/repo')).toBe('specs/openapi.yaml');
    expect(pathAsGiven('openapi.yaml', '/repo')).toBe('openapi.yaml');
  });
});
