import type { KeptFinding } from '@pc/contracts';
import { diffFindings } from './evaluation-diff';

const finding = (rule: string, pointer: string, line = 1): KeptFinding => ({
  ruleset_id: 'r1',
  rule,
  severity: 'violation',
  message: 'm',
  file: 'api.yaml',
  line,
  column: 1,
  pointer,
  waiver_id: null,
});

describe('the diff between two evaluations', () => {
  it('matches findings by ruleset, rule, file and pointer (a moved line is the same finding), as multisets', () => {
    const from = [
      finding('a', '#/paths/~1pets/get', 3),
      finding('b', '#/info'),
      finding('c', '#/x'),
      finding('c', '#/x'),
    ];
    const to = [finding('a', '#/paths/~1pets/get', 9), finding('c', '#/x'), finding('d', '#/paths')];
    const diff = diffFindings(from, to);
    expect(diff.unchanged).toBe(2);
    expect(diff.introduced.map((f) => f.rule)).toEqual(['d']);
    expect(diff.resolved.map((f) => f.rule).sort()).toEqual(['b', 'c']);
  });
});
