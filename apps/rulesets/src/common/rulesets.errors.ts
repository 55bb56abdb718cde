import type { ErrorCode, FieldError } from '@pc/contracts';
import { DomainError } from '@pc/platform';

type RulesetsCode = Extract<ErrorCode, `RULESETS.${string}`>;

/**
 * The rulesets service's own errors: each condition a code of its own, listed in `ERROR_CODES`
 * (libs/contracts), its status in the gateway's one table. Generic helpers (`notFound`, `forbidden`)
 * stay for what is the same everywhere (a record the caller cannot see, a role that is not enough).
 */
export function rulesetsError(code: RulesetsCode, message: string, details?: FieldError[]): DomainError {
  return new DomainError(code, message, details);
}
