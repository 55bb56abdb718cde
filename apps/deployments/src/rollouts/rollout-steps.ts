import { type CreateRolloutRequest, DEPLOYMENT_LIMITS, type FieldError, ROLLOUT_LIMITS } from '@pc/contracts';
import { badRequest } from '@pc/platform';

/**
 * The roll-out's steps, in order, from explicit lists (`steps`) or from targets cut by sizes
 * (`targetOrganizationIds` and `stepSizes`, `rest` last: all that remain). Refused with 400 and the
 * field at fault: both ways or neither, an empty step, an organization named twice, sizes that do not
 * add up to the targets, more steps or organizations than allowed, a bake time or health timeout out of
 * range.
 */
export function rolloutSteps(req: CreateRolloutRequest): string[][] {
  const problems: FieldError[] = [];
  const steps = req.steps !== undefined ? explicit(req, problems) : bySize(req, problems);
  const seen = new Set<string>();
  for (const org of steps.flat()) {
    if (seen.has(org)) problems.push({ field: 'steps', message: `organization ${org} is named twice` });
    seen.add(org);
  }
  if (seen.size > DEPLOYMENT_LIMITS.targetsMax)
    problems.push({ field: 'steps', message: `at most ${DEPLOYMENT_LIMITS.targetsMax} organizations` });
  if (steps.length > ROLLOUT_LIMITS.stepsMax)
    problems.push({ field: 'steps', message: `at most ${ROLLOUT_LIMITS.stepsMax} steps` });
  range(
    problems,
    'bakeSeconds',
    req.bakeSeconds,
    ROLLOUT_LIMITS.bakeSecondsMin,
    ROLLOUT_LIMITS.bakeSecondsMax,
  );
  range(
    problems,
    'healthTimeoutSeconds',
    req.healthTimeoutSeconds,
    ROLLOUT_LIMITS.healthTimeoutSecondsMin,
    ROLLOUT_LIMITS.healthTimeoutSecondsMax,
  );
  if (problems.length > 0) throw badRequest(problems[0].message, problems);
  return steps;
}

function explicit(req: CreateRolloutRequest, problems: FieldError[]): string[][] {
  if (req.stepSizes !== undefined || req.targetOrganizationIds !== undefined)
    problems.push({
      field: 'steps',
      message: 'give steps, or targetOrganizationIds with stepSizes, not both',
    });
  const steps = req.steps ?? [];
  if (steps.length === 0) problems.push({ field: 'steps', message: 'at least one step' });
  steps.forEach((step, i) => {
    if (step.length === 0) problems.push({ field: `steps[${i}]`, message: `step ${i + 1} is empty` });
  });
  return steps;
}

function bySize(req: CreateRolloutRequest, problems: FieldError[]): string[][] {
  const targets = req.targetOrganizationIds ?? [];
  const sizes = req.stepSizes ?? [];
  if (targets.length === 0 || sizes.length === 0) {
    problems.push({ field: 'steps', message: 'give steps, or targetOrganizationIds with stepSizes' });
    return [];
  }
  const steps: string[][] = [];
  let at = 0;
  sizes.forEach((size, i) => {
    if (size === 'rest') {
      if (i !== sizes.length - 1)
        problems.push({ field: `stepSizes[${i}]`, message: '`rest` may only be the last size' });
      if (at >= targets.length)
        problems.push({ field: `stepSizes[${i}]`, message: `step ${i + 1} is empty: nothing is left` });
      steps.push(targets.slice(at));
      at = targets.length;
      return;
    }
    if (!Number.isInteger(size) || size < 1) {
      problems.push({ field: `stepSizes[${i}]`, message: 'a size is a positive integer or `rest`' });
      return;
    }
    if (at + size > targets.length)
      problems.push({
        field: `stepSizes[${i}]`,
        message: `step ${i + 1} needs ${size} organizations, ${Math.max(0, targets.length - at)} remain`,
      });
    steps.push(targets.slice(at, at + size));
    at += size;
  });
  if (at < targets.length)
    problems.push({
      field: 'stepSizes',
      message: `the sizes cover ${at} of ${targets.length} organizations: end with \`rest\` or add a step`,
    });
  return steps;
}

function range(
  problems: FieldError[],
  field: string,
  value: number | undefined,
  min: number,
  max: number,
): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max)
    problems.push({ field, message: `${field} must be an integer from ${min} to ${max}` });
}
