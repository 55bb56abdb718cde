import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  type Type,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCreatedResponse, ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CatalogRpc,
  EVALUATION_LIMITS,
  type ListingKind,
  type RequestContext,
  type RpcDescriptor,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import {
  AdminOnly,
  type ApiError,
  ApiErrors,
  Authenticated,
  Ctx,
  OptionalAuth,
} from '../auth/auth.decorators';
import { type AuditSpec, Audited } from '../audit/audited';
import { RateLimited } from '../http/rate-limit';
import { PublicReads } from '../public-reads/public-reads';
import { ConditionalRead, PUBLIC_READ_HEADERS } from '../public-reads/public-reads.decorators';
import { ChangesSinceReviewDto } from './listing.dto';
import { uuid } from '../http/uuid-param';

/** The routes every kind of listing serves, by the name of their handler, in the document's order. */
export const LISTING_ROUTES = [
  'list',
  'vendor',
  'get',
  'update',
  'pin',
  'changesSinceReview',
  'liked',
  'like',
  'reviewer',
  'transfer',
] as const;
export type ListingRoute = (typeof LISTING_ROUTES)[number];

/** What the OpenAPI document says of one route, in the kind's words. */
export interface RouteText {
  summary: string;
  description: string;
  errors: ApiError[];
  /** Why the route extends the contract (`x-extension`), when it does. */
  extension?: string;
}

/**
 * How long the bus waits for a route that reads a listing's repository on the source host and checks it
 * (a validation, a submission or an edit of one, a pin), for every kind: far longer than a read of the
 * service's tables (the bus's default), since the host may be slow and a ruleset's checks run on the
 * evaluator (within EVALUATION_LIMITS.validationEvaluatorMs). Shorter, the gateway answered 504 while the
 * work went on and landed.
 */
export const REPOSITORY_WAIT = { timeoutMs: EVALUATION_LIMITS.validationWaitMs } as const;

/** A request whose id the route's URL names. */
type ById = { id: string };

/**
 * A kind of listing as the gateway serves it: its URLs, its messages to its service, the DTO classes
 * of its bodies and answers (their names are the OpenAPI document's component names), its audit entries
 * and what the document says of each route.
 */
export interface ListingRoutes {
  kind: ListingKind;
  /** The collection's path segment: `policies`, `rulesets` (and `vendor-<plural>/:slug`). */
  plural: string;
  tag: string;
  rpc: {
    list: RpcDescriptor<object, unknown>;
    vendor: RpcDescriptor<{ slug: string }, unknown>;
    get: RpcDescriptor<ById, unknown>;
    update: RpcDescriptor<ById, unknown>;
    pin: RpcDescriptor<ById, unknown>;
    changesSinceReview: RpcDescriptor<ById, unknown>;
    liked: RpcDescriptor<ById, unknown>;
    like: RpcDescriptor<ById, unknown>;
    reviewer: RpcDescriptor<ById, unknown>;
  };
  dtos: {
    listQuery: Type;
    list: Type;
    slugParams: Type;
    vendorEnvelope: Type;
    envelope: Type;
    update: Type;
    pin: Type;
    liked: Type;
    reviewerStatus: Type;
    transfer: Type;
    transferCreated: Type;
  };
  audit: { updated: AuditSpec; pinned: AuditSpec; transferOffered: AuditSpec };
  text: Record<ListingRoute, RouteText>;
  /** The edit the service is sent, from the validated body (a kind may refuse one here). */
  edit?: (body: object) => object;
}

/** The route's summary, description, errors and `x-extension`, from the kind's text. */
export function Documented(text: RouteText): MethodDecorator {
  return applyDecorators(
    ...(text.extension ? [ApiExtension('x-extension', { reason: text.extension })] : []),
    ApiOperation({ summary: text.summary, description: text.description }),
    ApiErrors(...text.errors),
  );
}

/**
 * The classes of a route's parameters. A factory's generic signature cannot emit them, and the
 * validation pipe (what to validate a body or query as) and the OpenAPI document both read them.
 */
export function Params(...types: unknown[]): MethodDecorator {
  return (target, key) => Reflect.defineMetadata('design:paramtypes', types, target, key);
}

/**
 * The controller of a kind's listings: list and search, the vendor index by slug, read, edit, pin,
 * changes since review, likes, the caller's reviewer status and transfer offers. The kind's controller
 * extends it with the routes of its own.
 */
