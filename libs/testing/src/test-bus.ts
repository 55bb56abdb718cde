import { type BusConfig, InProcessBroker } from '@pc/platform';
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
