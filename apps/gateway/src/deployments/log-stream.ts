import { Injectable } from '@nestjs/common';
import {
  DeploymentsRpc,
  type DeploymentJob,
  type LogChunk,
  type LogsAfterResult,
  type RequestContext,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EventFeed, EventStreams, type StreamRequest } from './event-streams';
import { type HubEvent, LogHub } from './log-hub';

/** A safety net: stored chunks are checked this often, in case a live event was lost. */
const POLL_MS = 3000;

/**
 * GET /api/deployments/{id}/logs: replays the stored chunks of the deployment's latest job after the
 * client's `Last-Event-ID`, follows the live ones until the job ends, then sends `end` and closes.
 * Events: `log` (id `<job id>:<seq>`, data a LogChunk) and `end` (data {deployment_id, job_id, status,
 * error}); comment lines as heartbeats. Nothing is buffered by the gateway: each event is written as it comes.
 * Limits: at most `LOG_STREAMS_MAX_PER_USER` open streams per user over all replicas (else 429 with
 * Retry-After); a stream ends with `event: closed` (`{reason}`) when its token is revoked or its session
 * ends (`credentials_revoked`, at the revocation broadcast), when the token or session reaches its expiry
 * (`credentials_expired`), when the client reads so slowly that more than 1 MiB waits in the gateway
 * for it (`slow_reader`: memory per stream stays bounded), or when the gateway stops (`shutting_down`).
 * The limit, the credential watch and the end at shutdown are `EventStreams`'.
 */
@Injectable()
export class LogStreams implements EventFeed {
  constructor(
    private readonly bus: BusClient,
    private readonly hub: LogHub,
    private readonly streams: EventStreams,
  ) {}

  readonly pages = DeploymentsRpc.logsAfter;

  /** `lastEventId`: the validated Last-Event-ID header (LOG_EVENT_ID_PATTERN), when sent. */
  stream(ctx: RequestContext, id: string, req: FastifyRequest, reply: FastifyReply, lastEventId?: string) {
    return this.streams.answer(this, ctx, id, req, reply, lastEventId);
  }

  async serve({ ctx, id, req, reply, release, lastEventId }: StreamRequest): Promise<void> {
    const [jobId, seq] = lastEventId?.split(':') ?? [];
    const after = jobId && seq ? { jobId: jobId.toLowerCase(), seq: Number(seq) } : undefined;

    const live: HubEvent[] = [];
    let onEvent: (event: HubEvent) => void = (event) => live.push(event);
    const unlisten = this.hub.listen(id, (event) => onEvent(event));
    let first: LogsAfterResult;
    try {
      // Visibility (404) and the first page, before anything is written: errors answer as JSON.
      first = await this.bus.request(DeploymentsRpc.logsAfter, ctx, { id, after });
    } catch (error) {
      unlisten();
      throw error;
    }

    const job: DeploymentJob | null = first.job;
    let last = after && job && after.jobId === job.id ? after.seq : 0;
    const stream = this.streams.openStream(req, reply, {
      release,
      pollMs: POLL_MS,
      poll: () => catchUp(true),
      onClose: unlisten,
      logFields: { deployment: id },
      name: 'log stream',
    });
    const send = (chunk: LogChunk) => {
      if (chunk.seq !== last + 1) return false;
      stream.write(`id: ${chunk.job_id}:${chunk.seq}\nevent: log\ndata: ${JSON.stringify(chunk)}\n\n`);
      last = chunk.seq;
      return true;
    };
    const finish = (ended: DeploymentJob | null) => {
      if (stream.closed) return;
      const eventId = ended ? `id: ${ended.id}:${last}\n` : '';
      stream.write(
        `${eventId}event: end\ndata: ${JSON.stringify({
          deployment_id: id,
          job_id: ended?.id ?? null,
          status: ended?.status ?? null,
          error: ended?.error ?? null,
        })}\n\n`,
      );
      stream.close();
    };
    /**
     * Sends every stored chunk of the stream's job after `last`; ends the stream when the job has ended.
     * The job is read by its id, so a newer job of the deployment (a self-heal, a removal) does not hide
     * its last chunks nor its final status when the job-ended event was missed.
     */
    const catchUp = async (checkEnd: boolean): Promise<void> => {
      if (stream.closed || !job) return;
      while (!stream.closed) {
        const page = await this.bus.request(DeploymentsRpc.logsAfter, ctx, {
          id,
          jobId: job.id,
          after: { jobId: job.id, seq: last },
        });
        // The job is gone, or a service that does not read a job by id answered another one: its end
        // status is unknown here (never the one read when the stream opened).
        if (!page.job || page.job.id !== job.id) return finish(null);
        for (const chunk of page.chunks) send(chunk);
        if (!page.more) {
          if (checkEnd && isEnded(page.job)) finish(page.job);
          return;
        }
      }
    };

    if (!job) return finish(null);
    stream.enqueue(async () => {
      for (const chunk of first.chunks) send(chunk);
      if (first.more) await catchUp(false);
      if (isEnded(first.job!) && !first.more) return finish(first.job);
      await catchUp(true);
    });
    const handle = (event: HubEvent) => {
      stream.enqueue(async () => {
        if (event.kind === 'chunk') {
          if (event.data.chunk.job_id !== job.id || event.data.chunk.seq <= last) return;
          if (!send(event.data.chunk)) await catchUp(false); // a gap: fill it from the store
        } else if (event.data.job.id === job.id) {
          await catchUp(false);
          finish(event.data.job);
        }
      });
    };
    onEvent = handle;
    for (const event of live.splice(0)) handle(event);
    await stream.ended();
  }
}

function isEnded(job: DeploymentJob): boolean {
  return job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled';
}
