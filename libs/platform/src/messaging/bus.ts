import type { ClientProxy, CustomTransportStrategy } from '@nestjs/microservices';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient, InProcessServer } from './in-process.transport';
import { PrefixedClientNats, PrefixedServerNats } from './nats.transport';

/** Which bus a process is on. Nothing below the messaging layer looks at this. */
export type BusConfig =
  | { kind: 'nats'; url: string; prefix: string; timeoutMs: number }
  | { kind: 'in-process'; broker: InProcessBroker; prefix: string; timeoutMs: number };

export function busConfigFrom(
  env: { NATS_URL?: string; BUS_SUBJECT_PREFIX: string; BUS_TIMEOUT_MS: number },
  broker?: InProcessBroker,
): BusConfig {
  if (env.NATS_URL) {
    return { kind: 'nats', url: env.NATS_URL, prefix: env.BUS_SUBJECT_PREFIX, timeoutMs: env.BUS_TIMEOUT_MS };
  }
  return {
    kind: 'in-process',
    broker: broker ?? processBroker(),
    prefix: env.BUS_SUBJECT_PREFIX,
    timeoutMs: env.BUS_TIMEOUT_MS,
  };
}

let sharedBroker: InProcessBroker | undefined;

/** The broker every in-process service of this process shares. */
export function processBroker(): InProcessBroker {
  sharedBroker ??= new InProcessBroker();
  return sharedBroker;
}

/** The server side for a service: requests are shared among replicas through a queue group. */
export function createServerStrategy(bus: BusConfig, service: string): CustomTransportStrategy {
  if (bus.kind === 'in-process') return new InProcessServer(bus.broker, service, bus.prefix);
  return new PrefixedServerNats(
    { servers: bus.url, queue: service, name: service, gracefulShutdown: true, gracePeriod: 2000 },
    bus.prefix,
  );
}

export function createClientProxy(bus: BusConfig, name: string): ClientProxy {
  if (bus.kind === 'in-process') return new InProcessClient(bus.broker, bus.prefix);
  const client = new PrefixedClientNats(
    { servers: bus.url, name: `${name}-client`, maxReconnectAttempts: -1 },
    bus.prefix,
  );
  return client as unknown as ClientProxy;
}
