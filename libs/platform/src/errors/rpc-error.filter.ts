import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@pc/contracts';
import { type Observable, throwError } from 'rxjs';
import { createLogger } from '../logging/logger';
import { DomainError, RemoteError } from './domain-error';

const log = createLogger('rpc');

/**
 * One per service: turns whatever a handler threw into the payload that crosses the bus. Domain
 * errors keep their code; an error from another service passes through; anything else is logged
 * with the request id and leaves as INTERNAL without internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorPayload> {
    return throwError(() => toRpcError(exception));
  }
}

export function toRpcError(exception: unknown): RpcErrorPayload {
  if (exception instanceof DomainError) return exception.toPayload();
  if (exception instanceof RemoteError) return exception.payload;
  log.error({ err: exception }, 'unhandled error in handler');
  return { code: 'INTERNAL', message: 'Internal error' };
}
