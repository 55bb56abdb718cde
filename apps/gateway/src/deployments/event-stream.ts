import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLogger } from '@pc/platform';

const log = createLogger('gateway');

/** A reader this far behind (bytes written but not yet taken by the client) is dropped. */
export const LOG_STREAM_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Why the gateway ended a stream before what it follows ended (the `closed` event's `reason`). */
export type StreamCloseReason =
  'credentials_revoked' | 'credentials_expired' | 'slow_reader' | 'shutting_down';

export interface EventStreamOptions {
  /** Gives the open-stream lease back; called once, before the client sees the stream end. */
  release: () => Promise<void>;
  heartbeatMs: number;
  pollMs: number;
  /** Run every `pollMs` in the queue, in case a live event was lost. */
  poll: () => Promise<void>;
  /** Run once when the stream closes, for whatever reason. */
  onClose: () => void;
  /** What the stream follows, on its log lines (`{ deployment: id }`). */
  logFields: Record<string, string>;
  /** Its name in log lines (`log stream`). */
  name: string;
}

/**
 * The mechanics every server-sent event stream of the gateway shares: writes bounded to
 * LOG_STREAM_MAX_BUFFERED_BYTES (a slower reader gets `event: closed` with `slow_reader`), comment-line
 * heartbeats, a periodic poll, work run one piece at a time in order (a failure closes the stream), and
 * one close that stops the timers and gives the lease back before the client sees the end. A client
 * already gone when the stream opens (it hung up while the first page was read) closes it at once.
 */
export class EventStream {
  closed = false;
  private chain = Promise.resolve();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly poll: NodeJS.Timeout;
  private readonly finished: Promise<void>;
  private finish!: () => void;

  constructor(
    private readonly raw: FastifyReply['raw'],
    private readonly options: EventStreamOptions,
  ) {
    this.finished = new Promise<void>((resolve) => (this.finish = resolve));
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), options.heartbeatMs);
    this.poll = setInterval(() => this.enqueue(options.poll), options.pollMs);
    // Its 'close' was emitted already when the client hung up before the stream opened: closed once
    // the caller has wired the stream up.
    if (raw.destroyed || raw.writableEnded) queueMicrotask(() => this.close());
    else raw.on('close', () => this.close());
  }

  write(text: string): void {
    if (this.closed) return;
    if (!writeBounded(this.raw, text, LOG_STREAM_MAX_BUFFERED_BYTES)) this.closeWith('slow_reader');
  }

  /** Ends the stream before what it follows ends, saying why. */
  closeWith(reason: StreamCloseReason): void {
    if (this.closed) return;
    log.info({ ...this.options.logFields, reason }, `${this.options.name} closed by the gateway`);
    this.raw.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.poll);
    this.options.onClose();
    // The lease is given back before the client sees the stream end: it may open another at once.
    void this.options.release().finally(() => {
      this.raw.end();
      this.finish();
    });
  }

  /** Runs `work` after the work already queued; a failure is logged and closes the stream. */
  enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      log.warn({ err: error, ...this.options.logFields }, `${this.options.name} failed`);
      this.close();
    });
  }

  /** Resolves once the stream has closed (whoever closed it) and its lease is given back. */
  ended(): Promise<void> {
    return this.finished;
  }
}

/**
 * Writes to a client's stream; false when more than `maxBuffered` bytes now wait for the client (the
 * socket's own buffer is full and Node keeps the rest in memory): the caller then ends the stream.
 */
export function writeBounded(raw: Writable, text: string, maxBuffered: number): boolean {
  raw.write(text);
  return raw.writableLength <= maxBuffered;
}

/** The headers an event stream opens with (and HEAD on its route answers). */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** Takes the reply over as an event stream (Nest no longer answers it): its headers, sent at once. */
export function openEventStream(req: FastifyRequest, reply: FastifyReply): FastifyReply['raw'] {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { ...EVENT_STREAM_HEADERS, 'x-request-id': String(req.id) });
  raw.flushHeaders();
  return raw;
}
