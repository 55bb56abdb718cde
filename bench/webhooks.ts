/**
 * Webhook fan-out bench (issue 28), one run, figures to stdout and optionally JSON:
 *
 * 1. Idle: one event to one endpoint, `--singles` times one after the other: event-to-receiver p50/p99
 *    (the baseline the fan-out is compared with, measured in the same run).
 * 2. Fan-out: `--events` durable `deployments.deployment.succeeded.v1` events (published as the deployments
 *    service's outbox relay publishes them, all at once) to `--endpoints` endpoints of their author:
 *    events x endpoints signed deliveries. Event-to-receiver p50/p99/max of each delivery's first
 *    attempt, the time to deliver them all and the deliveries per second; ratios of its p50 and p99 to
 *    the idle ones.
 * 3. The API meanwhile: p50/p99 of `GET /api/webhooks` (identity, the service that fans out), `--readers`
 *    clients in a loop, measured idle before and during the fan-out; the ratio of the two p99s (the
 *    issue's budget: unchanged, so near 1).
 *
 * The system is `npm start`'s composition in a child process over the real NATS and PostgreSQL; the
 * receiver (one HTTP server, a path per endpoint, answering 204 at once) and the load run in this
 * process. Usage: `npm run bench:webhooks -- [--events 1000] [--endpoints 20] [--singles 20]
 * [--readers 4] [--idle-seconds 5] [--json file] [--nats url] [--postgres url]`.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { DeploymentsEvents } from '@pc/contracts';
import { createDurableEvents } from '@pc/platform';
import {
  Api,
  benchOptions,
  startRun,
  type Json,
  loadAverage,
  machineAtStart,
  percentile,
  round,
  sleep,
} from './harness';
import { startProcess, stopProcess } from './processes';

/** The receiver: when each message (by its deployment id) first reached each path. */
class Receiver {
  /** `<path> <deployment id>` -> first arrival (performance.now()). */
  readonly arrivals = new Map<string, number>();
  private server?: http.Server;
  port = 0;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = performance.now();
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data?: { deployment_id?: string };
        };
        const key = `${req.url} ${body.data?.deployment_id ?? ''}`;
        if (!this.arrivals.has(key)) this.arrivals.set(key, at);
        res.writeHead(204).end();
      });
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** `readers` clients reading `GET /api/webhooks` in a loop until `stop()`: each request's latency. */
function readLoop(api: Api, readers: number): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loops = Array.from({ length: readers }, async () => {
    while (running) {
      const started = performance.now();
      const res = await api.call('GET', '/api/webhooks');
      if (res.status !== 200) throw new Error(`GET /api/webhooks ${res.status}`);
      latencies.push(performance.now() - started);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return latencies;
    },
  };
}

const figures = (values: number[]) => ({
  samples: values.length,
  p50: round(percentile(values, 50), 1),
  p99: round(percentile(values, 99), 1),
  max: round(Math.max(...values), 1),
});