export function listingController(kind: ListingRoutes) {
  const { plural, dtos, text } = kind;
  const item = `${plural}/:id`;

  @ApiTags(kind.tag)
  @Controller()
  class ListingController {
    constructor(
      readonly bus: BusClient,
      readonly reads: PublicReads,
    ) {}

    /** Called when a read of one item is answered (from the service, the cache or as a 304). */
    protected served(_id: string): (() => void) | undefined {
      return undefined;
    }

    @Get(plural)
    @OptionalAuth()
    @Documented(text.list)
    @ApiOkResponse({ type: dtos.list, headers: PUBLIC_READ_HEADERS })
    @ConditionalRead()
    @Params(Object, dtos.listQuery, Object, Object)
    list(
      @Ctx() ctx: RequestContext,
      @Query() query: object,
      @Req() request: FastifyRequest,
      @Res() reply: FastifyReply,
    ) {
      return this.reads.serve(ctx, request, reply, kind.rpc.list, query);
    }

    @Get(`vendor-${plural}/:slug`)
    @OptionalAuth()
    @Documented(text.vendor)
    @ApiOkResponse({ type: dtos.vendorEnvelope })
    @Params(Object, dtos.slugParams)
    vendor(@Ctx() ctx: RequestContext, @Param() params: { slug: string }) {
      return this.bus.request(kind.rpc.vendor, ctx, { slug: params.slug });
    }

    @Get(item)
    @OptionalAuth()
    @Documented(text.get)
    @ApiOkResponse({ type: dtos.envelope, headers: PUBLIC_READ_HEADERS })
    @ConditionalRead()
    get(
      @Ctx() ctx: RequestContext,
      @Param('id', uuid) id: string,
      @Req() request: FastifyRequest,
      @Res() reply: FastifyReply,
    ) {
      return this.reads.serve(ctx, request, reply, kind.rpc.get, { id }, this.served(id));
    }

    @Audited(kind.audit.updated)
    @Patch(item)
    @Authenticated()
    @Documented(text.update)
    @ApiOkResponse({ type: dtos.envelope })
    @Params(Object, String, dtos.update)
    update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: object) {
      return this.bus.request(kind.rpc.update, ctx, { ...(kind.edit?.(body) ?? body), id });
    }

    @Audited(kind.audit.pinned)
    @Post(`${item}/pin`)
    @HttpCode(200)
    @AdminOnly()
    @Documented(text.pin)
    @ApiOkResponse({ type: dtos.envelope })
    @Params(Object, String, dtos.pin)
    pin(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: object) {
      return this.bus.request(kind.rpc.pin, ctx, { id, ...body }, REPOSITORY_WAIT);
    }

    @Get(`${item}/changes-since-review`)
    @OptionalAuth()
    @RateLimited('branches')
    @Documented(text.changesSinceReview)
    @ApiOkResponse({ type: ChangesSinceReviewDto })
    changesSinceReview(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.changesSinceReview, ctx, { id });
    }

    @Get(`${item}/like`)
    @Authenticated()
    @Documented(text.liked)
    @ApiOkResponse({ type: dtos.liked })
    liked(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.liked, ctx, { id });
    }

    @Post(`${item}/like`)
    @HttpCode(200)
    @Authenticated()
    @Documented(text.like)
    @ApiOkResponse({ type: dtos.liked })
    like(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.like, ctx, { id });
    }

    @Get(`${item}/reviewers/me`)
    @Authenticated()
    @Documented(text.reviewer)
    @ApiOkResponse({ type: dtos.reviewerStatus })
    reviewer(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
      return this.bus.request(kind.rpc.reviewer, ctx, { id });
    }

    @Audited(kind.audit.transferOffered)
    @Post(`${item}/transfers`)
    @Authenticated()
    @Documented(text.transfer)
    @ApiCreatedResponse({ type: dtos.transferCreated })
    @Params(Object, String, dtos.transfer)
    transfer(
      @Ctx() ctx: RequestContext,
      @Param('id', uuid) id: string,
      @Body() body: { recipientUsername?: string; recipientEmail?: string },
    ) {
      return this.bus.request(CatalogRpc.createTransfer, ctx, {
        resourceType: kind.kind,
        resourceId: id,
        recipientUsername: body.recipientUsername,
        recipientEmail: body.recipientEmail,
      });
    }
  }
  return ListingController;
}

/**
 * Makes every route of a kind's controller, the shared ones included, a method of its own, in the order
 * given (after any it does not name). Scanners (Nest's router, the OpenAPI document, the specs that read
 * a controller's routes) meet a controller's own methods first, then its base class's; the document lists
 * paths in that order, so the order given is the document's.
 */
export function RouteOrder(...handlers: string[]): ClassDecorator {
  return (target) => {
    const prototype = target.prototype as object;
    for (const handler of handlers) {
      const descriptor = descriptorOf(prototype, handler);
      Reflect.deleteProperty(prototype, handler);
      Object.defineProperty(prototype, handler, descriptor);
    }
  };
}

function descriptorOf(prototype: object | null, handler: string): PropertyDescriptor {
  for (let at = prototype; at; at = Object.getPrototypeOf(at) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(at, handler);
    if (descriptor) return descriptor;
  }
  throw new Error(`RouteOrder: no handler ${handler}`);
}
