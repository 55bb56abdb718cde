import { randomUUID } from 'node:crypto';
import { type BusConfig, InProcessBroker, NATS_APPS, natsConnection } from '@pc/platform';
import { JSONCodec, type NatsConnection } from 'nats';
import { testEnv, uniqueBusPrefix } from './test-database';

export type BusKind = 'nats' | 'in-process';

/**
 * The buses a feature's end-to-end file runs over: NATS, the wire of every distributed deployment.
 * The in-process bus is the same `BusClient` contract on another transport; it is proved where the
 * transport matters and not the feature: the bus's integration tests on both transports, the HTTP edge
 * and reply-size files over both, the contract sweep and the README walk-throughs (`npm start`, the
 * embedded mode) over the in-process bus. Running every feature over both doubled the end-to-end tier
 * for no rule the other run could break.
 */
export const E2E_BUSES: readonly BusKind[] = ['nats'];

/**
 * A bus of its own for one test file: the run's NATS under a unique subject prefix (stopping quickly),
 * or a fresh in-process broker.
 */
export function testBus(kind: BusKind, timeoutMs = 5000): BusConfig {
  return kind === 'nats'
    ? { kind: 'nats', url: testEnv().natsUrl, prefix: uniqueBusPrefix(), timeoutMs, shutdownGraceMs: 100 }
    : { kind: 'in-process', broker: new InProcessBroker(), prefix: '', timeoutMs };
}

/**
 * The subjects a wiretap of one system listens on: its own (`<prefix>>`) and every app's reply inbox
 * (`_INBOX_<app>.>`). Never every subject (`>`): an interest in all would keep other files' requests to a
 * subject nobody serves from their prompt "no responders" (they would wait out their time-out instead).
 */
export function systemSubjects(prefix: string): string[] {
  const inboxes = Object.keys(NATS_APPS).map(
    (app) => `${natsConnection('nats://127.0.0.1', app).inboxPrefix}.>`,
  );
  return [`${prefix}>`, ...inboxes];
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A request sent by hand over NATS, framed as Nest's NATS client frames one (as a broken or foreign app
 * would send it): the reply's payload as `err` when it carries the Pc-Error header, else as `response`.
 */
export async function sendRaw(
  nc: NatsConnection,
  bus: { prefix: string },
  pattern: string,
  message: unknown,
): Promise<Json> {
  const subject = `${bus.prefix}${pattern}`;
  const reply = await nc.request(
    subject,
    codec.encode({ pattern: subject, data: message, id: randomUUID() }),
    {
      timeout: 5000,
    },
  );
  return reply.headers?.get('Pc-Error')
    ? { err: codec.decode(reply.data) }
    : { response: codec.decode(reply.data) };
}

const codec = JSONCodec<Json>();
