import type { KeptFinding } from '@pc/contracts';

/** A finding's identity across evaluations: its ruleset, rule, file and JSON pointer (its line may move). */
const keyOf = (f: KeptFinding): string => JSON.stringify([f.ruleset_id, f.rule, f.file, f.pointer]);

/**
 * The findings `to` introduced and those it resolved since `from`, as multisets: two findings of one rule
 * at one element count twice.
 */
export function diffFindings(
  from: KeptFinding[],
  to: KeptFinding[],
): { introduced: KeptFinding[]; resolved: KeptFinding[]; unchanged: number } {
  const before = new Map<string, KeptFinding[]>();
  for (const finding of from) before.set(keyOf(finding), [...(before.get(keyOf(finding)) ?? []), finding]);
  const introduced: KeptFinding[] = [];
  let unchanged = 0;
  for (const finding of to) {
    const same = before.get(keyOf(finding));
    if (same && same.length > 0) {
      same.pop();
      unchanged += 1;
    } else introduced.push(finding);
  }
  return { introduced, resolved: [...before.values()].flat(), unchanged };
}
