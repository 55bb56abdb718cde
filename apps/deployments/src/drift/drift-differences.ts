import type { DriftDifference } from '@pc/contracts';
import type { AppliedAsset } from '@pc/gateway-platform';

/** What a deployment applied: its version of its asset, from its group, with no configuration. */
export interface AppliedByDeployment {
  kind: 'policy' | 'ruleset';
  groupId: string | null;
  version: string;
  configuration: Record<string, unknown>;
}

/**
 * Field by field, what the platform runs (`actual`, null: nothing) that differs from what the
 * deployment applied: `presence` when the item is gone, else `kind`, `version`, `groupId` and each
 * `configuration.<key>` that differs. Empty: in sync.
 */
export function driftDifferences(
  expected: AppliedByDeployment,
  actual: AppliedAsset | null,
): DriftDifference[] {
  if (actual === null) return [{ field: 'presence', expected: expected.version, actual: null }];
  const differences: DriftDifference[] = [];
  if (actual.kind !== expected.kind)
    differences.push({ field: 'kind', expected: expected.kind, actual: actual.kind });
  if (actual.version !== expected.version)
    differences.push({ field: 'version', expected: expected.version, actual: actual.version });
  if (expected.groupId !== null && actual.groupId !== expected.groupId)
    differences.push({ field: 'groupId', expected: expected.groupId, actual: actual.groupId });
  const keys = [
    ...new Set([...Object.keys(expected.configuration), ...Object.keys(actual.configuration)]),
  ].sort();
  for (const key of keys) {
    const want = expected.configuration[key] ?? null;
    const have = actual.configuration[key] ?? null;
    if (JSON.stringify(want) !== JSON.stringify(have))
      differences.push({ field: `configuration.${key}`, expected: want, actual: have });
  }
  return differences;
}

/** Whether two lists of differences say the same (as stored, jsonb reorders keys: compared canonically). */
export function sameDifferences(a: DriftDifference[], b: DriftDifference[]): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}
