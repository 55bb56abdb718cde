import type { BusConfig } from '../messaging/bus';
import type { InProcessBroker } from '../messaging/in-process-broker';
import { InProcessWorkQueue } from './in-process-work-queue';
import { JetStreamWorkQueue } from './jetstream-work-queue';
import type { WorkQueue, WorkQueueDefinition } from './work-queue';

const inProcessQueues = new WeakMap<InProcessBroker, Map<string, InProcessWorkQueue<unknown>>>();

/**
 * The work queue `definition.name` on the process's bus: JetStream over NATS (each app connects with its
 * own credentials), or, in-process, one in-memory queue per broker shared by every app of the process
 * (the service that enqueues and the workers that drain it in embedded mode).
 */
export async function openWorkQueue<T>(
  bus: BusConfig,
  app: string,
  definition: WorkQueueDefinition,
): Promise<WorkQueue<T>> {
  if (bus.kind === 'nats') {
    return JetStreamWorkQueue.open<T>({ url: bus.url, prefix: bus.prefix, app }, definition);
  }
  let queues = inProcessQueues.get(bus.broker);
  if (!queues) {
    queues = new Map();
    inProcessQueues.set(bus.broker, queues);
  }
  let queue = queues.get(definition.name);
  if (!queue) {
    queue = new InProcessWorkQueue<unknown>(definition);
    queues.set(definition.name, queue);
  }
  return queue as unknown as WorkQueue<T>;
}
