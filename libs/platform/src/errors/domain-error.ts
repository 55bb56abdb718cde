import type { ErrorCode, FieldError, RpcErrorPayload } from '@pc/contracts';

/**
 * What services throw. It crosses the bus as `{code, message, details}`; the gateway maps the code to
 * an HTTP status. Never throw an HTTP exception inside a service.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly retryAfter?: number,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): RpcErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
      ...(this.extra ? { extra: this.extra } : {}),
    };
  }
}

export const notFound = (what: string): DomainError => new DomainError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string): DomainError => new DomainError('FORBIDDEN', message);
export const conflict = (message: string): DomainError => new DomainError('CONFLICT', message);
export const unauthenticated = (message = 'Authentication required'): DomainError =>
  new DomainError('UNAUTHENTICATED', message);
export const unprocessable = (message: string, details?: FieldError[]): DomainError =>
  new DomainError('UNPROCESSABLE', message, details);
export const badRequest = (message: string, details?: FieldError[]): DomainError =>
  new DomainError('BAD_REQUEST', message, details);

/** An error that came back over the bus from another service. */
export class RemoteError extends Error {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload.message);
    this.name = 'RemoteError';
  }
}
