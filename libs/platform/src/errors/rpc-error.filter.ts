import { type ArgumentsHost, Catch, HttpException, type RpcExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@pc/contracts';
import type { FastifyReply } from 'fastify';
import { EMPTY, type Observable, throwError } from 'rxjs';
import { createLogger } from '../logging/logger';
import { DomainError, RemoteError } from './domain-error';

const log = createLogger('rpc');

/**
 * One per service: turns whatever a handler threw into the payload that crosses the bus. Domain
 * errors keep their code; an error from another service passes through; anything else is logged
 * with the request id and leaves as INTERNAL without internals. (A service's only HTTP routes are its
 * health endpoints; their errors are answered as plain JSON.)
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> {
    if (host.getType() === 'http') {
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      const status = exception instanceof HttpException ? exception.getStatus() : 500;
      const body =
        exception instanceof HttpException
          ? exception.getResponse()
          : { statusCode: 500, message: 'Internal error' };
      void reply.status(status).send(body);
      return EMPTY;
    }
    return throwError(() => toRpcError(exception));
  }
}

export function toRpcError(exception: unknown): RpcErrorPayload {
  if (exception instanceof DomainError) return exception.toPayload();
  if (exception instanceof RemoteError) return exception.payload;
  if (exception instanceof Error && /timeout exceeded when trying to connect/i.test(exception.message)) {
    log.warn({ err: exception }, 'no database connection free in time');
    return { code: 'SERVICE_UNAVAILABLE', message: 'The service is busy; try again shortly' };
  }
  if (isDataException(exception)) {
    // PostgreSQL refused a value (a NUL byte, an invalid encoding, a number out of range): bad input.
    return { code: 'BAD_REQUEST', message: 'A value in the request cannot be stored' };
  }
  log.error({ err: exception }, 'unhandled error in handler');
  return { code: 'INTERNAL', message: 'Internal error' };
}

/** SQLSTATE class 22: data exception. */
function isDataException(error: unknown): boolean {
  const driver = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driver?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
