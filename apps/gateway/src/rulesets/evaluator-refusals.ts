import type { ApiError } from '../auth/auth.decorators';

/**
 * The refusals of a route whose work runs on the rulesets service's evaluator (a ruleset repository's
 * validation: the engine's check of its profile or Spectral ruleset, and its examples; a governed API's
 * document parsed as it is registered or pushed), in the caller's share of it as their evaluations are:
 * besides the route's own errors.
 */
export const EVALUATOR_REFUSALS: ApiError[] = [
  [
    429,
    "The caller's share of the evaluator is taken: their evaluations and validations running or waiting, one per " +
      'evaluator thread (two at least); try again when one has finished (Retry-After)',
  ],
  [
    503,
    'Every evaluator is busy (Retry-After), or a service this request needs is unavailable, or the gateway is ' +
      'shutting down; try again later',
    'retry-after',
  ],
];
