import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PolicyCatalog } from './client';
import { PolicyCatalogError } from './errors';
import { type LogStreamEvent, type RolloutStreamEvent, StreamClosedError } from './log-stream';

/** A local HTTP server whose answers each test scripts; it records what it was asked. */
class Stub {
  server!: Server;
  url!: string;
  seen: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }> = [];
  handler: (req: IncomingMessage, res: ServerResponse, n: number) => void = (_, res) => res.end();

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      req.resume();
      req.on('end', () => this.handler(req, res, this.seen.length));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const unavailable = (res: ServerResponse) =>
  json(res, 503, {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'down',
    code: 'SERVICE_UNAVAILABLE',
  });

describe('PolicyCatalog (against a scripted server)', () => {
  const stub = new Stub();
  beforeAll(() => stub.start());
  afterAll(() => stub.stop());
  beforeEach(() => (stub.seen = []));
  const client = () => new PolicyCatalog({ baseUrl: stub.url, token: 'pcat_x', retry: { baseDelayMs: 1 } });

  it('retries a GET after 503 and sends the bearer token each time', async () => {
    stub.handler = (_, res, n) => (n < 3 ? unavailable(res) : json(res, 200, { user: { id: 'u' } }));
    await expect(client().api.me.get()).resolves.toEqual({ user: { id: 'u' } });
    expect(stub.seen.map((s) => s.headers.authorization)).toEqual([
      'Bearer pcat_x',
      'Bearer pcat_x',
      'Bearer pcat_x',
    ]);
  });

  it('does not retry a write without an Idempotency-Key, and throws the API error with its code', async () => {
    stub.handler = (_, res) => unavailable(res);
    const error = (await client()
      .api.webhooks.ping({ params: { path: { id: '00000000-0000-4000-8000-000000000000' } } })
      .catch((e: unknown) => e)) as PolicyCatalogError;
    expect(error).toBeInstanceOf(PolicyCatalogError);
    expect([error.status, error.code, error.message, error.operation]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      'down',
      'POST /api/webhooks/{id}/ping',
    ]);
    expect(stub.seen).toHaveLength(1);
  });

  it("carries a proxy's error page that is not JSON in the message (a text 502)", async () => {
    stub.handler = (_, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream connect error: connection refused');
    };
    const error = (await client()
      .api.webhooks.ping({ params: { path: { id: '00000000-0000-4000-8000-000000000000' } } })
      .catch((e: unknown) => e)) as PolicyCatalogError;
    expect(error).toBeInstanceOf(PolicyCatalogError);
    expect([error.status, error.code, error.message]).toEqual([
      502,
      undefined,
      'POST /api/webhooks/{id}/ping answered 502: upstream connect error: connection refused',
    ]);
  });

  it('sends one Idempotency-Key with a deployment and repeats it on every retry', async () => {
    stub.handler = (_, res, n) => (n < 2 ? unavailable(res) : json(res, 201, { results: [] }));
    await client().api.deployments.create({
      body: { connectionId: 'c', workspaceId: 'w', targetOrganizationIds: ['o'] },
    });
    const keys = stub.seen.map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('honours Retry-After, and gives the answer back when it is longer than the longest wait', async () => {
    stub.handler = (_, res) =>
      json(
        res,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down', code: 'RATE_LIMITED' },
        {
          'retry-after': '3600',
        },
      );
    const error = (await client()
      .api.me.get()
      .catch((e: unknown) => e)) as PolicyCatalogError;
    expect([error.status, error.retryAfter, stub.seen.length]).toEqual([429, 3600, 1]);
  });

  it('reports an unreachable server as status 0', async () => {
    const gone = new PolicyCatalog({ baseUrl: 'http://127.0.0.1:9', retry: false });
    const error = (await gone.api.me.get().catch((e: unknown) => e)) as PolicyCatalogError;
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('follows a log across a dropped connection with Last-Event-ID: nothing lost, nothing twice', async () => {
    const job = '11111111-1111-4111-8111-111111111111';
    const chunk = (seq: number) =>
      `id: ${job}:${seq}\nevent: log\ndata: ${JSON.stringify({ seq, job_id: job, step: 'build', level: 'info', text: `line ${seq}`, at: '2026-01-01T00:00:00.000Z' })}\n\n`;
    stub.handler = (req, res, n) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (n === 1) {
        // Three lines, then the connection drops mid-event.
        return void res.write(': heartbeat\n\n' + chunk(1) + chunk(2) + chunk(3) + 'id: half', () =>
          res.destroy(),
        );
      }
      const after = Number(String(req.headers['last-event-id']).split(':')[1]);
      const rest = [4, 5]
        .filter((s) => s > after)
        .map(chunk)
        .join('');
      res.end(
        `${rest}id: ${job}:5\nevent: end\ndata: ${JSON.stringify({ deployment_id: 'd', job_id: job, status: 'succeeded', error: null })}\n\n`,
      );
    };
    const reconnects: Array<string | undefined> = [];
    const events: LogStreamEvent[] = [];
    for await (const event of client().followDeploymentLog('d', {
      onReconnect: (_, id) => reconnects.push(id),
    }))
      events.push(event);
    expect(events.map((e) => (e.type === 'log' ? e.chunk.text : e.type))).toEqual([
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
      'end',
    ]);
    expect(reconnects).toEqual([`${job}:3`]);
    expect(stub.seen[1].headers['last-event-id']).toBe(`${job}:3`);
  });

  it('follows a roll-out with the same reader: a slow reader closed by the gateway resumes after the last seq', async () => {
    const event = (seq: number) =>
      `id: ${seq}\nevent: rollout\ndata: ${JSON.stringify({ seq, rollout_id: 'r', type: 'organization', status: 'running', step: 0, organization_id: `org-${seq}`, state: 'healthy', message: `org-${seq} healthy`, at: '2026-01-01T00:00:00.000Z' })}\n\n`;
    stub.handler = (req, res, n) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (n === 1)
        return void res.end(`${event(1)}${event(2)}event: closed\ndata: {"reason":"slow_reader"}\n\n`);
      const after = Number(req.headers['last-event-id']);
      res.end(
        `${[3]
          .filter((s) => s > after)
          .map(event)
          .join(
            '',
          )}event: end\ndata: ${JSON.stringify({ rollout_id: 'r', status: 'completed', halt_reason: null })}\n\n`,
      );
    };
    const reconnects: Array<string | undefined> = [];
    const events: RolloutStreamEvent[] = [];
    for await (const e of client().followRollout('r', { onReconnect: (_, id) => reconnects.push(id) }))
      events.push(e);
    expect(
      events.map((e) => (e.type === 'rollout' ? e.event.message : `${e.type} ${JSON.stringify(e)}`)),
    ).toEqual([
      'org-1 healthy',
      'org-2 healthy',
      'org-3 healthy',
      `end ${JSON.stringify({ type: 'end', end: { rollout_id: 'r', status: 'completed', halt_reason: null } })}`,
    ]);
    expect(reconnects).toEqual(['2']);
    expect(stub.seen.map((s) => [s.url, s.headers['last-event-id']])).toEqual([
      ['/api/rollouts/r/events', undefined],
      ['/api/rollouts/r/events', '2'],
    ]);
  });

  it('resumes a log and a roll-out that a stopping gateway replica closed (shutting_down) after the last event', async () => {
    const job = '11111111-1111-4111-8111-111111111111';
    const line = (seq: number) =>
      `id: ${job}:${seq}\nevent: log\ndata: ${JSON.stringify({ seq, job_id: job, step: 'build', level: 'info', text: `line ${seq}`, at: '2026-01-01T00:00:00.000Z' })}\n\n`;
    const change = (seq: number) =>
      `id: ${seq}\nevent: rollout\ndata: ${JSON.stringify({ seq, rollout_id: 'r', type: 'organization', status: 'running', step: 0, organization_id: `org-${seq}`, state: 'healthy', message: `org-${seq} healthy`, at: '2026-01-01T00:00:00.000Z' })}\n\n`;
    const stopping = 'event: closed\ndata: {"reason":"shutting_down"}\n\n';
    stub.handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const resumed = req.headers['last-event-id'];
      if (req.url!.endsWith('/logs'))
        return void res.end(
          resumed === undefined
            ? `${line(1)}${line(2)}${stopping}`
            : `${line(3)}id: ${job}:3\nevent: end\ndata: ${JSON.stringify({ deployment_id: 'd', job_id: job, status: 'succeeded', error: null })}\n\n`,
        );
      res.end(
        resumed === undefined
          ? `${change(1)}${stopping}`
          : `${change(2)}event: end\ndata: ${JSON.stringify({ rollout_id: 'r', status: 'completed', halt_reason: null })}\n\n`,
      );
    };
    const reasons: unknown[] = [];
    const onReconnect = (_: number, __: string | undefined, reason: unknown) => reasons.push(reason);
    const log: string[] = [];
    for await (const e of client().followDeploymentLog('d', { onReconnect }))
      log.push(e.type === 'log' ? e.chunk.text : e.type);
    const rollout: string[] = [];
    for await (const e of client().followRollout('r', { onReconnect }))
      rollout.push(e.type === 'rollout' ? e.event.message : e.type);
    expect([log, rollout]).toEqual([
      ['line 1', 'line 2', 'line 3', 'end'],
      ['org-1 healthy', 'org-2 healthy', 'end'],
    ]);
    expect(stub.seen.map((s) => [s.url, s.headers['last-event-id']])).toEqual([
      ['/api/deployments/d/logs', undefined],
      ['/api/deployments/d/logs', `${job}:2`],
      ['/api/rollouts/r/events', undefined],
      ['/api/rollouts/r/events', '1'],
    ]);
    expect(reasons.map((r) => (r instanceof StreamClosedError ? r.reason : r))).toEqual([
      'shutting_down',
      'shutting_down',
    ]);
  });

  it('stops following with the API error when the deployment is not the caller’s', async () => {
    stub.handler = (_, res) =>
      json(res, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'No such deployment',
        code: 'NOT_FOUND',
      });
    const events = client().followDeploymentLog('d');
    await expect(events.next()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(stub.seen).toHaveLength(1);
  });
});
