import { analyseSpectral, looksLikeSpectral } from './spectral';

describe('reading a Spectral ruleset as written', () => {
  it('recognises one by its file name, or by top-level rules or extends in a file that is not a profile', () => {
    expect(looksLikeSpectral('.spectral.yaml', 'x: 1')).toBe(true);
    expect(looksLikeSpectral('rules/api.spectral.json', '{}')).toBe(true);
    expect(looksLikeSpectral('governance.yaml', 'extends: spectral:oas\n')).toBe(true);
    expect(looksLikeSpectral('ruleset.yaml', '#%Validation Profile 1.0\nprofile: P\n')).toBe(false);
    expect(looksLikeSpectral('ruleset.yaml', 'profile: P\n')).toBe(false);
  });

  it('reads the scopes it governs, its own rules with their severities, and catalog rulesets it extends', () => {
    const id = '0d5f8a4e-8a43-4a4e-9c1f-1f2d3c4b5a69';
    const analysis = analyseSpectral(
      '.spectral.yaml',
      `description: Both.
extends:
  - [spectral:oas, all]
  - spectral:asyncapi
  - catalog:${id}
rules:
  oas3-api-servers: off
  mine:
    description: Mine.
    severity: hint
    given: $.info
    then:
      function: truthy
`,
    );
    expect(analysis.errors).toEqual([]);
    expect(analysis.warnings).toEqual([]);
    expect(analysis.targetScopes).toEqual(['rest-api', 'async-api']);
    expect(analysis.catalogExtends).toEqual([{ id, line: 5 }]);
    expect(analysis.ownRules).toEqual([{ name: 'mine', severity: 'info', description: 'Mine.' }]);
  });

  it('refuses an unknown severity of an extended ruleset, an unknown format and a rule that is not a rule', () => {
    const analysis = analyseSpectral(
      '.spectral.yaml',
      `extends: [[spectral:oas, loud]]
formats: [oas9]
rules:
  odd: [1, 2]
`,
    );
    expect(analysis.errors).toEqual([
      '.spectral.yaml:1: extends spectral:oas with "loud": off, recommended or all',
      expect.stringMatching(/^\.spectral\.yaml:2: format "oas9" is not one Spectral knows/),
      '.spectral.yaml:4: rule "odd" must be a severity or a rule (given, then)',
    ]);
    expect(analysis.warnings).toEqual(['.spectral.yaml:1: description is missing']);
  });
});
