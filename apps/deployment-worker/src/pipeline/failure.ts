import { isPlatformError } from '@pc/gateway-platform';
import { RemoteError } from '@pc/platform';
import { isRegistryError } from '@pc/registry';
import { isSourceHostError } from '@pc/source-host';
import { BuildError } from './build';

const TRANSIENT_KINDS = new Set(['timeout', 'unreachable', 'rate_limited', 'upstream_error']);
const TRANSIENT_CODES = new Set(['TIMEOUT', 'SERVICE_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE', 'INTERNAL']);

/** A failure that the same job may get past later (worth a redelivery), or one it never will. */
export function isTransient(error: unknown): boolean {
  if (error instanceof PermanentFailure || error instanceof BuildError) return false;
  if (isPlatformError(error) || isRegistryError(error) || isSourceHostError(error))
    return TRANSIENT_KINDS.has(error.kind);
  if (error instanceof RemoteError) return TRANSIENT_CODES.has(error.payload.code);
  // Database and network failures of our own: try again.
  return true;
}

/** A failure the user must fix (a bad version, a missing file): the job fails without retrying. */
export class PermanentFailure extends Error {}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
