import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DeploymentsEvents,
  DeploymentsRpc,
  type RequestContext,
  type Rollout,
  type RolloutEvent,
  type RolloutEventsAfterResult,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EventFeed, EventStreams, type StreamRequest } from './event-streams';

/** Stored events are read this often too, in case a broadcast was lost. */
const POLL_MS = 1000;
const ENDED: readonly Rollout['status'][] = ['completed', 'halted', 'aborted', 'rolled_back'];

/**
 * GET /api/rollouts/{id}/events: replays the roll-out's stored events after `Last-Event-ID` (an event's
 * `seq`), follows the live ones (a broadcast every replica hears), and ends with `end` once the roll-out
 * has ended and every event was sent. Events: `rollout` (id `<seq>`, data a RolloutEvent) and `end`
 * (data {rollout_id, status, halt_reason}); comment lines as heartbeats. The open streams count toward
 * the same per-user limit as log streams, and end with `closed` for the same reasons (`EventStreams`:
 * the credential revoked or expired, a reader more than 1 MiB behind, the gateway stopping).
 */
@Injectable()
export class RolloutStreams implements OnModuleInit, EventFeed {
  private readonly listeners = new Map<string, Set<(event: RolloutEvent) => void>>();

  constructor(
    private readonly bus: BusClient,
    private readonly streams: EventStreams,
  ) {}

  readonly pages = DeploymentsRpc.rolloutEventsAfter;

  async onModuleInit(): Promise<void> {
    await this.bus.subscribeBroadcast(DeploymentsEvents.rolloutEvent, (data) => {
      for (const listener of this.listeners.get(data.rollout_id) ?? []) listener(data.event);
    });
  }

  /** `lastEventId`: the validated Last-Event-ID header (ROLLOUT_EVENT_ID_PATTERN), when sent. */
  stream(ctx: RequestContext, id: string, req: FastifyRequest, reply: FastifyReply, lastEventId?: string) {
    return this.streams.answer(this, ctx, id, req, reply, lastEventId);
  }

  async serve({ ctx, id, req, reply, release, lastEventId }: StreamRequest): Promise<void> {
    let last = lastEventId ? Number(lastEventId) : 0;
    const live: RolloutEvent[] = [];
    let onEvent: (event: RolloutEvent) => void = (event) => void live.push(event);
    const set = this.listeners.get(id) ?? new Set();
    this.listeners.set(id, set);
    const listener = (event: RolloutEvent) => onEvent(event);
    set.add(listener);
    const unlisten = () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
    let first: RolloutEventsAfterResult;
    try {
      // Visibility (404) and the first page before anything is written: errors answer as JSON.
      first = await this.bus.request(DeploymentsRpc.rolloutEventsAfter, ctx, { id, afterSeq: last });
    } catch (error) {
      unlisten();
      throw error;
    }
    const stream = this.streams.openStream(req, reply, {
      release,
      pollMs: POLL_MS,
      poll: () => catchUp(),
      onClose: unlisten,
      logFields: { rollout: id },
      name: 'roll-out stream',
    });
    const send = (event: RolloutEvent): boolean => {
      if (event.seq !== last + 1) return false;
      stream.write(`id: ${event.seq}\nevent: rollout\ndata: ${JSON.stringify(event)}\n\n`);
      last = event.seq;
      return true;
    };
    const deliver = (page: RolloutEventsAfterResult) => {
      for (const event of page.events) send(event);
      if (!page.more && ENDED.includes(page.rollout.status)) {
        const { status, halt_reason } = page.rollout;
        stream.write(`event: end\ndata: ${JSON.stringify({ rollout_id: id, status, halt_reason })}\n\n`);
        stream.close();
      }
    };
    /** Sends every stored event after `last`; ends the stream once the roll-out has ended. */
    const catchUp = async (): Promise<void> => {
      while (!stream.closed) {
        const page = await this.bus.request(DeploymentsRpc.rolloutEventsAfter, ctx, { id, afterSeq: last });
        deliver(page);
        if (!page.more) return;
      }
    };
    stream.enqueue(async () => {
      deliver(first);
      if (first.more) await catchUp();
    });
    onEvent = (event) =>
      stream.enqueue(async () => {
        if (event.seq <= last) return;
        if (!send(event) || ENDED.includes(event.status)) await catchUp();
      });
    for (const event of live.splice(0)) onEvent(event);
    await stream.ended();
  }
}
