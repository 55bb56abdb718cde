import { conformanceOf, covers } from './conformance';

const finding = (rule: string, pointer: string | null, file: string | null = 'api.yaml') => ({
  ruleset_id: 'r1',
  rule,
  severity: 'violation' as const,
  message: 'm',
  file,
  line: 1,
  column: 1,
  pointer,
});

describe('waivers and conformance', () => {
  it('covers the element a JSON pointer names and everything below it, * standing for one segment', () => {
    const waiver = { id: 'w', rule: 'summary', location: '#/paths/~1pets' };
    expect(covers(waiver, finding('summary', '#/paths/~1pets/post'))).toBe(true);
    expect(covers(waiver, finding('summary', '#/paths/~1pets'))).toBe(true);
    expect(covers(waiver, finding('summary', '#/paths/~1owners/get'))).toBe(false);
    expect(covers(waiver, finding('other', '#/paths/~1pets/post'))).toBe(false);
    expect(covers(waiver, finding('summary', null))).toBe(false);
    const any = { id: 'w', rule: 'summary', location: '/paths/*/get' };
    expect(covers(any, finding('summary', '#/paths/~1owners/get/responses'))).toBe(true);
    expect(covers(any, finding('summary', '#/paths/~1owners/post'))).toBe(false);
  });

  it('covers the findings of files a path pattern matches', () => {
    const waiver = { id: 'w', rule: 'summary', location: 'legacy/**' };
    expect(covers(waiver, finding('summary', '#/x', 'legacy/v1/api.yaml'))).toBe(true);
    expect(covers(waiver, finding('summary', '#/x', 'api.yaml'))).toBe(false);
    expect(covers({ ...waiver, location: '*.yaml' }, finding('summary', null, 'api.yaml'))).toBe(true);
    expect(covers({ ...waiver, location: '*.yaml' }, finding('summary', null, 'a/api.yaml'))).toBe(false);
  });

  it('counts passed rules over all rules; a waived violation or a warning fails nothing', () => {
    const rulesets = [{ ruleset_id: 'r1', applicable_rules: 5 }];
    const findings = [
      finding('a', '#/paths/~1pets/get'),
      finding('a', '#/paths/~1pets/post'),
      finding('b', '#/paths/~1pets/get'),
      { ...finding('c', '#/info'), severity: 'warning' as const },
    ];
    expect(conformanceOf(rulesets, findings, [])).toMatchObject({
      passed_rules: 3,
      applicable_rules: 5,
      conformance: 60,
      waived: 0,
    });
    const waived = conformanceOf(rulesets, findings, [{ id: 'w1', rule: 'b', location: '#/paths' }]);
    expect(waived).toMatchObject({ passed_rules: 4, conformance: 80, waived: 1 });
    expect(waived.findings.find((f) => f.rule === 'b')?.waiver_id).toBe('w1');
    expect(conformanceOf([{ ruleset_id: 'r1', applicable_rules: 0 }], [], []).conformance).toBeNull();
    expect(
      conformanceOf([{ ruleset_id: 'r1', applicable_rules: 3 }], [finding('a', '#/')], []).conformance,
    ).toBe(66.7);
  });
});
