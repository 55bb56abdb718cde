import type { components } from './generated/openapi';

/** The JSON error body every error status of the API carries. */
export type ErrorBody = components['schemas']['ErrorBodyDto'];
/** The stable error codes of the API (`code` of an error body), one per condition. */
export type ErrorCode = NonNullable<ErrorBody['code']>;
/** One field's problem (`details` of a 400 or 422). */
export type FieldError = components['schemas']['FieldErrorDto'];

/**
 * An answer other than 2xx, with what the API said: the status, the stable `code`, the message, the
 * field errors and the whole body (a failed repository validation carries `validation`, an
 * unparseable specification `findings`). `status` 0: the server could not be reached.
 */
export class PolicyCatalogError extends Error {
  override readonly name = 'PolicyCatalogError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | undefined,
    /** `METHOD /path` of the operation that failed. */
    readonly operation: string,
    /** The gateway's `x-request-id`, to quote when reporting a problem. */
    readonly requestId: string | undefined,
    /** Seconds, from `Retry-After` (429, 503). */
    readonly retryAfter: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The stable code of the condition, when the body names one. */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  /** Field errors of a 400 or 422 (an empty list otherwise). */
  get fields(): FieldError[] {
    return Array.isArray(this.body?.details) ? this.body.details : [];
  }

  /** True when trying again later may succeed: unreachable, 429, 502, 503, 504. */
  get transient(): boolean {
    return [0, 429, 502, 503, 504].includes(this.status);
  }

  static async fromResponse(response: Response, operation: string): Promise<PolicyCatalogError> {
    const text = await response.text().catch(() => '');
    let body: ErrorBody | undefined;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (isErrorBody(parsed)) body = parsed;
    } catch {
      body = undefined;
    }
    return PolicyCatalogError.of(response, operation, body, text);
  }

  static of(response: Response, operation: string, body: unknown, text = ''): PolicyCatalogError {
    const errorBody = isErrorBody(body) ? body : undefined;
    const message =
      errorBody?.message ??
      `${operation} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    return new PolicyCatalogError(
      response.status,
      message,
      errorBody,
      operation,
      response.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }

  static unreachable(operation: string, cause: unknown): PolicyCatalogError {
    const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause : cause).message : '';
    return new PolicyCatalogError(
      0,
      `${operation}: the server could not be reached${reason ? ` (${reason})` : ''}`,
      undefined,
      operation,
      undefined,
      undefined,
      { cause },
    );
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
