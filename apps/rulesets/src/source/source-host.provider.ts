import { DomainError } from '@pc/platform';
import { HttpSourceHost, isSourceHostError, type SourceHost, type SourceHostError } from '@pc/source-host';
import type { RulesetsEnv } from '../rulesets.env';

export const SOURCE_HOST = Symbol('SOURCE_HOST');

export function sourceHostFrom(env: RulesetsEnv): SourceHost {
  return HttpSourceHost.fromEnv({
    SOURCE_HOST_WEB_URL: env.SOURCE_HOST_WEB_URL,
    SOURCE_HOST_API_URL: env.SOURCE_HOST_API_URL,
    SOURCE_HOST_TOKEN: env.SOURCE_HOST_TOKEN,
    SOURCE_HOST_TIMEOUT_MS: env.SOURCE_HOST_TIMEOUT_MS,
    OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST,
  });
}

/** The host could not answer (now): nothing can be concluded about the repository. */
export function isTransient(error: unknown): error is SourceHostError {
  return (
    isSourceHostError(error) &&
    ['unreachable', 'timeout', 'rate_limited', 'upstream_error', 'unauthorized'].includes(error.kind)
  );
}

/** 502 UPSTREAM_UNAVAILABLE, with Retry-After when the host said how long (60 s when rate limited). */
export function upstreamUnavailable(error: SourceHostError): DomainError {
  return new DomainError(
    'UPSTREAM_UNAVAILABLE',
    error.kind === 'rate_limited'
      ? 'The source host is rate limiting requests; try again later'
      : 'The source host could not be read; try again later',
    undefined,
    error.kind === 'rate_limited' ? (error.retryAfterSeconds ?? 60) : undefined,
  );
}
