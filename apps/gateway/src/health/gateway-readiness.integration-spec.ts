import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CatalogRpc, IdentityRpc } from '@pc/contracts';
import {
  BusClient,
  MessagingModule,
  READINESS_CHECKS,
  type ReadinessCheck,
  type RunningService,
  startService,
} from '@pc/platform';
import { testBus } from '@pc/testing';
import { GatewayReadiness } from './gateway-readiness';

/** A service's database check as it fails on a database that refuses connections. */
function databaseModule(failure?: string) {
  const check: ReadinessCheck = {
    name: 'database',
    check: () => (failure ? Promise.reject(new Error(failure)) : Promise.resolve()),
  };
  @Module({
    providers: [{ provide: READINESS_CHECKS.database, useValue: check }],
    exports: [READINESS_CHECKS.database],
  })
  class TestDatabaseModule {}
  return { module: TestDatabaseModule, global: true };
}

const REFUSED = 'connect ECONNREFUSED 127.0.0.1:15432';

/**
 * The gateway's /health/ready is public and unauthenticated: a service whose database is down is named
 * with fixed words, never its error (which showed the database's internal address, or with a failed
 * login its user); the reason is logged once each time it changes, not at every probe.
 */
describe('the gateway readiness of the services', () => {
  const bus = testBus('nats');
  const services: RunningService[] = [];
  let client: INestApplicationContext;
  let readiness: GatewayReadiness;

  beforeAll(async () => {
    services.push(
      await startService({ name: 'identity', ping: IdentityRpc.ping, module: databaseModule(REFUSED) }, bus),
      await startService({ name: 'catalog', ping: CatalogRpc.ping, module: databaseModule() }, bus),
    );
    client = await NestFactory.createApplicationContext(MessagingModule.forRoot(bus, 'gateway'), {
      logger: false,
    });
    readiness = new GatewayReadiness(client.get(BusClient));
  });
  afterAll(async () => {
    await client?.close();
    for (const service of services) await service.close();
  });

  it('says only "database unavailable" of a service whose database is down, and logs why once', async () => {
    const warn = jest.spyOn(readiness.log, 'warn');
    const first = await readiness.check();
    const second = await readiness.check();

    for (const verdicts of [first, second]) {
      expect(verdicts).toMatchObject({ bus: 'ok', identity: 'database unavailable', catalog: 'ok' });
      // Services not started here do not answer: the verdict is fixed words, not the bus's error.
      expect(verdicts.rulesets).toBe('no answer');
      expect(JSON.stringify(verdicts)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|15432/);
    }
    const identityWarnings = warn.mock.calls.filter(
      ([fields]) => (fields as { dependency?: string }).dependency === 'identity',
    );
    expect(identityWarnings).toHaveLength(1);
    expect(JSON.stringify(identityWarnings[0][0])).toContain(REFUSED);
  });
});
