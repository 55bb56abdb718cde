import { unsupportedTerms } from './profile-terms';

const HEADER = '#%Validation Profile 1.0\nprofile: P\nviolation: [a, b]\n';

describe('terms of vocabularies the evaluation engine does not know', () => {
  it('finds them in block and flow style alike, at their lines', () => {
    const profile =
      HEADER +
      'validations:\n' +
      '  a:\n' +
      '    targetClass: mcp.Tool\n' +
      '    propertyConstraints:\n' +
      '      core.name: {minCount: 1}\n' +
      '  b: {targetClass: agent.AgentCard, propertyConstraints: {core.name: {minCount: 1}}}\n';
    expect(unsupportedTerms(profile)).toEqual([
      { term: 'mcp.Tool', line: 6 },
      { term: 'agent.AgentCard', line: 9 },
    ]);
  });

  it('reads property paths and nested constraints, and accepts what the profile declares or the engine knows', () => {
    const profile =
      HEADER +
      'prefixes:\n  ex: http://example.com/vocab#\n' +
      'validations:\n' +
      '  a: {targetClass: ex.Thing, propertyConstraints: {apiContract.supportedOperation / apiBinding.binding: {minCount: 1}}}\n' +
      '  b:\n    targetClass: apiContract.Operation\n    message: mcp.Tool is only words here\n';
    expect(unsupportedTerms(profile)).toEqual([{ term: 'apiBinding.binding', line: 7 }]);
  });

  it('leaves a profile that is not YAML to the engine, which names its own refusal', () => {
    expect(unsupportedTerms(HEADER + 'validations: [\n')).toEqual([]);
  });
});
