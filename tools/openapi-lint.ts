// The field's two OpenAPI linters on the generated document: Redocly's recommended rules and Spectral's
// `spectral:oas`. `npm run openapi` and `npm run openapi:check` fail on any finding not listed in
// ACCEPTED below, each with the reason it is a choice.

/** Spectral findings the document keeps on purpose: rule code and JSON path, with the reason. */
const ACCEPTED: ReadonlyArray<{ code: string; path: string; reason: string }> = [];

type RulesetDefinition = import('@stoplight/spectral-core').RulesetDefinition;

export interface LintFinding {
  linter: 'redocly' | 'spectral';
  severity: 'error' | 'warning';
  rule: string;
  where: string;
  message: string;
}

/** Every finding of both linters on the document's JSON text, minus the accepted ones. */
export async function lintOpenApi(json: string): Promise<LintFinding[]> {
  return [...(await redocly(json)), ...(await spectral(json))];
}

async function redocly(json: string): Promise<LintFinding[]> {
  // An ES module; Node 20.19+ loads it with require().
  const { createConfig, lintFromString } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@redocly/openapi-core') as typeof import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: json, absoluteRef: 'docs/openapi.json', config });
  return problems.map((p) => ({
    linter: 'redocly',
    severity: p.severity === 'error' ? 'error' : 'warning',
    rule: p.ruleId,
    where: p.location[0]?.pointer ?? '',
    message: p.message,
  }));
}

async function spectral(json: string): Promise<LintFinding[]> {
  const { Spectral, Document } = await import('@stoplight/spectral-core');
  const { Json } = await import('@stoplight/spectral-parsers');
  const { oas } = await import('@stoplight/spectral-rulesets');
  const linter = new Spectral();
  // The ruleset's published type omits `extends`, which the definition type requires.
  linter.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await linter.run(new Document(json, Json, 'docs/openapi.json'));
  const accepted = (code: string, path: string) => ACCEPTED.some((a) => a.code === code && a.path === path);
  // Severity 0 is an error, 1 a warning; hints and information (2, 3) are not findings.
  return results
    .filter((r) => Number(r.severity) <= 1)
    .map((r) => ({
      linter: 'spectral' as const,
      severity: Number(r.severity) === 0 ? ('error' as const) : ('warning' as const),
      rule: String(r.code),
      where: r.path.join('.'),
      message: r.message,
    }))
    .filter((f) => !accepted(f.rule, f.where));
}
