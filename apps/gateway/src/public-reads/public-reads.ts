import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  ANONYMOUS,
  LISTING_KINDS,
  type RequestContext,
  type RpcDescriptor,
  type UserCaller,
} from '@pc/contracts';
import { BusClient, logContext } from '@pc/platform';
import { AuthGuard } from '../auth/auth.guard';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { toErrorBody } from '../http/http-error.filter';
import { CallerParts, ownerOf, withLikes } from './caller-parts';
import { ContentVersions, scopeOf } from './content-versions';
import { FAST_PATHS, type FastPathRoute } from './fast-path-routes';
import { ResponseCache } from './response-cache';
import { reachOfWrite } from './write-reaches';

/** Public reads may be kept by browsers and shared caches, but only revalidated (`If-None-Match`). */
const PUBLIC = 'no-cache';
/** A read that carries the caller's data (their like, what they may edit, their own unpublished rows). */
const PRIVATE = 'private, no-store';
/**
 * Writes that may change what public reads show: everything but sign-in, tokens, connections,
 * workspaces, deployments and roll-outs, webhooks, and governance (its APIs, profiles and waivers), which
 * show in no cached read, and the POSTs that change nothing (validations and evaluations, which CI sends
 * often: each emptied the whole cache and every signed-in caller's part).
 */
const CHANGES_CONTENT =
  /^\/api\/(?!(?:auth|tokens|connections|workspaces|deployments|rollouts|webhooks|governed-apis|governance-profiles|ruleset-evaluations|(?:ruleset-)?submissions\/validate|(?:vendor-)?rulesets\/[^/?]+\/evaluations)(?:[/?]|$))/;
/** Who is asking changes the answer. */
const VARY = 'Authorization, Cookie';
/** Read plans kept per replica (a plan is a URL and the bus message it validated to). */
const PLANS = 10_000;
/**
 * Bytes the read plans may take: a URL may be up to the 16 KiB of a request line, and anyone may send
 * GETs with long query strings the route ignores, so the plans are bounded by their size, not only their
 * count (10,000 anonymous GETs with 15 kB query strings kept about 230 MB).
 */
export const PLANS_BYTES = 16 * 1024 * 1024;
/** What a plan takes beside its URL: the bus message, the closures, the cache's entry (measured 0.5-1.3 kB). */
const PLAN_OVERHEAD_BYTES = 1024;

/** The bytes a plan for `url` is counted as (two a character: a string may hold two-byte ones). */
export function planBytes(url: string): number {
  return url.length * 2 + PLAN_OVERHEAD_BYTES;
}

/** What a GET of one URL asks the services, as the route's validation built it. */
interface ReadPlan {
  /** The answer's JSON bytes for a caller (a service's, forwarded as they came, or the route's own). */
  read: (ctx: RequestContext) => Promise<Buffer>;
  /** Called for every answer to the URL (a 304 and a cached one too): a ruleset's views. */
  served?: () => void;
  /** How a signed-in caller's answer may be made from the shared one (`FastPathRoute.signedIn`). */
  signedIn?: FastPathRoute['signedIn'];
  /** The item the URL reads (its `:id`), for the owner check. */
  item?: string;
}

type AuthedRequest = FastifyRequest & { ctx?: RequestContext };

/**
 * The public GETs of policies and rulesets (by id, lists and searches, documentation, history):
 * conditional requests (a strong ETag of the content's version, 304 when `If-None-Match` names the
 * tag of the cached answer, without asking a service; with none cached, of the answer read then) and
 * the response cache for anonymous callers. A signed-in
 * caller's answer is never cached nor tagged (`private, no-store`): it carries their like and rights.
 * Where a route allows it (`FastPathRoute.signedIn`), it is the cached anonymous answer with the
 * caller's likes added from their part (`CallerParts`), unless the caller sees more than anyone (an
 * administrator, the item's owner, the owner of an unpublished policy for a list, a user who has just
 * written): what is cached is only ever read as anonymous, so no caller's data reaches another.
 *
 * These reads skip Nest's pipeline (guard, interceptors, pipes: most of the gateway's CPU on a miss)
 * once their URL has been through it: the route validated the URL into a bus message, which depends
 * on nothing but the URL (the caller travels beside it), and that read plan answers the URL's next
 * GETs before routing, hit or miss, cache on or off, anonymous or signed in (every miss, and every
 * signed-in read not made from a shared answer, still asks the service). Only the routes of `FAST_PATH_ROUTES` are planned: a test
 * holds their guards, interceptors, pipes and filters to what this class does in their place.
 */
