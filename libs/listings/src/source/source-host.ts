import { type DynamicModule, Module } from '@nestjs/common';
import { DomainError } from '@pc/platform';
import {
  HttpSourceHost,
  isSourceHostError,
  type SourceHost,
  type SourceHostError,
  type SourceHostErrorKind,
} from '@pc/source-host';
import type { ListingKind } from '../listing-kind';
import type { ListingServiceEnv } from './listing-service.env';

/**
 * Why a private repository the service's token could read is refused, after "the repository"
 * (SOURCE_HOST_ALLOW_PRIVATE off: every user would read what the token reads).
 */
export const PRIVATE_REFUSED = 'is private, and this catalog reads public repositories only';

/** The source host adapter, as a kind's features inject it: `@Inject(SOURCE_HOST) host: SourceHost`. */
export const SOURCE_HOST = Symbol('SOURCE_HOST');

/**
 * The HTTP adapter the service's configuration describes. Private repositories are refused unless
 * SOURCE_HOST_ALLOW_PRIVATE: whatever the service reads, any of its users can submit, evaluate and see.
 */
export function sourceHostFrom(env: ListingServiceEnv): SourceHost {
  return HttpSourceHost.fromEnv(
    {
      SOURCE_HOST_WEB_URL: env.SOURCE_HOST_WEB_URL,
      SOURCE_HOST_API_URL: env.SOURCE_HOST_API_URL,
      SOURCE_HOST_TOKEN: env.SOURCE_HOST_TOKEN,
      SOURCE_HOST_TIMEOUT_MS: env.SOURCE_HOST_TIMEOUT_MS,
      OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST,
      OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
    },
    { privateRepositories: env.SOURCE_HOST_ALLOW_PRIVATE ? 'read' : 'refuse' },
  );
}

/**
 * The source host adapter, the one way a kind's service reads repositories: provided once for the whole
 * service (like its database), from its configuration, or an in-memory one that a test hands over.
 */
@Module({})
export class SourceHostModule {
  static register(host: SourceHost): DynamicModule {
    return {
      module: SourceHostModule,
      global: true,
      providers: [{ provide: SOURCE_HOST, useValue: host }],
      exports: [SOURCE_HOST],
    };
  }
}

/** Failures that say nothing about the repository: the host could not answer (now). */
const TRANSIENT: ReadonlySet<SourceHostErrorKind> = new Set([
  'unreachable',
  'timeout',
  'rate_limited',
  'upstream_error',
  'unauthorized',
]);

/** True when the source host could not answer, so nothing can be concluded about the repository. */
export function isTransientSourceHostError(error: unknown): error is SourceHostError {
  return isSourceHostError(error) && TRANSIENT.has(error.kind);
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

/**
 * The domain error a user should see when a source host call about a listing fails: 502
 * UPSTREAM_UNAVAILABLE when the host could not answer; 404 with the kind's `repositoryGone` code when the
 * repository no longer exists or turned private (or is private, and private repositories are refused); 422 when the stored URL, ref or content cannot be used.
 * Anything that is not a source host error is returned unchanged, to be rethrown.
 */
export function sourceHostFailure(
  kind: Pick<ListingKind, 'assetType' | 'repositoryGone'>,
  error: unknown,
): Error {
  if (!isSourceHostError(error)) return error instanceof Error ? error : new Error(String(error));
  if (TRANSIENT.has(error.kind)) return upstreamUnavailable(error);
  if (error.kind === 'not_found' || error.kind === 'private')
    return new DomainError(
      kind.repositoryGone,
      `The ${kind.assetType} repository no longer exists or is private`,
    );
  if (error.kind === 'private_refused')
    return new DomainError(kind.repositoryGone, `The ${kind.assetType} repository ${PRIVATE_REFUSED}`);
  return new DomainError(
    'UNPROCESSABLE',
    `The ${kind.assetType} repository cannot be read: ${error.message}`,
  );
}
