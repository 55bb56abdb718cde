import { applyDecorators, Body, Controller, HttpCode, Param, Post, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { RequestContext, RpcDescriptor } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AdminOnly, Ctx } from '../auth/auth.decorators';
import { type AuditSpec, Audited } from '../audit/audited';
import { Documented, Params, type RouteText } from './listing.controller';
import { uuid } from '../http/uuid-param';

/** A decision on a submission: its id, and the feedback to its owner. */
type Decision = { id: string; feedback?: string };

/** The review decisions every kind of listing has, by the name of their handler. */
export type ReviewRoute = 'approve' | 'reject';

/**
 * A kind's review as the gateway serves it: the submissions' path segment under /admin, the
 * decisions' messages, DTO classes (their names are the OpenAPI document's), audit entries and words.
 */
export interface ReviewRoutes {
  /** `submissions`, `ruleset-submissions`: the decisions are at /admin/<path>/:id/<decision>. */
  path: string;
  /** The kind's service's messages (`CatalogRpc`, `RulesetsRpc`): both name the decisions alike. */
  rpc: Record<'approveSubmission' | 'rejectSubmission', RpcDescriptor<Decision, unknown>>;
  dtos: { approval: Type; rejection: Type; envelope: Type };
  audit: Record<ReviewRoute, AuditSpec>;
  text: Record<ReviewRoute, RouteText>;
}

/**
 * The controller of a kind's review decisions (administrators only): approve a submission, or reject
 * it with feedback. The kind's controller extends it with the decisions of its own.
 */
export function reviewController(kind: ReviewRoutes) {
  const { dtos, text } = kind;
  /** A decision's route: its audit entry and URL, administrators only, the kind's words, answer and body. */
  const decision = (route: ReviewRoute, body: Type) =>
    applyDecorators(
      Audited(kind.audit[route]),
      Post(`${kind.path}/:id/${route}`),
      HttpCode(200),
      AdminOnly(),
      Documented(text[route]),
      ApiOkResponse({ type: dtos.envelope }),
      Params(Object, String, body),
    );

  @ApiTags('admin')
  @Controller('admin')
  class ReviewController {
    constructor(readonly bus: BusClient) {}

    @decision('approve', dtos.approval)
    approve(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: Decision) {
      return this.bus.request(kind.rpc.approveSubmission, ctx, { id, feedback: body.feedback });
    }

    @decision('reject', dtos.rejection)
    reject(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: Decision) {
      return this.bus.request(kind.rpc.rejectSubmission, ctx, { id, feedback: body.feedback });
    }
  }
  return ReviewController;
}
