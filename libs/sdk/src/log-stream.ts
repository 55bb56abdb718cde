import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { PolicyCatalogError } from './errors';
import type { components } from './generated/openapi';
import type { Credentials } from './client';
import { backoff, sleep } from './retry';

type Schemas = components['schemas'];

/** One line of a deployment's log (the `data` of a `log` event). */
export type LogChunk = components['schemas']['LogChunkDto'];

/** The `data` of the `end` event: how the deployment's job ended. */
export interface LogEnd {
  deployment_id: string;
  job_id: string | null;
  status: 'succeeded' | 'failed' | 'cancelled' | null;
  error: string | null;
}

export type LogStreamEvent =
  | { type: 'log'; id: string; chunk: LogChunk }
  | { type: 'end'; id?: string; end: LogEnd }
  /**
   * The gateway ended the stream for a reason the client cannot resume from: its credentials were revoked
   * (`credentials_revoked`) or expired (`credentials_expired`).
   */
  | { type: 'closed'; reason: string };

/** How a client follows one of the API's event streams. */
export interface FollowStreamOptions {
  /** Resume after this event id, as a reconnecting client does. */
  lastEventId?: string;
  signal?: AbortSignal;
  /** Reconnections in a row without a new event before giving up (default 8). */
  maxReconnects?: number;
  /**
   * Called before each reconnection, with the id it resumes from and why: a `StreamClosedError` when the
   * gateway closed the stream for the client to resume (`slow_reader`, `shutting_down`), else what failed.
   */
  onReconnect?: (attempt: number, lastEventId: string | undefined, reason: unknown) => void;
}

/** Following a deployment's log: `lastEventId` is a log event's id (`<job id>:<seq>`). */
export type FollowLogOptions = FollowStreamOptions;

/** Following a roll-out: `lastEventId` is a roll-out event's id (its `seq`). */
export type FollowRolloutOptions = FollowStreamOptions;

/** One change of a roll-out (the `data` of a `rollout` event; its SSE id is `seq`). */
export interface RolloutEvent {
  seq: number;
  rollout_id: string;
  /** `status` (the roll-out's status or phase changed), `step` (a step started or ended), `organization`. */
  type: 'status' | 'step' | 'organization';
  status: Schemas['RolloutDto']['status'];
  step: number | null;
  organization_id: string | null;
  /** The organization's new state, for `organization` events. */
  state: Schemas['RolloutOrganizationDto']['state'] | null;
  message: string;
  at: string;
}

/** The `data` of a roll-out stream's `end` event: how the roll-out ended. */
export interface RolloutEnd {
  rollout_id: string;
  status: Schemas['RolloutDto']['status'];
  halt_reason: string | null;
}

export type RolloutStreamEvent =
  | { type: 'rollout'; id: string; event: RolloutEvent }
  | { type: 'end'; end: RolloutEnd }
  /** The gateway ended the stream early for a reason the client cannot resume from. */
  | { type: 'closed'; reason: string };

/** How a stream reaches the API: the client's origin, headers and fetch (with its retries). */
export interface Transport {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: (request: Request) => Promise<Response>;
  credentials?: Credentials;
}

/**
 * Stream ends the gateway asks the client to resume from: a reader left behind (`slow_reader`), and a
 * gateway replica that stops (`shutting_down`), whose streams another replica takes up.
 */
const RESUMABLE_CLOSE = new Set(['slow_reader', 'shutting_down']);

/** The gateway closed a stream for the client to resume it (`reason`: `slow_reader`, `shutting_down`). */
export class StreamClosedError extends Error {
  constructor(readonly reason: string) {
    super(`the gateway closed the stream (${reason})`);
    this.name = 'StreamClosedError';
  }
}

/** What one Server-Sent Events stream of the API looks like to the reader below. */
interface EventStream<E> {
  /** `GET /api/...` as the OpenAPI document names the operation (for errors). */
  operation: string;
  url: string;
  /** The event an SSE message carries, or undefined for one the client does not know. */
  decode(message: EventSourceMessage): E | undefined;
  /**
   * `progress`: a numbered event (its id is the resume point); `final`: the last event (the end, or a
   * close the client cannot resume from); `resume`: the server asks to reconnect from the last id.
   */
  role(event: E): { kind: 'progress'; id: string } | { kind: 'final' } | { kind: 'resume'; why: string };
}

/**
 * Reads one of the API's event streams (Server-Sent Events, parsed with eventsource-parser) until its
 * final event. When the connection drops, or the server answers 429/502/503/504, or it closes the stream
 * for the client to resume (a slow reader, a replica that stops), it reconnects with `Last-Event-ID` set to the last event seen (the server then sends exactly
 * what was missed), waiting with back-off (or the server's `retry:`/`Retry-After`) between tries.
 */
