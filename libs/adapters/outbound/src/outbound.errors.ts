/** Why an outbound request did not produce an HTTP response. */
export type OutboundErrorKind =
  'invalid_url' | 'blocked_address' | 'unresolvable' | 'timeout' | 'unreachable' | 'too_large';

export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isOutboundError(error: unknown): error is OutboundError {
  return error instanceof OutboundError;
}

/** What an adapter's failure may carry beside its kind. */
export interface AdapterErrorDetails {
  retryAfterSeconds?: number;
  status?: number;
  cause?: unknown;
}

/**
 * The one shape of an external system's failure, as data the caller can switch on: a `kind` of the
 * adapter's own list, a message, and details (the HTTP status, how long to wait, the cause). Each
 * adapter names its subclass (`PlatformError`, `RegistryError`, `SourceHostError`) and its kinds.
 */
export abstract class AdapterError<Kind extends string> extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    readonly details: AdapterErrorDetails = {},
  ) {
    super(message, { cause: details.cause });
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }
}
