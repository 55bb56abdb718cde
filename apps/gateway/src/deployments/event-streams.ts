import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { RequestContext, RpcDescriptor } from '@pc/contracts';
import {
  BusClient,
  CallerCache,
  type CredentialEnd,
  readBearer,
  RemoteError,
  SharedBudgets,
} from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { GatewayEnv } from '../gateway.env';
import { EVENT_STREAM_HEADERS, EventStream, type EventStreamOptions, openEventStream } from './event-stream';

/** What a caller at the open-stream limit is told to wait. */
const STREAMS_RETRY_AFTER_S = 5;

/** A GET on a stream route, admitted: the path's id in lower case, as live events name it. */
export interface StreamRequest {
  ctx: RequestContext;
  id: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Gives the stream's lease back before the stream ends (it is given back at its end at the latest). */
  release: () => Promise<void>;
  /** The validated Last-Event-ID header, when sent. */
  lastEventId: string | undefined;
}

/** One kind of stream (deployment logs, roll-out events): what it adds to the route `EventStreams.answer` serves. */
export interface EventFeed {
  /** The stream's stored pages: one item is read on HEAD, for the caller's error (a 404) or the headers. */
  readonly pages: RpcDescriptor<{ id: string; limit?: number }, unknown>;
  /** Serves the stream while it holds one of the user's leases. */
  serve(request: StreamRequest): Promise<void>;
}

/**
 * Every server-sent event stream this gateway replica serves (deployment logs, roll-out events), and
 * what they share: the per-user limit of open streams over all replicas (`LOG_STREAMS_MAX_PER_USER`,
 * leases in the shared budgets, else 429), the watch on the credential a stream was opened with (closed
 * with `credentials_revoked` or `credentials_expired`), and the end of every open stream at shutdown
 * (`shutting_down`, before the HTTP server closes: a client reconnects, to another replica), since an
 * open stream would otherwise hold the server's close for as long as it lasts.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly open = new Set<EventStream>();
  private shuttingDown = false;

  constructor(
    private readonly env: GatewayEnv,
    private readonly bus: BusClient,
    private readonly callers: CallerCache,
    private readonly budgets: SharedBudgets,
  ) {}

  /**
   * Answers a stream route for the resource `givenId` names, in lower case whatever case the path gave
   * (live events name it so). HEAD: the stream's headers once the resource is known visible, and the end
   * at once (no stream opens, no lease is taken). GET: `feed.serve`, holding one of the user's open-stream
   * leases (`admit`).
   */
  async answer(
    feed: EventFeed,
    ctx: RequestContext,
    givenId: string,
    req: FastifyRequest,
    reply: FastifyReply,
    lastEventId: string | undefined,
  ): Promise<void> {
    const id = givenId.toLowerCase();
    if (req.method === 'HEAD') {
      await this.bus.request(feed.pages, ctx, { id, limit: 1 });
      return this.answerHead(req, reply);
    }
    const release = await this.admit(ctx);
    try {
      await feed.serve({ ctx, id, req, reply, release, lastEventId });
    } finally {
      void release();
    }
  }

  /**
   * Takes the reply over as an event stream, watched for its credential's end and closed at shutdown.
   * `heartbeatMs` is the gateway's `LOG_STREAM_HEARTBEAT_MS`.
   */
  openStream(
    req: FastifyRequest,
    reply: FastifyReply,
    options: Omit<EventStreamOptions, 'heartbeatMs'>,
  ): EventStream {
    const unwatch = this.watchCredential(req, (why) =>
      stream.closeWith(why === 'expired' ? 'credentials_expired' : 'credentials_revoked'),
    );
    const stream: EventStream = new EventStream(openEventStream(req, reply), {
      ...options,
      heartbeatMs: this.env.LOG_STREAM_HEARTBEAT_MS,
      onClose: () => {
        unwatch();
        this.open.delete(stream);
        options.onClose();
      },
    });
    this.open.add(stream);
    if (this.shuttingDown) queueMicrotask(() => stream.closeWith('shutting_down'));
    return stream;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    const streams = [...this.open];
    for (const stream of streams) stream.closeWith('shutting_down');
    await Promise.all(streams.map((stream) => stream.ended()));
  }

  /** HEAD on a stream route (Fastify answers HEAD for every GET): the stream's headers, and the end. */
  private answerHead(req: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    reply.raw.writeHead(200, { ...EVENT_STREAM_HEADERS, 'x-request-id': String(req.id) });
    reply.raw.end();
  }

  /**
   * Takes one of the user's open-stream leases (a log or roll-out stream; shared by every gateway
   * replica), or refuses the stream (429) past the limit; answers the release.
   */
  private async admit(ctx: RequestContext): Promise<() => Promise<void>> {
    if (ctx.caller.kind !== 'user') return () => Promise.resolve();
    const release = await this.budgets.lease(
      `streams|user:${ctx.caller.userId}`,
      this.env.LOG_STREAMS_MAX_PER_USER,
    );
    if (!release)
      throw new RemoteError({
        code: 'RATE_LIMITED',
        message: `At most ${this.env.LOG_STREAMS_MAX_PER_USER} open log streams per user: close one first`,
        retryAfter: STREAMS_RETRY_AFTER_S,
      });
    return release;
  }

  /** Calls `onEnd` when the credential this request came with is revoked, ends or expires. */
  private watchCredential(req: FastifyRequest, onEnd: (why: CredentialEnd) => void): () => void {
    const bearer = readBearer(req.headers.authorization);
    if (bearer.kind === 'token') return this.callers.watchToken(bearer.token, onEnd);
    const session = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[
      SESSION_COOKIE
    ];
    return session ? this.callers.watchSession(session, onEnd) : () => undefined;
  }
}
