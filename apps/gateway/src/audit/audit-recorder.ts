import { randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DECORATORS } from '@nestjs/swagger';
import {
  type AuditAction,
  type AuditRecordedEvent,
  boundAuditSummary,
  isUser,
  type RequestContext,
} from '@pc/contracts';
import { createLogger, RemoteError } from '@pc/platform';
import type { FastifyRequest } from 'fastify';
import { catchError, from, map, mergeMap, type Observable, of, throwError } from 'rxjs';
import { AuditOutbox } from './audit-outbox';
import { AuditWorkspaces, type TargetWorkspaces } from './audit-workspaces';
import { AUDIT_SPEC, type AuditDescription, type AuditFacts, type AuditSpec } from './audited';

const log = createLogger('gateway');
const USER_AGENT_MAX = 512;
const TARGET_NAME_MAX = 200;
/** The fields that name a resource in a route's answer, in the order they are preferred. */
const NAME_FIELDS = ['name', 'title', 'asset_name', 'policy_name', 'ruleset_name', 'username'] as const;

/**
 * Records an audit entry (a durable event, kept by identity) for each `@Audited` route that completed,
 * with the caller, the address as Fastify saw it (TRUST_PROXY honoured), the user agent and the request
 * id; a refusal the spec names (a failed sign-in) is recorded too, and a request that changed nothing (a
 * plan, a cancel with nothing in flight: `changedNothing`) is not. A route whose answer does not name the
 * target's workspace names the target (`workspaceOf`), whose workspace is asked before it acts
 * (`AuditWorkspaces`), so the workspace's log shows the action; a route acting on targets in several
 * workspaces at once (the failed deployments deleted together) describes one entry per workspace, and
 * one with effects of its own names each as an entry of the action it amounts to (the members an
 * unarchiving disabled: `workspace.member_disabled` each, beside `workspace.unarchived`). The
 * records go to the outbox (on
 * disk) before the request answers and reaches JetStream from there, so a NATS outage loses none; when
 * the outbox cannot take records, an audited route answers 503 before it acts.
 *
 * A summary is built from the fields the route's body documents (its DTO's properties), never from the
 * raw body: a field the validation strips never reaches the log, and the summary is held to the audit
 * log's bounds (AUDIT_SUMMARY_LIMITS) with secrets redacted.
 */
