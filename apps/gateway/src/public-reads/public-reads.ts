import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '@pc/contracts';
import type { ForwardedJson } from '@pc/platform';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { ContentVersions } from './content-versions';
import { ResponseCache } from './response-cache';

/** Public reads may be kept by browsers and shared caches, but only revalidated (`If-None-Match`). */
const PUBLIC = 'no-cache';
/** A read that carries the caller's data (their like, what they may edit, their own unpublished rows). */
const PRIVATE = 'private, no-store';
/**
 * Writes that may change what public reads show (everything but sign-in, tokens, connections,
 * workspaces and deployments, which are frequent and show in no cached read).
 */
const CHANGES_CONTENT = /^\/api\/(?!auth\/|tokens|connections|workspaces|deployments)/;
/** Who is asking changes the answer. */
const VARY = 'Authorization, Cookie';

/**
 * The public GETs of policies and rulesets (by id, lists and searches, documentation, history):
 * conditional requests (a strong ETag of the content's version, 304 when `If-None-Match` names the
 * current one, without asking a service) and the response cache for anonymous callers. A signed-in
 * caller's read is never cached nor tagged (`private, no-store`): it carries their like and rights.
 */
@Injectable()
export class PublicReads {
  constructor(
    private readonly versions: ContentVersions,
    private readonly cache: ResponseCache,
  ) {}

  /** Answers the read: from the cache, as a 304, or through `read` (the service's JSON bytes). */
  async serve(
    ctx: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
    read: () => Promise<ForwardedJson<unknown>>,
  ): Promise<void> {
    void reply.header('vary', VARY);
    if (ctx.caller.kind !== 'anonymous') {
      const answer = await read();
      void reply.header('cache-control', PRIVATE);
      return sendJson(reply, answer.body());
    }
    const key = request.url;
    const current = this.versions.tagOf(this.versions.current);
    if (matches(request.headers['if-none-match'], current)) return notModified(reply, current);
    const entry = this.cache.get(key) ?? (await this.cache.fill(key, async () => (await read()).body()));
    return sendEntry(reply, entry.body, entry.tag);
  }

  /**
   * Before routing: an anonymous GET whose answer is cached is answered here (a 304 when its tag
   * matches), without Nest's pipeline; anything else goes on. After a write through this replica
   * (any method but GET and HEAD, answered below 400), what it cached is dropped at once: the change
   * event reaches the other replicas a moment later.
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || !this.cache.enabled || !anonymous(request)) return done();
      const entry = this.cache.get(request.url);
      if (!entry) return done();
      void reply.header('vary', VARY);
      if (matches(request.headers['if-none-match'], entry.tag!)) notModified(reply, entry.tag!);
      else sendEntry(reply, entry.body, entry.tag);
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        if (CHANGES_CONTENT.test(request.url)) this.versions.changed();
      }
      done();
    });
  }
}

function anonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const cookie = request.headers.cookie;
  return cookie === undefined || !cookie.includes(`${SESSION_COOKIE}=`);
}

/** `If-None-Match`: `*`, or a list of tags (weak ones compared weakly, as RFC 9110 says for it). */
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
