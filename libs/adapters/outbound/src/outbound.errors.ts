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
