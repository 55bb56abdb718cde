import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Controller, type DynamicModule, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ANONYMOUS, type Envelope, type PingResult, type RequestContext, rpc } from '@pc/contracts';
import { portAnswers, testEnv, uniqueBusPrefix, waitFor } from '@pc/testing';
import { type RunningService, startService } from '../bootstrap/service';
import type { RemoteError } from '../errors/domain-error';
import { freePort } from '../database/embedded-postgres';
import { type BusConfig, createClientProxy } from './bus';
import { BusClient } from './bus-client';
import { InProcessBroker, MAX_PAYLOAD_BYTES } from './in-process-broker';
import { inParts, REPLY_MAX_PARTS, replyParts } from './reply-parts';

// Under `rulesets.` so that the shipped NATS permissions let the rulesets user answer them; the document
// on the subject of a ruleset's docs, a request the gateway user may send (it may send the services'
// contract requests only).
const Test = {
  ping: rpc<Record<string, never>, PingResult>('rulesets.test-parts.ping.v1'),
  document: rpc<{ bytes: number }, { content: string }>('rulesets.docs.get.v1'),
  whole: rpc<{ bytes: number }, { content: string }>('rulesets.test-parts.whole.v1'),
};

/** A text of `bytes` UTF-8 bytes or a few more, with characters JSON escapes and wide ones. */
function textOf(bytes: number): string {
  const line = 'naïve ✓ "quoted" \\ tab\there\n';
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line)));
}

function testService(): DynamicModule {
  @Controller()
  class TestHandler {
    /** Sent in parts when larger than one bus message. */
    @MessagePattern(Test.document.pattern)
    document(@Payload() { data }: Envelope<{ bytes: number }>) {
      return inParts({ content: textOf(data.bytes) });
    }

    /** The same answer, not marked: refused past the limit as before. */
    @MessagePattern(Test.whole.pattern)
    whole(@Payload() { data }: Envelope<{ bytes: number }>) {
      return { content: textOf(data.bytes) };
    }
  }

  @Module({ controllers: [TestHandler] })
  class TestModule {}

  return { module: TestModule };
}

const ctx = (requestId: string): RequestContext => ({ requestId, caller: ANONYMOUS });
const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/** Starts the test service on `bus` and a client of it; both closed by the returned function. */
async function serviceAndClient(
  service: BusConfig,
  client: BusConfig,
): Promise<{ bus: BusClient; close: () => Promise<void> }> {
  const running: RunningService = await startService(
    { name: 'rulesets', ping: Test.ping, module: testService() },
    service,
  );
  const proxy = createClientProxy(client, 'gateway');
  await proxy.connect();
  const bus = new BusClient(proxy, client);
  return {
    bus,
    close: async () => {
      await bus.onApplicationShutdown();
      await running.close();
    },
  };
}

describe.each(['nats', 'in-process'] as const)('replies in parts on the %s bus', (kind) => {
  let h: { bus: BusClient; close: () => Promise<void> };

  beforeAll(async () => {
    const bus: BusConfig =
      kind === 'nats'
        ? { kind, url: testEnv().natsUrl, prefix: uniqueBusPrefix(), timeoutMs: 10_000, shutdownGraceMs: 100 }
        : { kind, broker: new InProcessBroker(), prefix: '', timeoutMs: 10_000 };
    h = await serviceAndClient(bus, bus);
  });
  afterAll(() => h.close());

  it('puts a 3 MiB answer given as inParts together whole, read and forwarded alike', async () => {
    const bytes = 3 * 1024 * 1024;
    const expected = textOf(bytes);
    const { content } = await h.bus.request(Test.document, ctx('d1'), { bytes });
    expect([Buffer.byteLength(content), sha256(content)]).toEqual([
      Buffer.byteLength(expected),
      sha256(expected),
    ]);
    const forwarded = await h.bus.forward(Test.document, ctx('d2'), { bytes });
    expect(sha256(forwarded.body())).toBe(sha256(JSON.stringify({ content: expected })));
    // A small one is an ordinary reply.
    expect((await h.bus.request(Test.document, ctx('d3'), { bytes: 10 })).content).toBe(textOf(10));
  });

  it('still refuses an answer over the limit its route did not mark (422), and one of more parts than allowed', async () => {
    const error = (await h.bus
      .request(Test.whole, ctx('w1'), { bytes: 2 * MAX_PAYLOAD_BYTES })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('UNPROCESSABLE');
    expect(replyParts(new Uint8Array(REPLY_MAX_PARTS * 10), 10)).toHaveLength(REPLY_MAX_PARTS);
    expect(replyParts(new Uint8Array(REPLY_MAX_PARTS * 10 + 1), 10)).toBeNull();
  });
});

/**
 * The shipped permissions (deploy/nats/nats.conf) let a service answer one request with every part: NATS
 * lets a user answer a request once unless `allow_responses` says more.
 */
describe('replies in parts under the shipped NATS permissions', () => {
  let server: ChildProcess;
  let h: { bus: BusClient; close: () => Promise<void> };

  beforeAll(async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-reply-parts-'));
    const shipped = path.join(__dirname, '..', '..', '..', '..', 'deploy', 'nats', 'nats.conf');
    const conf = readFileSync(shipped, 'utf8')
      .replace(/^port: 4222$/m, `port: ${port}\nhost: 127.0.0.1`)
      .replace('store_dir: /data', `store_dir: ${path.join(dir, 'js')}`);
    writeFileSync(path.join(dir, 'nats.conf'), conf);
    const passwords = Object.fromEntries(
      [...conf.matchAll(/password: \$(\w+)/g)].map(([, variable]) => [variable, 'secret']),
    );
    server = spawn('nats-server', ['-c', path.join(dir, 'nats.conf')], {
      stdio: 'ignore',
      env: { ...process.env, ...passwords },
    });
    await waitFor(() => portAnswers(port), 10_000, `nats-server on ${port}`);
    const as = (app: string): BusConfig => ({
      kind: 'nats',
      url: `nats://${app}:secret@127.0.0.1:${port}`,
      prefix: '',
      timeoutMs: 5000,
      shutdownGraceMs: 100,
    });
    h = await serviceAndClient(as('rulesets'), as('gateway'));
  });
  afterAll(async () => {
    await h?.close();
    server?.kill('SIGTERM');
  });

  it('carries a 3 MiB answer from the rulesets user to the gateway user whole', async () => {
    const bytes = 3 * 1024 * 1024;
    const { content } = await h.bus.request(Test.document, ctx('p1'), { bytes });
    expect(sha256(content)).toBe(sha256(textOf(bytes)));
  });
});
