import { describeFailure, type OutboundResponse, type UpstreamFailure } from './outbound.client';
import {
  OutboundError,
  type AdapterError,
  type AdapterErrorDetails,
  type OutboundErrorKind,
} from './outbound.errors';

/** The kinds every adapter has: the upstream limits its callers, or answered something unusable. */
type AnswerKind = 'rate_limited' | 'upstream_error';

/**
 * One adapter's failures for what its upstream answers and for requests that got no answer, raised as
 * the adapter's own error (`RegistryError`, `PlatformError`, `SourceHostError`) with messages naming the
 * upstream (`The registry answered 500: ...`). The adapter says which statuses (`statusKind`) and which
 * transport failures (`transportKinds`) are kinds of its own; the rest are `upstream_error`.
 */
export class UpstreamFailures<E extends AdapterError<string>> {
  constructor(
    private readonly upstream: string,
    private readonly errorClass: new (
      kind: E['kind'] | AnswerKind,
      message: string,
      details?: AdapterErrorDetails,
    ) => E,
    private readonly options: {
      statusKind?: (failure: UpstreamFailure) => E['kind'] | undefined;
      transportKinds: Partial<Record<OutboundErrorKind, E['kind']>>;
    },
  ) {}

  /** Throws for any answer but a 2xx: `rate_limited`, the status's own kind, or `upstream_error`. */
  expectOk(response: OutboundResponse): void {
    const failure = describeFailure(response);
    if (!failure) return;
    const { status, message } = failure;
    if (failure.rateLimited) {
      throw new this.errorClass('rate_limited', `The ${this.upstream} is rate limiting`, {
        status,
        retryAfterSeconds: failure.retryAfterSeconds,
      });
    }
    const kind = this.options.statusKind?.(failure);
    if (kind !== undefined) throw new this.errorClass(kind, message, { status });
    throw new this.errorClass('upstream_error', `The ${this.upstream} answered ${status}: ${message}`, {
      status,
    });
  }

  /** The JSON body of a 2xx answer (`what` names it when it is missing). */
  expectJson(response: OutboundResponse, what: string): unknown {
    this.expectOk(response);
    const body = response.json();
    if (body === undefined) throw this.malformed(what);
    return body;
  }

  malformed(what: string): E {
    return new this.errorClass('upstream_error', `The ${this.upstream} answered a malformed ${what}`);
  }

  /** A request that got no answer (or the adapter's own error, as it is). */
  fromOutbound(error: unknown): E {
    if (error instanceof this.errorClass) return error;
    if (error instanceof OutboundError) {
      const kind = this.options.transportKinds[error.kind];
      if (kind !== undefined) return new this.errorClass(kind, error.message, { cause: error });
    }
    return new this.errorClass(
      'upstream_error',
      error instanceof Error ? error.message : 'Unexpected failure',
      { cause: error },
    );
  }
}
