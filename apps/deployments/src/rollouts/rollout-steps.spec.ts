import type { CreateRolloutRequest } from '@pc/contracts';
import { rolloutSteps } from './rollout-steps';

const base = { connectionId: 'c', workspaceId: 'w', rulesetId: 'r', assetType: 'ruleset' } as const;
const orgs = Array.from({ length: 10 }, (_, i) => `org-${i}`);

function refusal(req: Partial<CreateRolloutRequest>): string[] {
  try {
    rolloutSteps({ ...base, ...req });
  } catch (error) {
    return ((error as { details?: Array<{ field: string }> }).details ?? []).map((d) => d.field);
  }
  throw new Error('accepted');
}

describe('rolloutSteps', () => {
  it('cuts targets by sizes, `rest` taking what remains', () => {
    expect(rolloutSteps({ ...base, targetOrganizationIds: orgs, stepSizes: [1, 3, 'rest'] })).toEqual([
      orgs.slice(0, 1),
      orgs.slice(1, 4),
      orgs.slice(4),
    ]);
    expect(
      rolloutSteps({ ...base, targetOrganizationIds: orgs.slice(0, 4), stepSizes: [1, 3] }),
    ).toHaveLength(2);
  });

  it('keeps explicit steps as given', () => {
    expect(rolloutSteps({ ...base, steps: [['a'], ['b', 'c']] })).toEqual([['a'], ['b', 'c']]);
  });

  it('refuses an organization named twice, an empty step and sizes that do not add up', () => {
    expect(refusal({ steps: [['a'], ['b', 'a']] })).toEqual(['steps']);
    expect(refusal({ steps: [['a'], []] })).toEqual(['steps[1]']);
    expect(refusal({ steps: [] })).toEqual(['steps']);
    expect(refusal({ targetOrganizationIds: orgs, stepSizes: [1, 3] })).toEqual(['stepSizes']);
    expect(refusal({ targetOrganizationIds: orgs, stepSizes: [5, 6] })).toEqual(['stepSizes[1]']);
    expect(refusal({ targetOrganizationIds: orgs, stepSizes: [10, 'rest'] })).toEqual(['stepSizes[1]']);
    expect(refusal({ targetOrganizationIds: orgs, stepSizes: ['rest', 1] })).toContain('stepSizes[0]');
    expect(refusal({ targetOrganizationIds: orgs, stepSizes: [0, 'rest'] })).toEqual(['stepSizes[0]']);
    expect(refusal({ steps: [['a']], stepSizes: [1] })).toEqual(['steps']);
  });

  it('refuses a bake time or health timeout out of range', () => {
    expect(refusal({ steps: [['a']], bakeSeconds: -1 })).toEqual(['bakeSeconds']);
    expect(refusal({ steps: [['a']], bakeSeconds: 86_401 })).toEqual(['bakeSeconds']);
    expect(refusal({ steps: [['a']], healthTimeoutSeconds: 0 })).toEqual(['healthTimeoutSeconds']);
  });
});
