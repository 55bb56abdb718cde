import { isPlatformError, PlatformLimitError, type PlatformError } from '@pc/gateway-platform';
import { RemoteError } from '@pc/platform';
import { isRegistryError, type RegistryError } from '@pc/registry';
import { isSourceHostError, type SourceHostError } from '@pc/source-host';
import { BuildError } from './build';

const TRANSIENT_KINDS = new Set(['timeout', 'unreachable', 'rate_limited']);
const TRANSIENT_CODES = new Set(['TIMEOUT', 'SERVICE_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE', 'INTERNAL']);

/**
 * A failure that the same job may get past later (worth a redelivery), or one it never will. This is the
 * one place that decides; the runner retries the first kind and fails the job at once with the second.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof PermanentFailure || error instanceof BuildError) return false;
  if (isPlatformError(error) || isRegistryError(error) || isSourceHostError(error))
    return isTransientUpstream(error);
  if (error instanceof RemoteError) return TRANSIENT_CODES.has(error.payload.code);
  // Database and network failures of our own: try again.
  return true;
}

/**
 * An external system's failure is worth asking again when it did not answer (a timeout, a refused or lost
 * connection), limited the caller (`rate_limited`: 429, with or without Retry-After) or failed on its side
 * (5xx, 408 Request Timeout, a malformed answer). Never when the same request gets the same answer: a
 * refusal the adapter names (credentials, not found, a bad request...), any other 4xx, or an answer past a
 * bound this service reads (`PlatformLimitError`: an applied configuration nested too deep, an organization
 * tree too deep or too large), whose message names the limit.
 */
function isTransientUpstream(error: PlatformError | RegistryError | SourceHostError): boolean {
  if (error instanceof PlatformLimitError) return false;
  if (error.kind !== 'upstream_error') return TRANSIENT_KINDS.has(error.kind);
  const status = error.details.status;
  return status === undefined || !isRefusal(status);
}

/** A 4xx the upstream will answer again: all but 408 (Request Timeout) and 429 (Too Many Requests). */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A failure the user must fix (a bad version, a missing file): the job fails without retrying. */
export class PermanentFailure extends Error {}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
