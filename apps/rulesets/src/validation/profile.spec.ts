import { analyseProfile, looksLikeProfile, scopeOf, targetScopesOf } from './profile';

const GOOD = `#%Validation Profile 1.0
profile: Good
description: A good profile.
violation:
  - a
warning: [b]
info: []
validations:
  a:
    targetClass: apiContract.Operation
  b:
    targetClass: async.Channel
`;

describe('reading a validation profile', () => {
  it('reports the name, rules in severity order, counts, target classes and dialect version', () => {
    const result = analyseProfile('ruleset.yaml', GOOD);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.profile).toEqual({
      profileName: 'Good',
      description: 'A good profile.',
      ruleNames: ['a', 'b'],
      ruleCounts: { violation: 1, warning: 1, info: 0 },
      targetClasses: ['apiContract.Operation', 'async.Channel'],
      dialectVersion: '1.0',
    });
  });

  it('refuses a file whose first line is not the profile header, at line 1', () => {
    const result = analyseProfile(
      'x/ruleset.yaml',
      GOOD.replace('#%Validation Profile 1.0\n', '# a comment\n'),
    );
    expect(result.errors).toEqual([
      'x/ruleset.yaml:1: not a validation profile: the first line must be "#%Validation Profile 1.0"',
    ]);
    expect(result.profile).toBeNull();
  });

  it('accepts another dialect version with a warning', () => {
    const result = analyseProfile('p.yaml', GOOD.replace('1.0', '2.0'));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(['p.yaml:1: dialect version 2.0 is not 1.0; it may not be understood']);
    expect(result.profile?.dialectVersion).toBe('2.0');
  });

  it('says where YAML does not parse: line and column', () => {
    const result = analyseProfile('p.yaml', '#%Validation Profile 1.0\nprofile: x\nviolation: [a\n');
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]).toMatch(/^p\.yaml:\d+:\d+: YAML does not parse: /);
    expect(result.profile).toBeNull();
  });

  it('refuses a duplicate key as YAML that does not parse', () => {
    const result = analyseProfile('p.yaml', `${GOOD}profile: Again\n`);
    expect(result.errors[0]).toMatch(/^p\.yaml:13:1: YAML does not parse: Map keys must be unique$/);
  });

  it('refuses a rule under two severities at the line of the second listing', () => {
    const text = GOOD.replace('warning: [b]', 'warning: [b, a]');
    expect(analyseProfile('p.yaml', text).errors).toEqual([
      'p.yaml:6: rule "a" is listed under both violation and warning',
    ]);
  });

  it('refuses a severity list naming a rule validations does not define, at its line', () => {
    const text = GOOD.replace('info: []', 'info:\n  - ghost');
    expect(analyseProfile('p.yaml', text).errors).toEqual([
      'p.yaml:8: rule "ghost" is listed under info but validations does not define it',
    ]);
  });

  it('refuses a profile without a name, a severity that is not a list, validations that are not a map', () => {
    expect(analyseProfile('p.yaml', GOOD.replace('profile: Good\n', '')).errors).toEqual([
      "p.yaml:2: profile (the profile's name) is missing",
    ]);
    expect(analyseProfile('p.yaml', GOOD.replace('info: []', 'info: c')).errors).toEqual([
      'p.yaml:7: info must be a list of rule names',
    ]);
    const noMap = analyseProfile('p.yaml', GOOD.replace(/validations:[\s\S]*$/, 'validations: [a, b]\n'));
    expect(noMap.errors[0]).toBe('p.yaml:8: validations must be a mapping of rule names to rules');
  });

  it('warns about doubtful things: no targetClass, a validation never listed, a rule listed twice, no rules', () => {
    const text = `#%Validation Profile 1.0
profile: Doubtful
violation: [a, a]
validations:
  a:
    message: no target class
  unused:
    targetClass: apiContract.Operation
`;
    const result = analyseProfile('p.yaml', text);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      'p.yaml:2: description is missing',
      'p.yaml:3: rule "a" is listed twice under violation',
      'p.yaml:5: validation "a" has no targetClass',
      'p.yaml:7: validation "unused" is not listed under violation, warning or info; it is never reported',
    ]);
    expect(
      analyseProfile('p.yaml', '#%Validation Profile 1.0\nprofile: Empty\ndescription: d\n').warnings,
    ).toEqual(['p.yaml:2: the profile lists no rules']);
  });

  it('recognises a profile by its first line only (a byte order mark allowed)', () => {
    expect(looksLikeProfile('\uFEFF#%Validation Profile 1.0\n')).toBe(true);
    expect(looksLikeProfile('profile: x\n#%Validation Profile 1.0\n')).toBe(false);
  });
});

describe('target scopes from target classes', () => {
  it.each([
    ['apiContract.Operation', 'rest-api'],
    ['shapes.ScalarShape', 'rest-api'],
    ['security.ApiKeySettings', 'rest-api'],
    ['core.CreativeWork', 'rest-api'],
    ['apiContract.Message', 'async-api'],
    ['async.Channel', 'async-api'],
    ['apiBinding.KafkaMessageBinding', 'async-api'],
    ['grpc.Service', 'grpc-api'],
    ['http.Route', 'http-api'],
    ['agent.AgentCard', 'agent'],
    ['a2a.Skill', 'agent'],
    ['mcp.Tool', 'mcp'],
    ['unknown.Thing', null],
  ])('%s gives %s', (cls, scope) => {
    expect(scopeOf(cls)).toBe(scope);
  });

  it('lists each scope once, in the order of the scope list', () => {
    expect(targetScopesOf(['mcp.Tool', 'apiContract.Operation', 'shapes.NodeShape', 'agent.Card'])).toEqual([
      'rest-api',
      'agent',
      'mcp',
    ]);
  });
});

describe('bounds of a profile', () => {
  it('refuses more than 1000 rules and over-long rule names', () => {
    const names = Array.from({ length: 1001 }, (_, i) => `r${i}`);
    const many = `#%Validation Profile 1.0\nprofile: Many\nviolation: [${names.join(', ')}]\nvalidations:\n${names
      .map((n) => `  ${n}: {targetClass: core.X}`)
      .join('\n')}\n`;
    expect(analyseProfile('p.yaml', many).errors).toEqual([
      'p.yaml:2: the profile lists 1001 rules; at most 1000',
    ]);
    const long = `#%Validation Profile 1.0\nprofile: Long\nviolation: [${'r'.repeat(201)}]\n`;
    expect(analyseProfile('p.yaml', long).errors[0]).toBe(
      'p.yaml:3: violation lists something that is not a rule name (1 to 200 characters)',
    );
  });
});
