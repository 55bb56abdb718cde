import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundHttpClient, isRateLimited, retryAfterSeconds } from './outbound.client';
import { OutboundError } from './outbound.errors';
import { OutboundGuard } from './outbound.guard';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

describe('OutboundHttpClient over real HTTP', () => {
  let server: Server;
  let port: number;
  let handler: Handler;
  const seen: Array<{ method?: string; url?: string; host?: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, host: req.headers.host });
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    seen.length = 0;
    handler = (_req, res) => res.end('ok');
  });

  const allowingClient = (options: { timeoutMs?: number; retries?: number } = {}) =>
    new OutboundHttpClient({
      guard: new OutboundGuard({ allowlist: [`127.0.0.1:${port}`] }),
      retryDelayMs: 5,
      ...options,
    });

  it('never connects to a loopback address that is not allowlisted', async () => {
    const client = new OutboundHttpClient();
    await expect(client.request({ url: `http://127.0.0.1:${port}/` })).rejects.toMatchObject({
      kind: 'blocked_address',
    });
    await expect(client.request({ url: `http://localhost:${port}/` })).rejects.toMatchObject({
      kind: 'blocked_address',
    });
    expect(seen).toHaveLength(0);
  });

  it('connects to the vetted address while keeping the host name in the request', async () => {
    const client = new OutboundHttpClient({
      guard: new OutboundGuard({
        allowlist: [`repos.sandbox.test:${port}`],
        resolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
      }),
    });
    const response = await client.request({ url: `http://repos.sandbox.test:${port}/hello` });
    expect(response.status).toBe(200);
    expect(seen[0]).toMatchObject({ url: '/hello', host: `repos.sandbox.test:${port}` });
  });

  it('retries a GET after a 503 and returns the later answer', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      res.statusCode = calls === 1 ? 503 : 200;
      res.end(calls === 1 ? 'busy' : '{"ok":true}');
    };
    const response = await allowingClient({ retries: 2 }).request({ url: `http://127.0.0.1:${port}/x` });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('does not retry a POST', async () => {
    handler = (_req, res) => {
      res.statusCode = 503;
      res.end();
    };
    const response = await allowingClient({ retries: 3 }).request({
      method: 'POST',
      url: `http://127.0.0.1:${port}/x`,
      body: '{}',
    });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('gives up after the timeout on every attempt and reports a timeout', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    const error = await allowingClient({ timeoutMs: 150, retries: 1 })
      .request({ url: `http://127.0.0.1:${port}/slow` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe('timeout');
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a closed port as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new OutboundHttpClient({
      guard: new OutboundGuard({ allowlist: [`127.0.0.1:${closedPort}`] }),
      retries: 0,
    });
    await expect(client.request({ url: `http://127.0.0.1:${closedPort}/` })).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });

  it('refuses bodies larger than the limit', async () => {
    handler = (_req, res) => res.end(Buffer.alloc(64 * 1024));
    await expect(
      allowingClient().request({ url: `http://127.0.0.1:${port}/big`, maxResponseBytes: 1024 }),
    ).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('does not follow redirects', async () => {
    handler = (_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/');
      res.end();
    };
    const response = await allowingClient().request({ url: `http://127.0.0.1:${port}/r` });
    expect(response.status).toBe(302);
    expect(seen).toHaveLength(1);
  });
});

describe('rate limit headers', () => {
  const now = new Date('2025-01-01T00:00:00Z');
  const inAnHour = String(now.getTime() / 1000 + 3600);
  const json = (body: unknown) => () => body;

  it('reads retry-after seconds and x-ratelimit-reset epochs', () => {
    expect(retryAfterSeconds({ 'retry-after': '30' }, now)).toBe(30);
    expect(retryAfterSeconds({ 'x-ratelimit-reset': String(now.getTime() / 1000 + 90) }, now)).toBe(90);
    expect(retryAfterSeconds({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inAnHour }, now)).toBe(
      3600,
    );
    expect(retryAfterSeconds({}, now)).toBeUndefined();
  });

  it("does not make a secondary limit's caller wait for the end of the hour's quota window", () => {
    expect(
      retryAfterSeconds({ 'x-ratelimit-remaining': '4990', 'x-ratelimit-reset': inAnHour }, now),
    ).toBeUndefined();
    expect(
      retryAfterSeconds(
        { 'retry-after': '60', 'x-ratelimit-remaining': '4990', 'x-ratelimit-reset': inAnHour },
        now,
      ),
    ).toBe(60);
  });

  it('recognises 429 and 403 with no remaining quota', () => {
    expect(isRateLimited({ status: 429, headers: {} })).toBe(true);
    expect(isRateLimited({ status: 403, headers: { 'x-ratelimit-remaining': '0' } })).toBe(true);
    expect(isRateLimited({ status: 403, headers: {} })).toBe(false);
  });

  it('recognises a secondary limit: 403 with retry-after, or a message about a rate limit, with quota left', () => {
    const quotaLeft = { 'x-ratelimit-remaining': '4990', 'x-ratelimit-reset': inAnHour };
    expect(isRateLimited({ status: 403, headers: { ...quotaLeft, 'retry-after': '60' } })).toBe(true);
    expect(
      isRateLimited({
        status: 403,
        headers: quotaLeft,
        json: json({ message: 'You have exceeded a secondary rate limit. Please wait a few minutes.' }),
      }),
    ).toBe(true);
    expect(
      isRateLimited({
        status: 403,
        headers: quotaLeft,
        json: json({ message: 'Resource not accessible by integration' }),
      }),
    ).toBe(false);
    expect(isRateLimited({ status: 403, headers: quotaLeft, json: json(undefined) })).toBe(false);
  });
});
