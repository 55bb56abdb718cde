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

  it("covers a rule of the waiver's ruleset only, when it names one; without one, the rule of that name in every ruleset", () => {
    // An AMF and a Spectral ruleset, both with a rule named operation-id-required, each failing it once.
    const rulesets = [
      { ruleset_id: 'amf', applicable_rules: 1 },
      { ruleset_id: 'spectral', applicable_rules: 1 },
    ];
    const findings = [
      { ...finding('operation-id-required', '#/paths/~1pets/post'), ruleset_id: 'amf' },
      { ...finding('operation-id-required', '#/paths/~1pets/post'), ruleset_id: 'spectral' },
    ];
    const scoped = { id: 'w', ruleset_id: 'amf', rule: 'operation-id-required', location: '#/paths' };
    expect(covers(scoped, findings[0])).toBe(true);
    expect(covers(scoped, findings[1])).toBe(false);
    const result = conformanceOf(rulesets, findings, [scoped]);
    expect(result).toMatchObject({ waived: 1, passed_rules: 1, conformance: 50 });
    expect(result.findings.map((f) => [f.ruleset_id, f.waiver_id])).toEqual([
      ['amf', 'w'],
      ['spectral', null],
    ]);
    expect([...result.failed]).toEqual([
      ['amf', 0],
      ['spectral', 1],
    ]);
    // A waiver without a ruleset (every one made before waivers named one) keeps covering both.
    for (const anyRuleset of [
      { ...scoped, ruleset_id: null },
      { id: 'w', rule: scoped.rule, location: '#/paths' },
    ])
      expect(conformanceOf(rulesets, findings, [anyRuleset])).toMatchObject({ waived: 2, conformance: 100 });
  });

  it('counts no rule as passed that may have lost violations to truncation', () => {
    // The engine kept 500 violations of rule a and cut the rest: 10 more of a and the one of z.
    const findings = Array.from({ length: 500 }, (_, i) => finding('a', `#/paths/~1p${i}/get`));
    const truncated = [{ ruleset_id: 'r1', applicable_rules: 2, counts: { violation: 511 } }];
    expect(conformanceOf(truncated, findings, [])).toMatchObject({
      passed_rules: 0,
      applicable_rules: 2,
      conformance: 0,
    });
    // One violation missing: at most one more rule failed, and the others of the ruleset still pass.
    const oneMissing = [{ ruleset_id: 'r1', applicable_rules: 4, counts: { violation: 501 } }];
    expect(conformanceOf(oneMissing, findings, [])).toMatchObject({ passed_rules: 2, conformance: 50 });
    // A waiver of the kept ones does not pass a rule whose other findings were not seen.
    const waiver = { id: 'w', rule: 'a', location: '#/paths' };
    const waived = conformanceOf(oneMissing, findings, [waiver]);
    expect(waived).toMatchObject({ waived: 500, passed_rules: 3, conformance: 75 });
    expect([...waived.failed]).toEqual([['r1', 1]]);
    // Complete findings: as before.
    const complete = [{ ruleset_id: 'r1', applicable_rules: 2, counts: { violation: 500 } }];
    expect(conformanceOf(complete, findings, [])).toMatchObject({ passed_rules: 1, conformance: 50 });
    expect(conformanceOf(complete, findings, [waiver])).toMatchObject({ passed_rules: 2, conformance: 100 });
  });
});
