import { randomUUID } from 'node:crypto';
import net from 'node:net';
import {
  type DeploymentJob,
  DeploymentsEvents,
  DeploymentsRpc,
  IdentityEvents,
  type LogsAfterResult,
  type Rollout,
  type RolloutEventsAfterResult,
} from '@pc/contracts';
import { DomainError, hashSecret } from '@pc/platform';
import { GatewayUnderTest, gatewayUnderTest } from '../testing/gateway-under-test';

const runningJob = (deploymentId: string): DeploymentJob => ({
  id: randomUUID(),
  deployment_id: deploymentId,
  kind: 'deploy',
  self_heal: false,
  status: 'running',
  step: 'build',
  attempts: 1,
  error: null,
  created_at: new Date().toISOString(),
  started_at: new Date().toISOString(),
  finished_at: null,
});

const runningRollout = (id: string): Rollout => ({
  id,
  asset_type: 'policy',
  policy_id: randomUUID(),
  ruleset_id: null,
  asset_name: 'rate-limit',
  workspace_id: randomUUID(),
  connection_id: randomUUID(),
  created_by: randomUUID(),
  status: 'running',
  current_step: 0,
  phase: null,
  requested_version: null,
  bake_seconds: 60,
  health_timeout_seconds: 60,
  halt_reason: null,
  steps: [],
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  finished_at: null,
});

/** A deployment or roll-out the caller may not see. */
const HIDDEN = '00000000-0000-4000-8000-000000000000';
const jobs = new Map<string, DeploymentJob>();
/** A job that keeps running, with no chunks yet: its stream stays open until something closes it. */
const running = (data: { id: string }): LogsAfterResult => {
  if (data.id === HIDDEN) throw new DomainError('NOT_FOUND', 'deployment not found');
  const job = jobs.get(data.id) ?? runningJob(data.id);
  jobs.set(data.id, job);
  return { job, chunks: [], more: false };
};

/** A roll-out under way, no events yet. */
const following = (data: { id: string }): RolloutEventsAfterResult => {
  if (data.id === HIDDEN) throw new DomainError('NOT_FOUND', 'roll-out not found');
  return { rollout: runningRollout(data.id), events: [], more: false };
};

/** An event stream as a client reads it: its status, and the text received so far. */
interface OpenedStream {
  status: number;
  text: () => string;
  /** Resolves when the text matches, or rejects after `ms`. */
  until: (pattern: RegExp, ms?: number) => Promise<void>;
  abort: () => void;
}

