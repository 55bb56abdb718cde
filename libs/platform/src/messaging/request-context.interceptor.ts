import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Envelope } from '@pc/contracts';
import type { Observable } from 'rxjs';
import { logContext } from '../logging/logger';

/** Puts the request id of the incoming message into the logging context of the handler. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = context.switchToRpc().getData<Partial<Envelope<unknown>> | undefined>();
    const requestId = message?.ctx?.requestId;
    if (requestId) logContext.enterWith({ requestId });
    return next.handle();
  }
}
