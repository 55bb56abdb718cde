import type { ErrorCode, FieldError } from '@pc/contracts';
import { DomainError } from '@pc/platform';

type DeploymentsCode = Extract<ErrorCode, `DEPLOYMENTS.${string}`>;

/**
 * The deployments service's own errors: each condition a code of its own, listed in `ERROR_CODES`
 * (libs/contracts) and given its status once, in the gateway's table. Generic helpers (`notFound`,
 * `forbidden`, `badRequest`) stay for conditions that are the same in every service.
 */
export function deploymentsError(
  code: DeploymentsCode,
  message: string,
  details?: FieldError[],
): DomainError {
  return new DomainError(code, message, details);
}
