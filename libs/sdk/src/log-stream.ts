import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { PolicyCatalogError } from './errors';
import type { components } from './generated/openapi';
import type { Credentials } from './client';
import { backoff, sleep } from './retry';

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
  /** The gateway ended the stream early: its credentials were revoked (`credentials_revoked`). */
  | { type: 'closed'; reason: string };

export interface FollowLogOptions {
  /** Resume after this event id (`<job id>:<seq>`), as a reconnecting client does. */
  lastEventId?: string;
  signal?: AbortSignal;
  /** Reconnections in a row without a new event before giving up (default 8). */
  maxReconnects?: number;
  /** Called before each reconnection, with the id it resumes from. */
  onReconnect?: (attempt: number, lastEventId: string | undefined, reason: unknown) => void;
}

interface Transport {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: (request: Request) => Promise<Response>;
  credentials?: Credentials;
}

/** Stream ends the gateway asks the client to resume from (a reader left behind). */
const RESUMABLE_CLOSE = new Set(['slow_reader']);

/**
 * Reads `GET /api/deployments/{id}/logs` (Server-Sent Events, parsed with eventsource-parser) until
 * its `end` event. When the connection drops, or the server answers 429/502/503/504, it reconnects
 * with `Last-Event-ID` set to the last event seen (the server then sends exactly what was missed),
 * waiting with back-off (or the server's `retry:`) between tries.
 */
export async function* followDeploymentLog(
  transport: Transport,
  deploymentId: string,
  options: FollowLogOptions = {},
): AsyncGenerator<LogStreamEvent> {
  const operation = 'GET /api/deployments/{id}/logs';
  const url = `${transport.baseUrl}/api/deployments/${encodeURIComponent(deploymentId)}/logs`;
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
              const event = toEvent(queue.shift()!);
              if (!event) continue;
              if (event.type === 'log') {
                lastEventId = event.id;
                failures = 0;
                yield event;
              } else if (event.type === 'closed' && RESUMABLE_CLOSE.has(event.reason)) {
                throw new Error(`the gateway closed the stream (${event.reason})`);
              } else {
                yield event;
                return;
              }
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

function toEvent(message: EventSourceMessage): LogStreamEvent | undefined {
  switch (message.event ?? 'message') {
    case 'log':
      return { type: 'log', id: message.id ?? '', chunk: JSON.parse(message.data) as LogChunk };
    case 'end':
      return { type: 'end', id: message.id, end: JSON.parse(message.data) as LogEnd };
    case 'closed':
      return { type: 'closed', reason: (JSON.parse(message.data) as { reason: string }).reason };
    default:
      return undefined;
  }
}
