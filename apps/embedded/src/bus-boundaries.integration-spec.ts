import {
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsRpc,
  IdentityRpc,
  RulesetsRpc,
  type RpcDescriptor,
  WorkspacesRpc,
} from '@pc/contracts';
import type { BusConfig } from '@pc/platform';
import { createTestDatabase, sendRaw, type TestDatabase, testBus } from '@pc/testing';
import { connect, type NatsConnection } from 'nats';
import { type RunningSystem, startSystem } from './system';

/**
 * Any app on the bus can send any service a message: one that does not match its contract (the
 * envelope, or the descriptor's data schema) is refused where it enters the service, with the typed
 * error BUS.MESSAGE_INVALID, before a handler runs: no crash, no write. Sent straight over NATS, as a
 * broken or foreign app would, to every service (the services alone, no gateway: what this proves is
 * each service's own boundary; the check itself is libs/platform's @Handles, tested in depth in
 * libs/platform/src/messaging/handles.integration-spec.ts).
 */
describe('malformed bus messages, sent straight to each service over NATS', () => {
  let db: TestDatabase;
  let bus: BusConfig & { kind: 'nats' };
  let system: RunningSystem;
  let nc: NatsConnection;
  beforeAll(async () => {
    db = await createTestDatabase();
    bus = testBus('nats') as BusConfig & { kind: 'nats' };
    system = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      servicesOnly: true,
      deploymentWorkers: 0,
    });
    nc = await connect({ servers: bus.url });
  });

  afterAll(async () => {
    await nc?.close();
    await system?.close();
    await db?.drop();
  });

  /** A request as Nest's NATS client frames it, sent by hand; `err` is what the service's filter sent. */
  const send = (descriptor: RpcDescriptor<unknown, unknown>, message: unknown) =>
    sendRaw(nc, bus, descriptor.pattern, message);

  const services: Array<[string, RpcDescriptor<unknown, unknown>]> = [
    ['identity', IdentityRpc.ping],
    ['catalog', CatalogRpc.ping],
    ['rulesets', RulesetsRpc.ping],
    ['connections', ConnectionsRpc.ping],
    ['workspaces', WorkspacesRpc.ping],
    ['deployments', DeploymentsRpc.ping],
  ];

  it.each(services)(
    '%s answers BUS.MESSAGE_INVALID to a malformed envelope, and keeps answering',
    async (_name, ping) => {
      for (const message of [
        { ctx: { requestId: 7, caller: { kind: 'root' } }, data: {} },
        { data: {} },
        'not an envelope',
        null,
      ]) {
        const reply = await send(ping, message);
        expect(reply.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
        expect(reply.err.details.length).toBeGreaterThan(0);
      }
      const healthy = await send(ping, { ctx: { requestId: 'r', caller: { kind: 'anonymous' } }, data: {} });
      expect(healthy.err).toBeUndefined();
      expect(healthy.response).toMatchObject({ ok: true });
    },
  );
});
