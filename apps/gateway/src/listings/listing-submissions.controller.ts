import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  type Type,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { IdeaDeclaration, RequestContext, RpcDescriptor } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { Authenticated, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { type AuditSpec, Audited } from '../audit/audited';
import { RateLimited } from '../http/rate-limit';
import { Documented, Params, REPOSITORY_WAIT, type RouteText } from './listing.controller';
import { uuid } from '../http/uuid-param';

/** The submission routes every kind of listing serves, by the name of their handler. */
export type SubmissionRoute = 'validate' | 'create' | 'get' | 'update' | 'history';

/** A submission's body: the ideas it declares, as a list or (the legacy form) one id. */
interface DeclaresIdeas {
  deliversIdeaIds?: IdeaDeclaration[];
  deliversIdeaId?: string;
}

/** The messages of a kind's submissions, which both services name alike. */
export interface SubmissionMessages {
  createSubmission: RpcDescriptor<object, unknown>;
  getSubmission: RpcDescriptor<{ id: string }, unknown>;
  updateSubmission: RpcDescriptor<{ id: string }, unknown>;
  getSubmissionHistory: RpcDescriptor<{ id: string }, unknown>;
}

/**
 * A kind's submissions as the gateway serves them: their URLs, messages, DTO classes (their names are
 * the OpenAPI document's component names), audit entry and what the document says of each route.
 */
export interface SubmissionRoutes {
  /** The collection's path segment: `submissions`, `ruleset-submissions`. */
  path: string;
  tag: string;
  /** The kind's service's messages (`CatalogRpc`, `RulesetsRpc`): both name a submission's messages alike. */
  rpc: SubmissionMessages;
  /** The message that reads a repository and saves nothing (`validateSubmission`, `validate`). */
  validateRpc: RpcDescriptor<object, unknown>;
  dtos: {
    validate: Type;
    validation: Type;
    create: Type;
    created: Type;
    detail: Type;
    update: Type;
    envelope: Type;
    history: Type;
  };
  audit: { updated: AuditSpec };
  /** Validation and submission are rate limited per caller. */
  rateLimited: boolean;
  /** Who may read a submission's history: its owner and administrators, or (`optional`) any caller. */
  historyAuth: 'optional' | 'authenticated';
  text: Record<SubmissionRoute, RouteText>;
}

/** The legacy single `deliversIdeaId` joins the list; the message carries the list only. */
export function withIdeas<Body extends DeclaresIdeas>(body: Body) {
  const { deliversIdeaId, ...rest } = body;
  if (body.deliversIdeaIds === undefined && deliversIdeaId === undefined) {
    return { ...rest, deliversIdeaIds: undefined };
  }
  const legacy = deliversIdeaId ? [{ ideaId: deliversIdeaId }] : [];
  return { ...rest, deliversIdeaIds: [...(body.deliversIdeaIds ?? []), ...legacy] };
}

/**
 * The controller of a kind's submissions: validate a repository, submit it, read and edit a
 * submission, its history. The kind's controller extends it with the routes of its own.
 */
export function submissionsController(kind: SubmissionRoutes) {
  const { dtos, text } = kind;
  const limited = (action: 'validation' | 'submission') =>
    kind.rateLimited ? RateLimited(action) : applyDecorators();

  @ApiTags(kind.tag)
  @Controller(kind.path)
  class SubmissionsController {
    constructor(readonly bus: BusClient) {}

    @Post('validate')
    @HttpCode(200)
    @Authenticated()
    @limited('validation')
    @Documented(text.validate)
    @ApiOkResponse({ type: dtos.validation })
    @Params(Object, dtos.validate)
    validate(@Ctx() ctx: RequestContext, @Body() body: object) {
      return this.bus.request(kind.validateRpc, ctx, body, REPOSITORY_WAIT);
    }

    @Post()
    @Authenticated()
    @limited('submission')
    @Documented(text.create)
    @ApiCreatedResponse({ type: dtos.created })
    @Params(Object, dtos.create)
    create(@Ctx() ctx: RequestContext, @Body() body: DeclaresIdeas) {
      return this.bus.request(kind.rpc.createSubmission, ctx, withIdeas(body), REPOSITORY_WAIT);
    }

    @Get(':id')
    @Authenticated()
    @Documented(text.get)
    @ApiOkResponse({ type: dtos.detail })
    get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.getSubmission, ctx, { id });
    }

    @Audited(kind.audit.updated)
    @Patch(':id')
    @Authenticated()
    @Documented(text.update)
    @ApiOkResponse({ type: dtos.envelope })
    @Params(Object, String, dtos.update)
    update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: DeclaresIdeas) {
      return this.bus.request(kind.rpc.updateSubmission, ctx, { ...withIdeas(body), id }, REPOSITORY_WAIT);
    }

    @Get(':id/history')
    @(kind.historyAuth === 'optional' ? OptionalAuth() : Authenticated())
    @Documented(text.history)
    @ApiOkResponse({ type: dtos.history })
    history(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.getSubmissionHistory, ctx, { id });
    }
  }
  return SubmissionsController;
}
