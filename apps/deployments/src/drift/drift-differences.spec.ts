import type { AppliedAsset } from '@pc/gateway-platform';
import { driftDifferences, sameDifferences } from './drift-differences';

const applied = (over: Partial<AppliedAsset> = {}): AppliedAsset => ({
  organizationId: 'org',
  kind: 'ruleset',
  groupId: 'root',
  assetId: 'rules',
  version: '1.0.0',
  configuration: {},
  appliedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const expected = { kind: 'ruleset' as const, groupId: 'root', version: '1.0.0', configuration: {} };

describe('driftDifferences', () => {
  it('finds nothing when the platform runs what was applied', () => {
    expect(driftDifferences(expected, applied())).toEqual([]);
  });

  it('names a removed item, another version and each changed configuration key', () => {
    expect(driftDifferences(expected, null)).toEqual([
      { field: 'presence', expected: '1.0.0', actual: null },
    ]);
    expect(
      driftDifferences(expected, applied({ version: '0.9.0', configuration: { limit: 5, mode: 'strict' } })),
    ).toEqual([
      { field: 'version', expected: '1.0.0', actual: '0.9.0' },
      { field: 'configuration.limit', expected: null, actual: 5 },
      { field: 'configuration.mode', expected: null, actual: 'strict' },
    ]);
    expect(
      driftDifferences(expected, applied({ groupId: 'other', kind: 'policy' })).map((d) => d.field),
    ).toEqual(['kind', 'groupId']);
  });

  it('knows a stored drift again whatever order its keys came back in', () => {
    const found = driftDifferences(
      expected,
      applied({ configuration: { limit: { per: 'minute', max: 5 } } }),
    );
    const stored = JSON.parse(
      '[{"field":"configuration.limit","actual":{"max":5,"per":"minute"},"expected":null}]',
    ) as typeof found;
    expect(sameDifferences(found, stored)).toBe(true);
    expect(sameDifferences(found, [])).toBe(false);
  });
});