@Injectable()
export class PublicReads {
  private readonly plans = new LRUCache<string, ReadPlan>({
    max: PLANS,
    maxSize: PLANS_BYTES,
    sizeCalculation: (_plan, url) => planBytes(url),
  });
  /** Signed-in answers made from a shared one and the caller's part (tests and the benchmark read it). */
  sharedAnswers = 0;

  /** The URLs that have a read plan (tests read it). */
  plannedUrls(): string[] {
    return [...this.plans.keys()];
  }

  constructor(
    private readonly versions: ContentVersions,
    private readonly cache: ResponseCache,
    private readonly bus: BusClient,
    private readonly auth: AuthGuard,
    private readonly parts: CallerParts,
  ) {}

  /**
   * Answers the read of `descriptor` with `data`, as the route validated it: from the cache, as a
   * 304, or from the service (its JSON bytes, forwarded as they came).
   */
  async serve<Req, Res>(
    ctx: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
    descriptor: RpcDescriptor<Req, Res>,
    data: Req,
    served?: () => void,
  ): Promise<void> {
    const read = async (caller: RequestContext) => (await this.bus.forward(descriptor, caller, data)).body();
    return this.serveRead(ctx, request, reply, read, served);
  }

  /**
   * Answers a read the route makes itself (`read`: its answer's JSON for a caller, from what the
   * route validated and nothing else), as `serve` does a service's.
   */
  async serveRead(
    ctx: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
    read: (ctx: RequestContext) => Promise<Buffer>,
    served?: () => void,
  ): Promise<void> {
    void reply.header('vary', VARY);
    const route = FAST_PATHS.get(request.routeOptions.url ?? '');
    // Ids are compared as the services write them, in lower case (a UUID in a URL may be in either).
    const item = (request.params as { id?: string } | undefined)?.id?.toLowerCase();
    const plan: ReadPlan = { read, served, signedIn: route?.signedIn, item };
    // Only a declared route is answered before routing (fast-path-routes.ts).
    if (route) this.plans.set(request.url, plan);
    return this.answer(ctx, request, reply, plan);
  }

  /**
   * A signed-in caller's read: made from the shared one when it may be, else from the service; an
   * anonymous one: a 304 when the caller's tag is current, else the cached answer or a fill.
   */
  private async answer(
    ctx: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
    plan: ReadPlan,
  ): Promise<void> {
    plan.served?.();
    if (ctx.caller.kind !== 'anonymous') {
      const body = (await this.sharedFor(ctx, ctx.caller, request.url, plan)) ?? (await plan.read(ctx));
      void reply.header('cache-control', PRIVATE);
      return sendJson(reply, body);
    }
    // A 304 only for an answer read: the standing entry, else the read now. A version's tag alone does
    // not show that anonymous callers may see the item: a policy not published (or one that does not
    // exist) has the current tag too, and answers its 404.
    const entry = this.cache.get(request.url) ?? (await this.sharedEntry(ctx, request.url, plan));
    if (entry.tag && matches(request.headers['if-none-match'], entry.tag))
      return notModified(reply, entry.tag);
    return sendEntry(reply, entry.body, entry.tag);
  }

  /** The cached anonymous answer, or a fill: read as anonymous whoever asks. */
  private sharedEntry(ctx: RequestContext, url: string, plan: ReadPlan) {
    const anonymous: RequestContext = { requestId: ctx.requestId, caller: ANONYMOUS };
    return this.cache.get(url) ?? this.cache.fill(url, () => plan.read(anonymous));
  }

  /**
   * `caller`'s answer made from the shared one and their part, or undefined when it may not be (the
   * route does not allow it, the cache is off, the caller sees more than anyone, the shared read
   * failed, or the content changed while it was made).
   */
  private async sharedFor(
    ctx: RequestContext,
    caller: UserCaller,
    url: string,
    plan: ReadPlan,
  ): Promise<Buffer | undefined> {
    const { signedIn, item } = plan;
    if (!signedIn || !this.cache.enabled) return undefined;
    // The caller's part of each kind the answer holds (a search: every kind).
    const kinds = signedIn.kind === 'any' ? LISTING_KINDS : [signedIn.kind];
    const parts = await Promise.all(kinds.map((kind) => this.parts.partOf(ctx, caller, kind)));
    if (parts.some((part) => !part)) return undefined;
    const part = parts[0]!;
    // Their own writes of a moment ago: what they show in is read from the services (a write of no
    // one item: everything).
    const recent = this.parts.recentWrites(caller.userId);
    if (recent.some((write) => write.item === undefined)) return undefined;
    const list = signedIn.shares === 'list';
    const ownsUnpublished = parts.some((kept) => kept!.ownsUnpublished);
    if (list ? ownsUnpublished || recent.some((write) => write.reach === 'lists') : item === undefined) {
      return undefined;
    }
    if (!list && (part.owned?.has(item!) || recent.some((write) => write.item === item))) return undefined;
    let entry;
    try {
      entry = await this.sharedEntry(ctx, url, plan);
    } catch {
      // An error anonymous callers get (a policy not published) may not be this caller's: theirs is read.
      return undefined;
    }
    if (parts.some((kept) => !this.parts.holds(kept!))) return undefined;
    // A list holding an item whose row they changed; an item whose owner the part does not tell: theirs.
    if (list && recent.some((write) => write.reach === 'rows' && (entry.items?.has(write.item!) ?? true))) {
      return undefined;
    }
    if (!list && part.owned === null) {
      const owner = ownerOf(entry.body, signedIn.likedIn);
      if (owner === undefined || owner === caller.userId) return undefined;
    }
    const body = withLikes(entry.body, signedIn.likedIn, part.liked);
    if (body) this.sharedAnswers++;
    return body ?? undefined;
  }

