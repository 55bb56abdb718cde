import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { createLogger, RemoteError } from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES, bodyLimitOf } from './body-limit';
import type { ErrorBody } from './error-body';
import { ERROR_STATUS, STATUS_TEXT } from './error-status';

const log = createLogger('http');

/**
 * Every error leaves the gateway as `{statusCode, error, message, details?, code?}`; a service error's
 * `extra` fields (e.g. `validation`) are merged in beside them, never over them.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { body, retryAfter } = toErrorBody(exception, request.id, bodyLimitOf(request));
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).send(body);
  }
}

/** `bodyLimit`: the body limit of the route the request reached, named when the body was over it. */
export function toErrorBody(
  exception: unknown,
  requestId: string,
  bodyLimit = BODY_LIMIT_BYTES,
): { body: ErrorBody; retryAfter?: number } {
  if (exception instanceof RemoteError) {
    const statusCode = ERROR_STATUS[exception.payload.code];
    const body: ErrorBody = {
      ...exception.payload.extra,
      statusCode,
      error: STATUS_TEXT[statusCode] ?? 'Error',
      message: exception.payload.message,
      code: exception.payload.code,
      ...(exception.payload.details ? { details: exception.payload.details } : {}),
    };
    if (statusCode >= 500) log.error({ requestId, code: exception.payload.code }, exception.payload.message);
    return { body, retryAfter: exception.payload.retryAfter };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    const fromResponse =
      typeof response === 'object' && response !== null ? (response as Partial<ErrorBody>) : {};
    // Nest hands Fastify's own request errors on as HttpException(message, status): a 413 with nothing
    // but a message is the body limit (the validation pipe's 413 lists the fields over their budgets).
    const message =
      statusCode === 413 && typeof response === 'string'
        ? tooLarge(bodyLimit)
        : typeof fromResponse.message === 'string'
          ? fromResponse.message
          : typeof response === 'string'
            ? response
            : exception.message;
    return {
      body: {
        statusCode,
        error: STATUS_TEXT[statusCode] ?? 'Error',
        message,
        ...(fromResponse.details ? { details: fromResponse.details } : {}),
        ...(fromResponse.code ? { code: fromResponse.code } : {}),
      },
    };
  }
  const fastifyStatus = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    // Fastify's own request errors (malformed JSON, wrong content type, body too large).
    return {
      body: {
        statusCode: fastifyStatus,
        error: STATUS_TEXT[fastifyStatus] ?? 'Bad Request',
        message:
          (exception as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? tooLarge(bodyLimit)
            : (exception as Error).message,
      },
    };
  }
  log.error({ requestId, err: exception }, 'unhandled error');
  return { body: { statusCode: 500, error: STATUS_TEXT[500], message: 'Internal error' } };
}

function tooLarge(bodyLimit: number): string {
  return `The request body is too large: this route reads at most ${bodyLimit} bytes`;
}
