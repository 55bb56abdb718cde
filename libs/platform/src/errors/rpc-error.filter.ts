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
    return { code: 'SERVICE_UNAVAILABLE', message: 'The service is busy; try again shortly', retryAfter: 5 };
  }
  if (isDatabaseUnavailable(exception)) {
    log.warn({ err: exception }, 'database unavailable');
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable; try again shortly',
      retryAfter: 5,
    };
  }
  if (isTransientConflict(exception)) {
    // Another transaction won a deadlock or a serialization conflict, or the server has no connection
    // slot left: nothing was written, and the same request succeeds when tried again.
    log.warn({ err: exception }, 'transaction conflict or no connection slot');
    return { code: 'SERVICE_UNAVAILABLE', message: 'The service is busy; try again shortly', retryAfter: 1 };
  }
  if (isDataException(exception)) {
    // PostgreSQL refused a value (a NUL byte, an invalid encoding, a number out of range): bad input.
    return { code: 'BAD_REQUEST', message: 'A value in the request cannot be stored' };
  }
  log.error({ err: exception }, 'unhandled error in handler');
  return { code: 'INTERNAL', message: 'Internal error' };
}

/** SQLSTATE 40P01 (deadlock), 40001 (serialization failure), 53300 (too many connections). */
export function isTransientConflict(error: unknown): boolean {
  const driver = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const code = (driver as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === '53300';
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Connection refused/i;

/**
 * PostgreSQL is down, restarting or unreachable: SQLSTATE class 08 (connection exception), 57P01-57P03
 * (shut down, crashed, starting up), a refused or reset socket, or the driver's lost connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const driver = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const code = (driver as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (CONNECTION_ERRORS.has(code)) return true;
  }
  const message = driver instanceof Error ? driver.message : '';
  return CONNECTION_MESSAGES.test(message);
}

/** SQLSTATE class 22: data exception. */
function isDataException(error: unknown): boolean {
  const driver = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driver?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