  /**
   * Before routing: a GET whose URL has a read plan is answered here, without Nest's pipeline: from
   * the cache when anonymous (a 304 when its tag matches), else read (errors in the body every route
   * answers); anything else goes on. After a write through this replica
   * (any method but GET and HEAD, answered below 400), what it cached is dropped at once: the change
   * event reaches the other replicas a moment later.
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const plan = this.plans.get(request.url);
      if (!plan) return done();
      const signedIn = !anonymous(request);
      const entry = signedIn ? undefined : this.cache.get(request.url);
      if (entry) {
        plan.served?.();
        void reply.header('vary', VARY);
        if (matches(request.headers['if-none-match'], entry.tag!)) notModified(reply, entry.tag!);
        else sendEntry(reply, entry.body, entry.tag);
        return;
      }
      logContext.enterWith({ requestId: request.id });
      // Credentials are checked as the routes' guard checks them (optional sign-in); a refusal is left
      // to the route, which answers it.
      const caller = signedIn ? this.auth.callerOf(request, 'optional') : Promise.resolve(ANONYMOUS);
      caller.then(
        (who) => {
          void reply.header('vary', VARY);
          this.answer({ requestId: request.id, caller: who }, request, reply, plan).catch(
            (error: unknown) => {
              const { body, retryAfter } = toErrorBody(error, request.id);
              if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
              void reply.status(body.statusCode).send(body);
            },
          );
        },
        () => done(),
      );
    });
    // A signed-in user's write: every replica drops their part before the write is answered.
    fastify.addHook('onSend', async (request: AuthedRequest, reply, payload) => {
      const caller = request.ctx?.caller;
      if (writes(request, reply) && caller?.kind === 'user') {
        const scope = scopeOf(request.url);
        await this.parts.wrote(
          request.ctx!,
          caller.userId,
          scope === 'any' ? {} : { item: scope.item, reach: reachOfWrite(request.routeOptions.url) },
        );
      }
      return payload;
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      if (writes(request, reply)) {
        // A write under one item's path changes that item (and the lists it shows in); any other, any content.
        const scope = scopeOf(request.url);
        this.versions.changed(
          scope === 'any' ? {} : { items: [scope.item], reach: reachOfWrite(request.routeOptions.url) },
        );
      }
      done();
    });
  }
}

/** A write that may change what public reads show, done (answered below 400). */
function writes(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    reply.statusCode < 400 &&
    CHANGES_CONTENT.test(request.url)
  );
}

function anonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const cookie = request.headers.cookie;
  return cookie === undefined || !cookie.includes(`${SESSION_COOKIE}=`);
}

/**
 * `If-None-Match` against the tag of an answer read (cached or just now): `*` ("any current
 * representation": there is one), or a list of tags (weak ones compared weakly, as RFC 9110 says for it).
 * Never against a version's tag alone: a policy that does not exist, or that the caller may not see, has
 * one too, and answers its 404.
 */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((given) => {
    const t = given.trim();
    return t === tag || t === `W/${tag}`;
  });
}

function notModified(reply: FastifyReply, tag: string): void {
  void reply.code(304).header('etag', tag).header('cache-control', PUBLIC).send();
}

function sendEntry(reply: FastifyReply, body: Buffer, tag: string | undefined): void {
  if (tag) void reply.header('etag', tag);
  void reply.header('cache-control', PUBLIC);
  sendJson(reply, body);
}

function sendJson(reply: FastifyReply, body: Buffer): void {
  void reply.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
}
