import { type BusConfig, InProcessBroker } from '@pc/platform';
import { testEnv, uniqueBusPrefix } from './test-database';

export type BusKind = 'nats' | 'in-process';

/**
 * A bus of its own for one test file: the run's NATS under a unique subject prefix (stopping quickly),
 * or a fresh in-process broker.
 */
export function testBus(kind: BusKind, timeoutMs = 5000): BusConfig {
  return kind === 'nats'
    ? { kind: 'nats', url: testEnv().natsUrl, prefix: uniqueBusPrefix(), timeoutMs, shutdownGraceMs: 100 }
    : { kind: 'in-process', broker: new InProcessBroker(), prefix: '', timeoutMs };
}