async function main(): Promise<void> {
  const o = benchOptions(process.argv.slice(2), {
    events: 1000,
    endpoints: 20,
    singles: 20,
    readers: 4,
    idleSeconds: 5,
  });
  const machine = machineAtStart();
  const run = await startRun(o, 'hooks');
  const { dbName, prefix } = run;
  const receiver = new Receiver();
  await receiver.start();
  const children: ChildProcess[] = [];
  const events = createDurableEvents({ kind: 'nats', url: o.nats, prefix, timeoutMs: 10_000 }, 'deployments');
  const results: Json = { machine, options: o };
  const log = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const system = await startProcess(
      'apps/embedded/src/main.ts',
      {
        ...run.env,
        ...run.embeddedEnv,
        RATE_LIMIT_SIGNUPS_PER_HOUR: '0',
        WEBHOOKS_REQUIRE_HTTPS: 'false',
        OUTBOUND_ALLOWLIST: `127.0.0.1:${receiver.port}`,
        WEBHOOKS_MAX_ENDPOINTS_PER_USER: String(o.endpoints),
        // Seven services share the PostgreSQL other work uses too (100 connections).
        DB_POOL_SIZE: '4',
      },
      /^Sandbox .*: http\S+$/m,
    );
    children.push(system.child);
    const base = /^ {2}API: +(http\S+)\/api$/m.exec(system.output())![1];
    const api = new Api(base);
    /** A user with a token, who subscribes endpoints on the receiver to `deployment.succeeded`. */
    const newUser = async (name: string) => {
      const { id, cookie } = await api.signUp(`${name}-${dbName}@example.com`, name);
      const client = api.as(await api.newToken(cookie, 'bench', ['api:read', 'api:write']));
      const subscribe = (p: string) =>
        client.ok('POST', '/api/webhooks', {
          url: `http://127.0.0.1:${receiver.port}${p}`,
          event_types: ['deployment.succeeded'],
        });
      return { id, client, subscribe };
    };
    const event = (id: string, author: string) => ({
      deployment_id: id,
      asset_type: 'policy' as const,
      policy_id: randomUUID(),
      ruleset_id: null,
      workspace_id: randomUUID(),
      connection_id: randomUUID(),
      platform_org_id: 'bench-org',
      created_by: author,
    });
    /** Publishes one event per id (as the outbox relay does); the publish time of each id. */
    const publish = async (ids: string[], author: string): Promise<Map<string, number>> => {
      const at = new Map<string, number>();
      await Promise.all(
        ids.map(async (id) => {
          at.set(id, performance.now());
          await events.publish(DeploymentsEvents.deploymentSucceeded, randomUUID(), event(id, author));
        }),
      );
      return at;
    };
    const arrived = (paths: string[], ids: string[]) =>
      paths.every((p) => ids.every((id) => receiver.arrivals.has(`${p} ${id}`)));
    const waitAll = async (paths: string[], ids: string[], timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!arrived(paths, ids)) {
        if (Date.now() > deadline) throw new Error('deliveries did not all arrive in time');
        await sleep(20);
      }
    };
    const delays = (paths: string[], published: Map<string, number>) =>
      [...published].flatMap(([id, at]) => paths.map((p) => receiver.arrivals.get(`${p} ${id}`)! - at));

    log(`machine: ${machine}`);
    // 1. Idle: one user's one endpoint, one event at a time.
    const alone = await newUser('alone');
    await alone.subscribe('/single');
    const single: number[] = [];
    for (let i = 0; i < o.singles; i++) {
      const id = randomUUID();
      const published = await publish([id], alone.id);
      await waitAll(['/single'], [id], 30_000);
      single.push(...delays(['/single'], published));
    }
    results.idleDelivery = figures(single);
    log(
      `idle, one event to one endpoint (${o.singles}): p50 ${figures(single).p50} ms, p99 ${figures(single).p99} ms`,
    );

    // 3a. The API alone.
    const author = await newUser('author');
    const paths = Array.from({ length: o.endpoints }, (_, i) => `/e${i}`);
    for (const p of paths) await author.subscribe(p);
    const idleReads = readLoop(author.client, o.readers);
    await sleep(o.idleSeconds * 1000);
    const apiIdle = figures(await idleReads.stop());

    // 2. and 3b. The fan-out, with the API read meanwhile.
    const ids = Array.from({ length: o.events }, () => randomUUID());
    const busyReads = readLoop(author.client, o.readers);
    const started = performance.now();
    const published = await publish(ids, author.id);
    await waitAll(paths, ids, 30 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const apiBusy = figures(await busyReads.stop());
    const fanOut = figures(delays(paths, published));
    const deliveries = o.events * o.endpoints;
    results.fanOut = {
      events: o.events,
      endpoints: o.endpoints,
      deliveries,
      seconds: round(seconds, 1),
      perSecond: round(deliveries / seconds, 1),
      ...fanOut,
      p50Ratio: round(fanOut.p50 / figures(single).p50),
      p99Ratio: round(fanOut.p99 / figures(single).p99),
    };
    results.api = { idle: apiIdle, duringFanOut: apiBusy, p99Ratio: round(apiBusy.p99 / apiIdle.p99) };
    results.loadAtEnd = loadAverage();
    log(
      `fan-out: ${o.events} events x ${o.endpoints} endpoints = ${deliveries} deliveries in ${seconds.toFixed(1)} s ` +
        `(${round(deliveries / seconds, 1)}/s); event to receiver p50 ${fanOut.p50} ms, p99 ${fanOut.p99} ms, max ${fanOut.max} ms`,
    );
    log(
      `GET /api/webhooks (${o.readers} readers): idle p50 ${apiIdle.p50} / p99 ${apiIdle.p99} ms, during the fan-out ` +
        `p50 ${apiBusy.p50} / p99 ${apiBusy.p99} ms: p99 ratio ${round(apiBusy.p99 / apiIdle.p99)}`,
    );
    log(`load average at the end: ${loadAverage()}`);
    if (o.json) writeFileSync(o.json, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await events.close();
    for (const child of children) await stopProcess(child);
    await receiver.close();
    await run.drop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
