import { randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuditEvents, type AuditRecordedEvent, isUser, type RequestContext } from '@pc/contracts';
import { createLogger, DurableEventsClient, RemoteError } from '@pc/platform';
import type { FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import { AUDIT_SPEC, type AuditDescription, type AuditSpec } from './audited';

const log = createLogger('gateway');
const USER_AGENT_MAX = 512;

/**
 * Publishes an audit record (durable event, kept by identity) for each `@Audited` route that completed,
 * with the caller, the address as Fastify saw it (TRUST_PROXY honoured), the user agent and the request
 * id; a refusal the spec names (a failed sign-in) is recorded too. A record that cannot be published is
 * logged and the request still answers: the action happened.
 */
@Injectable()
export class AuditRecorder implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly events: DurableEventsClient,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDIT_SPEC, context.getHandler());
    if (!spec) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { ctx?: RequestContext }>();
    const body = isRecord(request.body) ? request.body : {};
    const params = (request.params ?? {}) as Record<string, string>;
    return next.handle().pipe(
      mergeMap((result: unknown) =>
        from(
          this.publish(request, spec.action, () =>
            spec.describe({ body, params, result: isRecord(result) ? result : {} }),
          ).then(() => result),
        ),
      ),
      catchError((error: unknown) => {
        if (spec.failure && error instanceof RemoteError && error.payload.code === spec.failure.code) {
          const failure = spec.failure;
          return from(this.publish(request, failure.action, () => failure.describe({ body, params }))).pipe(
            mergeMap(() => throwError(() => error)),
          );
        }
        return throwError(() => error);
      }),
    );
  }

  private async publish(
    request: FastifyRequest & { ctx?: RequestContext; auditActor?: string },
    action: AuditSpec['action'],
    describe: () => AuditDescription,
  ): Promise<void> {
    try {
      const ctx = request.ctx;
      const caller = ctx?.caller;
      const description = describe();
      const userAgent = request.headers['user-agent'];
      const record: AuditRecordedEvent = {
        at: new Date().toISOString(),
        actor_user_id:
          caller && isUser(caller)
            ? caller.userId
            : (description.actor_user_id ?? request.auditActor ?? null),
        actor_via: caller && isUser(caller) ? caller.via : 'anonymous',
        actor_token_id: caller && isUser(caller) && caller.via === 'token' ? (caller.tokenId ?? null) : null,
        address: request.ip,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : '',
        request_id: ctx?.requestId ?? String(request.id),
        action,
        target_type: description.target_type,
        target_id: description.target_id,
        summary: description.summary ?? {},
      };
      await this.events.publish(AuditEvents.recorded, randomUUID(), record);
    } catch (error) {
      log.error({ err: error, action }, 'audit record not published');
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
