import type { ClientProxy, CustomTransportStrategy } from '@nestjs/microservices';
import { connect, type NatsConnection } from 'nats';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../config/env';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient, InProcessServer } from './in-process.transport';
import { PrefixedClientNats, PrefixedServerNats } from './nats.transport';

/** Which bus a process is on. Nothing below the messaging layer looks at this. */
export type BusConfig =
  | {
      kind: 'nats';
      url: string;
      prefix: string;
      timeoutMs: number;
      /**
       * How long a stopping service waits for the requests under way to be answered before it answers
       * those still running SERVICE_UNAVAILABLE (default `DEFAULT_SHUTDOWN_GRACE_MS`); it stops as soon as
       * they are answered.
       */
      shutdownGraceMs?: number;
    }
  | {
      kind: 'in-process';
      broker: InProcessBroker;
      prefix: string;
      timeoutMs: number;
      /** As NATS's: how long a stopping service waits for the requests under way (InProcessServer). */
      shutdownGraceMs?: number;
    };

export function busConfigFrom(
  env: {
    NATS_URL?: string;
    BUS_SUBJECT_PREFIX: string;
    BUS_TIMEOUT_MS: number;
    BUS_SHUTDOWN_GRACE_MS?: number;
  },
  broker?: InProcessBroker,
): BusConfig {
  if (env.NATS_URL) {
    return {
      kind: 'nats',
      url: env.NATS_URL,
      prefix: env.BUS_SUBJECT_PREFIX,
      timeoutMs: env.BUS_TIMEOUT_MS,
      shutdownGraceMs: env.BUS_SHUTDOWN_GRACE_MS,
    };
  }
  return {
    kind: 'in-process',
    broker: broker ?? processBroker(),
    prefix: env.BUS_SUBJECT_PREFIX,
    timeoutMs: env.BUS_TIMEOUT_MS,
    shutdownGraceMs: env.BUS_SHUTDOWN_GRACE_MS,
  };
}

let sharedBroker: InProcessBroker | undefined;

/** The broker every in-process service of this process shares. */
export function processBroker(): InProcessBroker {
  sharedBroker ??= new InProcessBroker();
  return sharedBroker;
}

/**
 * The server side for a service: requests are shared among replicas through a queue group. Stopping, it
 * hands new requests to the other replicas and answers those under way (PrefixedServerNats and
 * InProcessServer alike).
 */
export function createServerStrategy(bus: BusConfig, service: string): CustomTransportStrategy {
  if (bus.kind === 'in-process')
    return new InProcessServer(
      bus.broker,
      service,
      bus.prefix,
      bus.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    );
  return new PrefixedServerNats(
    {
      ...natsConnection(bus.url, service),
      queue: service,
      name: service,
      // Keep reconnecting for as long as NATS is away (the client's default gives up after ten tries).
      maxReconnectAttempts: -1,
    },
    bus.prefix,
    bus.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
  );
}

/**
 * A connection of the app's own for one use (`<app>-events`, `<app>-budgets`), reconnecting forever,
 * with what `prepare` sets up on it (a JetStream manager, a KV bucket); closed again when that fails.
 */
export async function openNatsConnection<T>(
  options: { url: string; app: string },
  use: string,
  prepare: (nc: NatsConnection) => Promise<T>,
): Promise<T> {
  const nc = await connect({
    ...natsConnection(options.url, options.app),
    name: `${options.app}-${use}`,
    maxReconnectAttempts: -1,
  });
  try {
    return await prepare(nc);
  } catch (error) {
    await nc.close();
    throw error;
  }
}

/**
 * Server addresses without credentials, and the credentials of `nats://user:password@host` as the
 * client's user and password (the NATS client does not read them from the URL). Each app's replies
 * come back under an inbox prefix of its own, so a NATS account may let it subscribe to its replies
 * and nobody else's.
 */
export function natsConnection(
  url: string,
  name: string,
): { servers: string[]; user?: string; pass?: string; inboxPrefix: string; noAsyncTraces: boolean } {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = url.split(',').map((entry) => {
    const parsed = new URL(entry.trim());
    if (parsed.username) {
      user = decodeURIComponent(parsed.username);
      pass = decodeURIComponent(parsed.password);
      parsed.username = '';
      parsed.password = '';
    }
    return parsed.toString().replace(/\/$/, '');
  });
  return {
    servers,
    ...(user ? { user, pass } : {}),
    inboxPrefix: `_INBOX_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`,
    // The client would otherwise capture a stack trace (an Error) at every request to decorate a
    // time-out with where it was asked: measurable per request, and `toRemoteError` logs the pattern.
    noAsyncTraces: true,
  };
}

export function createClientProxy(bus: BusConfig, name: string): ClientProxy {
  if (bus.kind === 'in-process') return new InProcessClient(bus.broker, bus.prefix);
  const client = new PrefixedClientNats(
    { ...natsConnection(bus.url, name), name: `${name}-client`, maxReconnectAttempts: -1 },
    bus.prefix,
  );
  return client as unknown as ClientProxy;
}