@Injectable()
export class AuditRecorder implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly outbox: AuditOutbox,
    private readonly workspaces: AuditWorkspaces,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDIT_SPEC, context.getHandler());
    if (!spec) return next.handle();
    if (!this.outbox.accepting()) {
      return throwError(
        () =>
          new RemoteError({
            code: 'SERVICE_UNAVAILABLE',
            message: 'The audit log cannot take records right now; nothing was changed, try again shortly',
            retryAfter: 5,
          }),
      );
    }
    const request = context.switchToHttp().getRequest<FastifyRequest & { ctx?: RequestContext }>();
    const body = documentedFields(context, request.body);
    const params = (request.params ?? {}) as Record<string, string>;
    const query = isRecord(request.query) ? request.query : {};
    const caller = request.ctx && isUser(request.ctx.caller) ? request.ctx.caller.userId : null;
    const target = spec.workspaceOf?.({ body, params, query, caller });
    const lookup: Promise<TargetWorkspaces> =
      target && request.ctx ? this.workspaces.of(request.ctx, target) : Promise.resolve(new Map());
    return from(lookup).pipe(
      mergeMap((workspaces) => next.handle().pipe(map((result: unknown) => ({ result, workspaces })))),
      mergeMap(({ result, workspaces }) => {
        const facts: AuditFacts = { body, params, query, caller, result: isRecord(result) ? result : {} };
        if (spec.changedNothing?.(facts)) return of(result);
        const action = typeof spec.action === 'function' ? spec.action(facts) : spec.action;
        // The workspace of the one target asked about (a waiver's is its API's), when the entry names none.
        const asked = target && 'id' in target && target.id !== null ? workspaces.get(target.id) : undefined;
        const describe = (): AuditDescription[] =>
          [spec.describe(facts, workspaces)].flat().map((description) => ({
            ...description,
            workspace_id: description.workspace_id ?? asked ?? null,
            target_name: description.target_name ?? nameIn(facts.result, description.target_id),
          }));
        return from(this.record(request, action, describe).then(() => result));
      }),
      catchError((error: unknown) => {
        if (spec.failure && error instanceof RemoteError && error.payload.code === spec.failure.code) {
          const failure = spec.failure;
          return from(
            this.record(request, failure.action, () => [failure.describe({ body, params, query, caller })]),
          ).pipe(mergeMap(() => throwError(() => error)));
        }
        return throwError(() => error);
      }),
    );
  }

  private async record(
    request: FastifyRequest & { ctx?: RequestContext; auditActor?: string },
    action: AuditAction,
    describe: () => AuditDescription[],
  ): Promise<void> {
    try {
      const ctx = request.ctx;
      const caller = ctx?.caller;
      const userAgent = request.headers['user-agent'];
      for (const description of describe()) {
        const record: AuditRecordedEvent = {
          at: new Date().toISOString(),
          actor_user_id:
            caller && isUser(caller)
              ? caller.userId
              : (description.actor_user_id ?? request.auditActor ?? null),
          actor_via: caller && isUser(caller) ? caller.via : 'anonymous',
          actor_token_id:
            caller && isUser(caller) && caller.via === 'token' ? (caller.tokenId ?? null) : null,
          address: request.ip,
          user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : '',
          request_id: ctx?.requestId ?? String(request.id),
          action: description.action ?? action,
          target_type: description.target_type,
          target_id: description.target_id,
          target_name: description.target_name?.slice(0, TARGET_NAME_MAX) ?? null,
          workspace_id: description.workspace_id ?? null,
          summary: boundAuditSummary(description.summary ?? {}),
        };
        await this.outbox.add(randomUUID(), record);
      }
    } catch (error) {
      // The action already happened (the check before it passed): the loss is logged loudly.
      log.error({ err: error, action }, 'audit record not kept');
    }
  }
}

/**
 * The request body's fields that the route's body DTO documents (the interceptor runs before the
 * validation pipe, so the raw body may still hold fields the validation strips); a route without a body
 * DTO has none.
 */
function documentedFields(context: ExecutionContext, body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  const handler = context.getHandler();
  let names = documentedNames.get(handler);
  if (!names) {
    names = documentedBodyNames(context.getClass(), handler.name);
    documentedNames.set(handler, names);
  }
  return Object.fromEntries(
    names.filter((name) => Object.hasOwn(body, name)).map((name) => [name, body[name]]),
  );
}

/** The documented body fields of each audited handler, read from its metadata once. */
const documentedNames = new WeakMap<object, string[]>();

function documentedBodyNames(controller: { prototype: object }, handler: string): string[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ?? []) as unknown[];
  return Object.entries(args)
    .filter(([slot, arg]) => slot.split(':')[0] === String(RouteParamtypes.BODY) && arg.data === undefined)
    .flatMap(([, arg]) => {
      const dto = types[arg.index];
      if (typeof dto !== 'function') return [];
      const documented = (Reflect.getMetadata(
        DECORATORS.API_MODEL_PROPERTIES_ARRAY,
        dto.prototype as object,
      ) ?? []) as string[];
      return documented.map((name) => name.replace(/^:/, ''));
    });
}

/**
 * The name of the target in the route's answer: the object (at most three levels down) whose `id` is
 * the target's, by its first name-like field; null when the answer holds no such object (a deletion).
 */
function nameIn(result: Record<string, unknown>, targetId: string | null, depth = 0): string | null {
  if (targetId === null || depth > 3) return null;
  if (result.id === targetId) {
    const field = NAME_FIELDS.find((f) => typeof result[f] === 'string' && result[f] !== '');
    if (field) return result[field] as string;
  }
  for (const value of Object.values(result)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items.slice(0, 50)) {
      if (!isRecord(item)) continue;
      const found = nameIn(item, targetId, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