async function openStream(url: string, token: string): Promise<OpenedStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  let text = '';
  if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    })().catch(() => undefined);
  }
  return {
    status: res.status,
    text: () => text,
    until: async (pattern, ms = 5000) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${JSON.stringify(text)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    abort: () => controller.abort(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The gateway's server-sent event streams (a deployment's log, a roll-out's events), with stand-ins for
 * the deployments service: what ends a stream, and the open-stream limit a stream holds a lease of.
 */
describe('event streams (stand-ins for the services)', () => {
  const gateway = gatewayUnderTest([DeploymentsRpc.logsAfter, DeploymentsRpc.rolloutEventsAfter], {
    LOG_STREAMS_MAX_PER_USER: '1',
  });

  beforeAll(() => {
    gateway.reply(DeploymentsRpc.logsAfter, running);
    gateway.reply(DeploymentsRpc.rolloutEventsAfter, following);
  });

  it('gives the stream slot back when the client hung up while the stream was opening', async () => {
    const { token } = gateway.user();
    const id = randomUUID();
    let answer!: () => void;
    const asked = new Promise<void>((resolveAsked) =>
      gateway.reply(DeploymentsRpc.logsAfter, (data) => {
        resolveAsked();
        // The first page is answered only once the client is gone.
        return new Promise<LogsAfterResult>((resolve) => (answer = () => resolve(running(data))));
      }),
    );
    const controller = new AbortController();
    const first = fetch(`${gateway.url}/api/deployments/${id}/logs`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    }).catch(() => undefined);
    try {
      await asked;
      controller.abort();
      await first;
      await sleep(200); // the gateway sees the connection close
    } finally {
      gateway.reply(DeploymentsRpc.logsAfter, running);
      answer();
    }

    // The limit is one stream: the slot of the stream that never opened is free again.
    let second: OpenedStream | undefined;
    for (let attempt = 0; attempt < 20 && second?.status !== 200; attempt++) {
      second?.abort();
      await sleep(100);
      second = await openStream(`${gateway.url}/api/deployments/${id}/logs`, token);
    }
    second!.abort();
    expect(second!.status).toBe(200);
  });

  it.each([
    ['a log stream', (id: string) => `/api/deployments/${id}/logs`],
    ['a roll-out stream', (id: string) => `/api/rollouts/${id}/events`],
  ])(
    'answers HEAD on %s with its headers and the end, holding no stream slot nor the connection',
    async (_name, path) => {
      const { token } = gateway.user();
      const id = randomUUID();
      // A client that keeps its connection open (as curl or a proxy does), sending one request after another.
      const { port } = new URL(gateway.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString()));
      const responses = async (count: number) => {
        for (let waited = 0; (received.match(/^HTTP\/1\.1 /gm) ?? []).length < count; waited += 20) {
          if (waited > 2000) return received;
          await sleep(20);
        }
        return received;
      };
      try {
        socket.write(`HEAD ${path(id)} HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer ${token}\r\n\r\n`);
        expect(await responses(1)).toMatch(
          /^HTTP\/1\.1 200 OK\r\n(.*\r\n)*content-type: text\/event-stream; charset=utf-8\r\n/im,
        );
        // The limit is one stream: HEAD took none.
        const stream = await openStream(`${gateway.url}${path(id)}`, token);
        stream.abort();
        expect(stream.status).toBe(200);
        // The HEAD answer has ended: the connection serves the next request.
        socket.write(`GET /health/live HTTP/1.1\r\nHost: gateway\r\n\r\n`);
        expect((await responses(2)).match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
      } finally {
        socket.destroy();
      }
      const hidden = await fetch(`${gateway.url}${path(HIDDEN)}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(hidden.status).toBe(404);
    },
  );

  it('follows the live events of a log stream opened with the deployment id in upper case', async () => {
    const { token } = gateway.user();
    const id = randomUUID();
    const stream = await openStream(`${gateway.url}/api/deployments/${id.toUpperCase()}/logs`, token);
    try {
      expect(stream.status).toBe(200);
      await sleep(100);
      const job = running({ id }).job!;
      const chunk = {
        seq: 1,
        job_id: job.id,
        step: 'build',
        level: 'info' as const,
        text: 'built',
        at: job.created_at,
      };
      gateway.broadcast(DeploymentsEvents.logAppended, { deployment_id: id, chunk });
      await stream.until(/event: log\ndata: .*"text":"built"/, 2000);
    } finally {
      stream.abort();
    }
  });

  it("ends a log stream with its job's final status and last lines when a newer job replaced it and the job-ended event was missed", async () => {
    const { token } = gateway.user();
    const id = randomUUID();
    const first = runningJob(id);
    const line = (seq: number, text: string) => ({
      seq,
      job_id: first.id,
      step: 'apply',
      level: 'info' as const,
      text,
      at: first.created_at,
    });
    let ended = false;
    // The deployments service: the stream's job ran, then ended (no job-ended event reaches the gateway)
    // and a newer job of the deployment (a self-heal) became its latest.
    gateway.reply(DeploymentsRpc.logsAfter, (data): LogsAfterResult => {
      if (!ended) return { job: first, chunks: [line(1, 'applying')], more: false };
      if (data.jobId === first.id)
        return {
          job: { ...first, status: 'succeeded', finished_at: new Date().toISOString() },
          chunks: (data.after?.seq ?? 0) < 2 ? [line(2, 'applied')] : [],
          more: false,
        };
      return { job: { ...runningJob(id), status: 'queued', started_at: null }, chunks: [], more: false };
    });
    const stream = await openStream(`${gateway.url}/api/deployments/${id}/logs`, token);
    try {
      expect(stream.status).toBe(200);
      await stream.until(/"text":"applying"/);
      ended = true;
      // The next poll (3 s) reads the stream's job: its last line, then its end.
      await stream.until(/event: end\n/, 6000);
      expect(stream.text()).toContain('"text":"applied"');
      const end = /event: end\ndata: (.*)\n/.exec(stream.text())![1];
      expect(JSON.parse(end)).toEqual({
        deployment_id: id,
        job_id: first.id,
        status: 'succeeded',
        error: null,
      });
    } finally {
      stream.abort();
      gateway.reply(DeploymentsRpc.logsAfter, running);
    }
  });

  it('follows the live events of a roll-out stream opened with the roll-out id in upper case', async () => {
    const { token } = gateway.user();
    const id = randomUUID();
    const stream = await openStream(`${gateway.url}/api/rollouts/${id.toUpperCase()}/events`, token);
    try {
      expect(stream.status).toBe(200);
      await sleep(100);
      const event = {
        seq: 1,
        rollout_id: id,
        type: 'status' as const,
        status: 'running' as const,
        step: 0,
        organization_id: null,
        state: null,
        message: 'step 1 started',
        at: new Date().toISOString(),
      };
      gateway.broadcast(DeploymentsEvents.rolloutEvent, { rollout_id: id, event });
      // Within the first poll (1 s), which would read it from the store.
      await stream.until(/event: rollout\ndata: .*"message":"step 1 started"/, 500);
    } finally {
      stream.abort();
    }
  });

  it('ends a roll-out stream with closed (credentials_revoked) when its token is revoked', async () => {
    const { id: userId, token, tokenId } = gateway.user();
    const stream = await openStream(`${gateway.url}/api/rollouts/${randomUUID()}/events`, token);
    try {
      expect(stream.status).toBe(200);
      await sleep(100);
      gateway.broadcast(IdentityEvents.tokenRevoked, { tokenId, tokenHash: hashSecret(token), userId });
      await stream.until(/event: closed\ndata: \{"reason":"credentials_revoked"\}/);
    } finally {
      stream.abort();
    }
  });
});

describe('a gateway shutting down with event streams open', () => {
  it.each([
    ['a log stream', (id: string) => `/api/deployments/${id}/logs`],
    ['a roll-out stream', (id: string) => `/api/rollouts/${id}/events`],
  ])(
    'ends %s with closed (shutting_down) and closes within seconds',
    async (_name, path) => {
      const gateway = new GatewayUnderTest([DeploymentsRpc.logsAfter, DeploymentsRpc.rolloutEventsAfter]);
      await gateway.start();
      gateway.reply(DeploymentsRpc.logsAfter, running);
      gateway.reply(DeploymentsRpc.rolloutEventsAfter, (data): RolloutEventsAfterResult => ({
        rollout: runningRollout(data.id),
        events: [],
        more: false,
      }));
      const { token } = gateway.user();
      const stream = await openStream(`${gateway.url}${path(randomUUID())}`, token);
      try {
        expect(stream.status).toBe(200);
        const closing = gateway.close().then(() => 'closed');
        const outcome = await Promise.race([closing, sleep(5000).then(() => 'still closing')]);
        expect(outcome).toBe('closed');
        await stream.until(/event: closed\ndata: \{"reason":"shutting_down"\}/, 1000);
      } finally {
        // Without the end at shutdown, the client hanging up is what lets the gateway close.
        stream.abort();
        await gateway.close();
      }
    },
    20_000,
  );
});