async function* followEventStream<E>(
  transport: Transport,
  stream: EventStream<E>,
  options: FollowStreamOptions,
): AsyncGenerator<E> {
  const { operation, url } = stream;
  const maxReconnects = options.maxReconnects ?? 8;
  let lastEventId = options.lastEventId;
  let failures = 0;
  let retryMs: number | undefined;
  for (;;) {
    const headers: Record<string, string> = { ...transport.headers, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let problem: unknown;
    try {
      const response = await transport.fetch(
        new Request(url, { headers, signal: options.signal, credentials: transport.credentials }),
      );
      if (!response.ok || !response.body) {
        const error = await PolicyCatalogError.fromResponse(response, operation);
        if (!error.transient) throw error;
        problem = error;
        if (error.retryAfter !== undefined) retryMs = error.retryAfter * 1000;
      } else {
        const queue: EventSourceMessage[] = [];
        const parser = createParser({
          onEvent: (event) => queue.push(event),
          onRetry: (ms) => (retryMs = ms),
        });
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        try {
          for (;;) {
            const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean };
            if (done) break;
            parser.feed(decoder.decode(value, { stream: true }));
            while (queue.length > 0) {
              const event = stream.decode(queue.shift()!);
              if (event === undefined) continue;
              const role = stream.role(event);
              if (role.kind === 'resume') throw new StreamClosedError(role.why);
              if (role.kind === 'progress') {
                lastEventId = role.id;
                failures = 0;
              }
              yield event;
              if (role.kind === 'final') return;
            }
          }
          problem = new Error('the stream ended before its end event');
        } finally {
          await reader.cancel().catch(() => undefined);
        }
      }
    } catch (error) {
      if (error instanceof PolicyCatalogError && !error.transient) throw error;
      if (options.signal?.aborted) throw error;
      problem = error;
    }
    failures++;
    if (failures > maxReconnects) {
      if (problem instanceof PolicyCatalogError) throw problem;
      throw PolicyCatalogError.unreachable(operation, problem);
    }
    options.onReconnect?.(failures, lastEventId, problem);
    await sleep(retryMs ?? Math.max(100, backoff(failures, 500, 5000)), options.signal);
  }
}

/**
 * The role of a `closed` event: resumable (a slow reader, a replica that stops) or the end (credentials
 * revoked, expired).
 */
function closedRole(reason: string): { kind: 'final' } | { kind: 'resume'; why: string } {
  return RESUMABLE_CLOSE.has(reason) ? { kind: 'resume', why: reason } : { kind: 'final' };
}

const closedReason = (data: string) => (JSON.parse(data) as { reason: string }).reason;

/**
 * Reads `GET /api/deployments/{id}/logs` until its `end` event (or a `closed` the client cannot
 * resume from), resuming a dropped connection with `Last-Event-ID`: no line lost or repeated.
 */
export function followDeploymentLog(
  transport: Transport,
  deploymentId: string,
  options: FollowLogOptions = {},
): AsyncGenerator<LogStreamEvent> {
  return followEventStream<LogStreamEvent>(
    transport,
    {
      operation: 'GET /api/deployments/{id}/logs',
      url: `${transport.baseUrl}/api/deployments/${encodeURIComponent(deploymentId)}/logs`,
      decode: toLogEvent,
      role: (event) =>
        event.type === 'log'
          ? { kind: 'progress', id: event.id }
          : event.type === 'closed'
            ? closedRole(event.reason)
            : { kind: 'final' },
    },
    options,
  );
}

/**
 * Reads `GET /api/rollouts/{id}/events` (the stored events, then the live ones) until its `end` event,
 * resuming a dropped connection with `Last-Event-ID` (the last event's `seq`): none lost or repeated.
 */
export function followRollout(
  transport: Transport,
  rolloutId: string,
  options: FollowRolloutOptions = {},
): AsyncGenerator<RolloutStreamEvent> {
  return followEventStream<RolloutStreamEvent>(
    transport,
    {
      operation: 'GET /api/rollouts/{id}/events',
      url: `${transport.baseUrl}/api/rollouts/${encodeURIComponent(rolloutId)}/events`,
      decode: toRolloutEvent,
      role: (event) =>
        event.type === 'rollout'
          ? { kind: 'progress', id: event.id }
          : event.type === 'closed'
            ? closedRole(event.reason)
            : { kind: 'final' },
    },
    options,
  );
}

function toRolloutEvent(message: EventSourceMessage): RolloutStreamEvent | undefined {
  switch (message.event ?? 'message') {
    case 'rollout':
      return { type: 'rollout', id: message.id ?? '', event: JSON.parse(message.data) as RolloutEvent };
    case 'end':
      return { type: 'end', end: JSON.parse(message.data) as RolloutEnd };
    case 'closed':
      return { type: 'closed', reason: closedReason(message.data) };
    default:
      return undefined;
  }
}

function toLogEvent(message: EventSourceMessage): LogStreamEvent | undefined {
  switch (message.event ?? 'message') {
    case 'log':
      return { type: 'log', id: message.id ?? '', chunk: JSON.parse(message.data) as LogChunk };
    case 'end':
      return { type: 'end', id: message.id, end: JSON.parse(message.data) as LogEnd };
    case 'closed':
      return { type: 'closed', reason: closedReason(message.data) };
    default:
      return undefined;
  }
}
